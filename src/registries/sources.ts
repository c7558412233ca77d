/**
 * Where each registry answers, and one read from each, turned into an observation for the core:
 * npm packuments and download counts, PyPI's JSON API, and the official MCP Registry (`/v0.1`).
 */
import type { Observation, Observations } from '../core/registry/apply-sync.ts';
import {
  type McpServerEntry,
  type McpServerPage,
  readServerList,
  readServerResponse,
} from '../core/registry/mcp-registry-entry.ts';
import { type NpmPackument, readPackument } from '../core/registry/npm-packument.ts';
import { type PypiLatest, readPypiProject } from '../core/registry/pypi-project.ts';
import type { SourceState } from '../core/registry/registry-record.ts';
import type { Result } from '../core/validation/issue.ts';
import type { Answer, PoliteClient } from './polite-client.ts';

export interface Endpoints {
  npm: string;
  npmDownloads: string;
  pypi: string;
  mcpRegistry: string;
}

export const DEFAULT_ENDPOINTS: Endpoints = {
  npm: 'https://registry.npmjs.org',
  npmDownloads: 'https://api.npmjs.org',
  pypi: 'https://pypi.org',
  mcpRegistry: 'https://registry.modelcontextprotocol.io',
};

/** Environment overrides, for a mirror or a private registry. */
export function endpointsFrom(env: Record<string, string | undefined>): Endpoints {
  const trim = (value: string) => value.replace(/\/+$/, '');
  return {
    npm: trim(env.AFSCORE_NPM_REGISTRY ?? DEFAULT_ENDPOINTS.npm),
    npmDownloads: trim(env.AFSCORE_NPM_DOWNLOADS_URL ?? DEFAULT_ENDPOINTS.npmDownloads),
    pypi: trim(env.AFSCORE_PYPI_URL ?? DEFAULT_ENDPOINTS.pypi),
    mcpRegistry: trim(env.AFSCORE_MCP_REGISTRY_URL ?? DEFAULT_ENDPOINTS.mcpRegistry),
  };
}

/** npm's own clients send a scoped name with its slash encoded: `@scope%2fname`. */
export const packumentUrl = (endpoints: Endpoints, name: string) =>
  `${endpoints.npm}/${name.replace('/', '%2f')}`;
export const downloadsUrl = (endpoints: Endpoints, name: string) =>
  `${endpoints.npmDownloads}/downloads/point/last-month/${name}`;
export const pypiUrl = (endpoints: Endpoints, name: string) =>
  `${endpoints.pypi}/pypi/${encodeURIComponent(name)}/json`;
export const mcpServerUrl = (endpoints: Endpoints, name: string) =>
  `${endpoints.mcpRegistry}/v0.1/servers/${encodeURIComponent(name)}/versions/latest`;

export function mcpListUrl(
  endpoints: Endpoints,
  query: { cursor?: string | null; updatedSince?: string | null; limit: number },
): string {
  const url = new URL(`${endpoints.mcpRegistry}/v0.1/servers`);
  url.searchParams.set('limit', String(query.limit));
  if (query.updatedSince) url.searchParams.set('updated_since', query.updatedSince);
  else url.searchParams.set('version', 'latest');
  if (query.cursor) url.searchParams.set('cursor', query.cursor);
  return url.href;
}

function observe<F>(answer: Answer, parse: (body: unknown) => Result<F>): Observation<F> {
  if (answer.kind === 'not-found') return { outcome: 'not-found' };
  if (answer.kind === 'error') return { outcome: 'error', message: answer.message };
  const validators = { etag: answer.etag, lastModified: answer.lastModified };
  if (answer.kind === 'not-modified') return { outcome: 'not-modified', validators };
  const parsed = parse(answer.body);
  if (!parsed.ok) {
    const first = parsed.issues[0]!;
    return {
      outcome: 'error',
      message: `unreadable answer: ${first.pointer || '(document)'} ${first.message}`,
    };
  }
  return { outcome: 'fresh', facts: parsed.value, validators };
}

/** Validators are only sent while the recorded facts are whole: a failed source starts afresh. */
function conditional(previous: SourceState | undefined) {
  if (previous?.status !== 'ok') return {};
  return { etag: previous.etag, lastModified: previous.last_modified };
}

export async function readNpm(
  client: PoliteClient,
  endpoints: Endpoints,
  name: string,
  previous: SourceState | undefined,
): Promise<Observation<NpmPackument>> {
  const answer = await client.getJson(packumentUrl(endpoints, name), conditional(previous));
  return observe(answer, (body) => readPackument(body, name));
}

export async function readPypi(
  client: PoliteClient,
  endpoints: Endpoints,
  name: string,
  previous: SourceState | undefined,
): Promise<Observation<PypiLatest>> {
  const answer = await client.getJson(pypiUrl(endpoints, name), conditional(previous));
  return observe(answer, (body) => readPypiProject(body, name));
}

export async function readMcpServer(
  client: PoliteClient,
  endpoints: Endpoints,
  name: string,
  previous: SourceState | undefined,
): Promise<Observation<McpServerEntry>> {
  const answer = await client.getJson(mcpServerUrl(endpoints, name), conditional(previous));
  return observe(answer, readServerResponse);
}

export async function readDownloads(
  client: PoliteClient,
  endpoints: Endpoints,
  name: string,
): Promise<NonNullable<Observations['downloads']>> {
  const answer = await client.getJson(downloadsUrl(endpoints, name));
  // npm keeps no counts for a name it does not know (an unpublished package, say): nothing to record.
  if (answer.kind === 'not-found') return { outcome: 'absent' };
  if (answer.kind !== 'ok') {
    return {
      outcome: 'error',
      message: answer.kind === 'error' ? answer.message : `no count (${answer.kind})`,
    };
  }
  const count = (answer.body as { downloads?: unknown }).downloads;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0
    ? { outcome: 'fresh', count }
    : { outcome: 'error', message: 'the answer has no downloads count' };
}

export async function readServerPage(
  client: PoliteClient,
  endpoints: Endpoints,
  query: { cursor?: string | null; updatedSince?: string | null; limit: number },
): Promise<Result<McpServerPage> | { ok: false; message: string }> {
  const answer = await client.getJson(mcpListUrl(endpoints, query));
  if (answer.kind !== 'ok') {
    return { ok: false, message: answer.kind === 'error' ? answer.message : `answered ${answer.kind}` };
  }
  return readServerList(answer.body);
}
