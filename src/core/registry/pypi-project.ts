/**
 * Reads PyPI's JSON API (`GET https://pypi.org/pypi/<project>/json`; format in pypi/warehouse
 * docs/api-reference/json.rst). `info` describes the latest release; `urls` are its files, whose
 * upload times say when it was published. A yanked latest release counts as deprecated. The MCP
 * Registry's ownership marker for PyPI (`mcp-name: <server>` in the README) gives the server name.
 */
import { fail, issue, ok, type Result } from '../validation/issue.ts';
import { httpsRepository, httpsUrl, plainText, spdxLicence, utcTime } from './normalize.ts';

export interface PypiLatest {
  name: string;
  version: string;
  publishedAt: string | null;
  deprecated: string | null;
  license: string | null;
  repository: string | null;
  homepage: string | null;
  mcpName: string | null;
  description: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const SOURCE_LABELS = /^(source|source code|repository|code|github|gitlab)$/i;
const HOME_LABELS = /^(homepage|home|documentation|docs)$/i;

function projectUrl(info: Json, labels: RegExp): unknown {
  const urls = isObject(info.project_urls) ? info.project_urls : {};
  return Object.entries(urls).find(([label]) => labels.test(label.trim()))?.[1];
}

function earliestUpload(files: unknown): string | null {
  if (!Array.isArray(files)) return null;
  const times = files
    .map((file) => (isObject(file) ? utcTime(file.upload_time_iso_8601) : null))
    .filter((time): time is string => time !== null)
    .sort();
  return times[0] ?? null;
}

function yanked(info: Json): string | null {
  if (info.yanked !== true) return null;
  return plainText(info.yanked_reason, 1000) ?? 'The latest release was yanked from PyPI.';
}

export function readPypiProject(body: unknown, requestedName: string): Result<PypiLatest> {
  if (!isObject(body) || !isObject(body.info)) {
    return fail([issue('/info', 'is missing', 'the PyPI JSON API answers { info, urls, releases }')]);
  }
  const info = body.info;
  if (typeof info.version !== 'string' || info.version === '') {
    return fail([issue('/info/version', 'is missing', 'a PyPI project with no release has nothing to sync')]);
  }
  const readme = typeof info.description === 'string' ? info.description : '';
  const homepage = httpsUrl(projectUrl(info, HOME_LABELS)) ?? httpsUrl(info.home_page);
  const repository =
    httpsRepository(projectUrl(info, SOURCE_LABELS)) ??
    (homepage && /github\.com|gitlab\.com/.test(homepage) ? httpsRepository(homepage) : null);
  return ok({
    name: typeof info.name === 'string' ? info.name : requestedName,
    version: info.version,
    publishedAt: earliestUpload(body.urls),
    deprecated: yanked(info),
    // PEP 639 metadata puts the SPDX expression in license_expression; older uploads in license.
    license: spdxLicence(info.license_expression) ?? spdxLicence(info.license),
    repository,
    homepage,
    mcpName: /mcp-name:\s*([A-Za-z0-9.-]+\/[A-Za-z0-9._-]+)/.exec(readme)?.[1] ?? null,
    description: plainText(info.summary, 1000),
  });
}
