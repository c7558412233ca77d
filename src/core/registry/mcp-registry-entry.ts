/**
 * Reads the official MCP Registry's API (OpenAPI: modelcontextprotocol/registry
 * docs/reference/api/openapi.yaml, `/v0.1`): a `ServerResponse` is `{ server: ServerDetail,
 * _meta: { "io.modelcontextprotocol.registry/official": { status, publishedAt, updatedAt,
 * isLatest, … } } }`, and `GET /v0.1/servers` answers `{ servers: ServerResponse[], metadata:
 * { nextCursor, count } }`. Publisher text is bounded here; it is hostile like any package text.
 */
import { fail, issue, ok, type Result } from '../validation/issue.ts';
import { httpsRepository, httpsUrl, plainText, utcTime } from './normalize.ts';
import type { McpPackageEntry, McpRemoteEntry, RegistryInput } from './registry-record.ts';

export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
export const SERVER_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

export interface McpServerEntry {
  name: string;
  title: string | null;
  description: string | null;
  version: string;
  /** `active`, `deprecated` or `deleted`; null when the registry says nothing. */
  status: string | null;
  statusMessage: string | null;
  isLatest: boolean;
  publishedAt: string | null;
  updatedAt: string | null;
  repository: string | null;
  repositorySubfolder: string | null;
  website: string | null;
  packages: McpPackageEntry[];
  remotes: McpRemoteEntry[];
}

export interface McpServerPage {
  servers: Result<McpServerEntry>[];
  nextCursor: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function inputs(raw: unknown): RegistryInput[] {
  return list(raw)
    .filter(isObject)
    .flatMap((input) => {
      const name = plainText(input.name, 200);
      if (name === null) return [];
      return [
        {
          name,
          description: plainText(input.description, 1000),
          is_required: input.isRequired === true,
          is_secret: input.isSecret === true,
        },
      ];
    })
    .slice(0, 100);
}

function packages(raw: unknown): McpPackageEntry[] {
  return list(raw)
    .filter(isObject)
    .flatMap((entry) => {
      const registryType = plainText(entry.registryType, 50);
      const identifier = plainText(entry.identifier, 500);
      if (registryType === null || identifier === null) return [];
      const transport = isObject(entry.transport) ? plainText(entry.transport.type, 50) : null;
      return [
        {
          registry_type: registryType,
          identifier,
          version: plainText(entry.version, 255),
          transport: transport ?? 'stdio',
          environment_variables: inputs(entry.environmentVariables),
        },
      ];
    })
    .slice(0, 50);
}

function remotes(raw: unknown): McpRemoteEntry[] {
  return list(raw)
    .filter(isObject)
    .flatMap((entry) => {
      const type = plainText(entry.type, 50);
      const url = plainText(entry.url, 500);
      if (type === null || url === null) return [];
      return [{ type, url, headers: inputs(entry.headers) }];
    })
    .slice(0, 50);
}

export function readServerResponse(body: unknown): Result<McpServerEntry> {
  if (!isObject(body) || !isObject(body.server)) {
    return fail([issue('/server', 'is missing', 'a ServerResponse is { server, _meta }')]);
  }
  const server = body.server;
  const name = typeof server.name === 'string' ? server.name : '';
  if (!SERVER_NAME_PATTERN.test(name) || name.length > 200) {
    return fail([issue('/server/name', `"${name.slice(0, 80)}" is not a reverse-DNS server name`)]);
  }
  if (typeof server.version !== 'string' || server.version === '') {
    return fail([issue('/server/version', 'is missing', 'ServerDetail requires a version')]);
  }
  const meta = isObject(body._meta) && isObject(body._meta[OFFICIAL_META]) ? body._meta[OFFICIAL_META] : {};
  const repository = isObject(server.repository) ? server.repository : {};
  return ok({
    name,
    title: plainText(server.title, 100),
    description: plainText(server.description, 1000),
    version: plainText(server.version, 255)!,
    status: plainText(meta.status, 50),
    statusMessage: plainText(meta.statusMessage, 500),
    // A registry that does not say is answering for one version: take it as the latest.
    isLatest: meta.isLatest !== false,
    publishedAt: utcTime(meta.publishedAt),
    updatedAt: utcTime(meta.updatedAt),
    repository: httpsRepository(repository.url),
    repositorySubfolder: plainText(repository.subfolder, 300),
    website: httpsUrl(server.websiteUrl),
    packages: packages(server.packages),
    remotes: remotes(server.remotes),
  });
}

export function readServerList(body: unknown): Result<McpServerPage> {
  if (!isObject(body) || !Array.isArray(body.servers)) {
    return fail([issue('/servers', 'is missing', 'GET /v0.1/servers answers { servers, metadata }')]);
  }
  const metadata = isObject(body.metadata) ? body.metadata : {};
  const cursor =
    typeof metadata.nextCursor === 'string' && metadata.nextCursor !== '' ? metadata.nextCursor : null;
  return ok({ servers: body.servers.map(readServerResponse), nextCursor: cursor });
}
