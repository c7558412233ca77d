/**
 * What the API and pages show of a package's registry record: where each fact came from, when it
 * was last checked, and what the MCP Registry says a client must configure. Every field is present,
 * null when unknown, so a client (or an ecosystem-scale worker) can rely on the shape.
 */
import type {
  ImportOrigin,
  McpRemoteEntry,
  RegistryInput,
  RegistryRecord,
  RegistrySource,
  SourceState,
  SourceStatus,
} from './registry-record.ts';
import { downloadsMonthly, mcpServerName, REGISTRY_SOURCES } from './registry-record.ts';

export interface RegistrySourceView {
  registry: RegistrySource;
  name: string;
  /** The registry's own page for the package, for people. */
  url: string;
  status: SourceStatus;
  latest_version: string | null;
  previous_version: string | null;
  published_at: string | null;
  deprecated: string | null;
  checked_at: string;
  changed_at: string;
  etag: string | null;
  last_error: string | null;
}

export interface RegistryView {
  last_synced_at: string | null;
  downloads_monthly: number | null;
  mcp_name: string | null;
  sources: RegistrySourceView[];
  /** Environment variables the MCP Registry lists for the server's packages, secrets marked. */
  environment_variables: RegistryInput[];
  remotes: McpRemoteEntry[];
  imported: ImportOrigin | null;
}

const PAGE_URL: Record<RegistrySource, (name: string) => string> = {
  npm: (name) => `https://www.npmjs.com/package/${name}`,
  pypi: (name) => `https://pypi.org/project/${encodeURIComponent(name)}/`,
  'mcp-registry': (name) =>
    `https://registry.modelcontextprotocol.io/v0.1/servers/${encodeURIComponent(name)}/versions/latest`,
};

function sourceView(registry: RegistrySource, state: SourceState): RegistrySourceView {
  return {
    registry,
    name: state.name,
    url: PAGE_URL[registry](state.name),
    status: state.status,
    latest_version: state.latest_version,
    previous_version: state.previous_version,
    published_at: state.published_at,
    deprecated: state.deprecated,
    checked_at: state.checked_at,
    changed_at: state.changed_at,
    etag: state.etag,
    last_error: state.last_error?.message ?? null,
  };
}

function environmentVariables(record: RegistryRecord | undefined): RegistryInput[] {
  const seen = new Map<string, RegistryInput>();
  for (const entry of record?.sources['mcp-registry']?.packages ?? []) {
    for (const variable of entry.environment_variables) {
      if (!seen.has(variable.name)) seen.set(variable.name, variable);
    }
  }
  return [...seen.values()];
}

export function registryView(record: RegistryRecord | undefined): RegistryView {
  return {
    last_synced_at: record?.synced_at ?? null,
    downloads_monthly: downloadsMonthly(record),
    mcp_name: mcpServerName(record),
    sources: REGISTRY_SOURCES.flatMap((registry) => {
      const state = record?.sources[registry];
      return state ? [sourceView(registry, state)] : [];
    }),
    environment_variables: environmentVariables(record),
    remotes: record?.sources['mcp-registry']?.remotes ?? [],
    imported: record?.imported ?? null,
  };
}
