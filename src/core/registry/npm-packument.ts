/**
 * Reads an npm packument (`GET https://registry.npmjs.org/<name>`, the full document; format in
 * npm/registry docs/responses/package-metadata.md). Only the latest version matters to the
 * catalogue: its number, publish time, deprecation, licence, repository and `mcpName`. A package
 * whose every version was unpublished keeps a stub: `time.unpublished` and no `versions`.
 */
import { fail, issue, ok, type Result } from '../validation/issue.ts';
import { httpsRepository, httpsUrl, plainText, spdxLicence, utcTime } from './normalize.ts';

export const MCP_SDK_PACKAGES = ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server'] as const;

export interface NpmLatest {
  status: 'ok';
  name: string;
  version: string;
  publishedAt: string | null;
  deprecated: string | null;
  license: string | null;
  repository: string | null;
  homepage: string | null;
  mcpName: string | null;
  description: string | null;
  keywords: string[];
  hasBin: boolean;
  /** Which MCP SDK package the latest version depends on (dev dependencies count: bundled servers). */
  sdkDependency: string | null;
}

export interface NpmUnpublished {
  status: 'unpublished';
  name: string;
  unpublishedAt: string | null;
}

export type NpmPackument = NpmLatest | NpmUnpublished;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function sdkDependency(manifest: Json): string | null {
  for (const field of ['dependencies', 'peerDependencies', 'devDependencies']) {
    const deps = manifest[field];
    if (!isObject(deps)) continue;
    const found = MCP_SDK_PACKAGES.find((name) => name in deps);
    if (found) return found;
  }
  return null;
}

function keywords(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((word): word is string => typeof word === 'string').slice(0, 50);
}

function hasBin(raw: unknown): boolean {
  return typeof raw === 'string' ? raw !== '' : isObject(raw) && Object.keys(raw).length > 0;
}

export function readPackument(body: unknown, requestedName: string): Result<NpmPackument> {
  if (!isObject(body))
    return fail([issue('', 'is not a JSON object', 'the registry answered something else')]);
  const name = typeof body.name === 'string' ? body.name : requestedName;
  const time = isObject(body.time) ? body.time : {};
  const versions = isObject(body.versions) ? body.versions : {};
  if (isObject(time.unpublished) && Object.keys(versions).length === 0) {
    return ok({ status: 'unpublished', name, unpublishedAt: utcTime(time.unpublished.time) });
  }
  const tags = isObject(body['dist-tags']) ? body['dist-tags'] : {};
  const latest = tags.latest;
  if (typeof latest !== 'string' || latest === '') {
    return fail([issue('/dist-tags/latest', 'is missing', 'every published npm package has a latest tag')]);
  }
  const manifest = isObject(versions[latest]) ? versions[latest] : {};
  // The full document hoists these from the latest version; a trimmed mirror may only have them there.
  const pick = (field: string) => manifest[field] ?? body[field];
  const deprecated = typeof manifest.deprecated === 'string' ? plainText(manifest.deprecated, 1000) : null;
  return ok({
    status: 'ok',
    name,
    version: latest,
    publishedAt: utcTime(time[latest]),
    deprecated,
    license: spdxLicence(pick('license')),
    repository: httpsRepository(pick('repository')),
    homepage: httpsUrl(pick('homepage')),
    mcpName: plainText(manifest.mcpName, 200),
    description: plainText(pick('description'), 1000),
    keywords: keywords(pick('keywords')),
    hasBin: hasBin(manifest.bin),
    sdkDependency: sdkDependency(manifest),
  });
}
