/**
 * `data/registry/<id>.json`: what `afscore sync` and `afscore import` learned about a package from
 * the registries behind it, kept beside the hand-written package file. It holds the facts the
 * catalogue shows (latest version, publish time, deprecation, downloads, the MCP Registry entry),
 * the HTTP validators that make the next sync a cheap conditional request, and the values sync last
 * wrote into the package file, so that a maintainer's own edit is never overwritten.
 */

export const REGISTRY_SOURCES = ['npm', 'pypi', 'mcp-registry'] as const;
export type RegistrySource = (typeof REGISTRY_SOURCES)[number];

/** `ok`: found; `not-found`: 404 (never existed or deleted); `unpublished`: npm says so; `deleted`: the MCP Registry says so. */
export const SOURCE_STATUSES = ['ok', 'not-found', 'unpublished', 'deleted'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

export interface SourceError {
  at: string;
  message: string;
}

/** What every source records. Times are RFC 3339 UTC. */
export interface SourceState {
  /** The name in that registry: npm or PyPI package, MCP Registry server name. */
  name: string;
  status: SourceStatus;
  /** Last successful answer (a 304 counts: the facts were confirmed). */
  checked_at: string;
  /** When the facts below last changed, as sync saw it. */
  changed_at: string;
  /** Validators for the next conditional request. */
  etag: string | null;
  last_modified: string | null;
  latest_version: string | null;
  /** The version before `latest_version`, when sync saw it change. */
  previous_version: string | null;
  /** When `latest_version` was published, per the registry. */
  published_at: string | null;
  /** Deprecation (npm), yank (PyPI) or status message (MCP Registry); null when not deprecated. */
  deprecated: string | null;
  /** The last failed attempt since the last success; null once a request succeeds again. */
  last_error: SourceError | null;
}

export interface NpmState extends SourceState {
  license: string | null;
  repository: string | null;
  homepage: string | null;
  /** `mcpName` of the latest version: its MCP Registry server name. */
  mcp_name: string | null;
  downloads_monthly: number | null;
  downloads_checked_at: string | null;
}

export interface PypiState extends SourceState {
  license: string | null;
  repository: string | null;
  homepage: string | null;
}

export interface RegistryInput {
  name: string;
  description: string | null;
  is_required: boolean;
  is_secret: boolean;
}

export interface McpPackageEntry {
  registry_type: string;
  identifier: string;
  version: string | null;
  transport: string;
  environment_variables: RegistryInput[];
}

export interface McpRemoteEntry {
  type: string;
  url: string;
  headers: RegistryInput[];
}

export interface McpRegistryState extends SourceState {
  /** `active`, `deprecated` or `deleted`, as the registry publishes it. */
  registry_status: string | null;
  title: string | null;
  description: string | null;
  repository: string | null;
  website: string | null;
  packages: McpPackageEntry[];
  remotes: McpRemoteEntry[];
}

export interface RegistrySources {
  npm?: NpmState;
  pypi?: PypiState;
  'mcp-registry'?: McpRegistryState;
}

/** The package-file values sync wrote last; a differing value in the file is a maintainer's edit. */
export interface WrittenValues {
  license?: string | null;
  repository?: string;
  homepage?: string;
  /** The deprecation reason sync wrote; a maintainer's own note is never cleared. */
  deprecated?: string;
}

export interface ImportOrigin {
  source: 'mcp-registry' | 'npm' | 'skills';
  /** The server name, npm name, or repository and folder it came from. */
  ref: string;
  at: string;
}

export interface RegistryRecord {
  package_id: string;
  /** When sync last finished this package, whatever the outcome. */
  synced_at: string | null;
  sources: RegistrySources;
  written: WrittenValues;
  imported: ImportOrigin | null;
}

export function emptyRecord(packageId: string): RegistryRecord {
  return { package_id: packageId, synced_at: null, sources: {}, written: {}, imported: null };
}

/** Monthly downloads across the sources that count them (only npm publishes counts). */
export function downloadsMonthly(record: RegistryRecord | undefined): number | null {
  return record?.sources.npm?.downloads_monthly ?? null;
}

/** The MCP Registry server name: recorded from the registry itself, else npm's `mcpName`. */
export function mcpServerName(record: RegistryRecord | undefined): string | null {
  return record?.sources['mcp-registry']?.name ?? record?.sources.npm?.mcp_name ?? null;
}
