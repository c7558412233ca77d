/**
 * One package's sync, decided: what the registries answered (observations) goes into its registry
 * record, and from there into the package file: the latest version (which marks an evaluated
 * package "Needs re-evaluation"), a deprecation, a removal when the package is gone from every
 * registry it was installed from, and licence, repository and homepage where sync owns them.
 *
 * Ownership: sync fills a field that is empty, confirms one that matches the registry, and updates
 * one that still holds what sync wrote last time. A value a maintainer changed by hand stays, and
 * the report says the registry differs. Pure: the clock comes in as `now`.
 */
import type { Deprecation, PackageFile, Removal } from '../types.ts';
import type { McpServerEntry } from './mcp-registry-entry.ts';
import { sameRepository, sameUrl } from './normalize.ts';
import type { NpmPackument } from './npm-packument.ts';
import type { PypiLatest } from './pypi-project.ts';
import type {
  McpRegistryState,
  NpmState,
  PypiState,
  RegistryRecord,
  RegistrySource,
  SourceState,
  WrittenValues,
} from './registry-record.ts';

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Observation<F> =
  | { outcome: 'fresh'; facts: F; validators: Validators }
  | { outcome: 'not-modified'; validators: Validators }
  | { outcome: 'not-found' }
  | { outcome: 'error'; message: string };

export interface Observations {
  npm?: Observation<NpmPackument>;
  pypi?: Observation<PypiLatest>;
  'mcp-registry'?: Observation<McpServerEntry>;
  /** The MCP Registry server name asked for (from the record, npm's mcpName or PyPI's README). */
  mcpName?: string;
  /** npm's monthly download count; absent when not asked. `at`: when a table's counts were taken. */
  downloads?:
    | { outcome: 'fresh'; count: number; at?: string }
    | { outcome: 'absent' }
    | { outcome: 'error'; message: string };
}

export type ChangeField = 'version' | 'deprecated' | 'removed' | 'license' | 'repository' | 'homepage';

export interface FieldChange {
  field: ChangeField;
  from: string | null;
  to: string | null;
}

export interface SyncOutcome {
  pkg: PackageFile;
  record: RegistryRecord;
  /** Changes to the package file. */
  changes: FieldChange[];
  /** Registry facts that changed in the record (not the package file). */
  factChanges: string[];
  /** Values kept because a maintainer set them, and other things a reviewer should know. */
  notes: string[];
  /** Sources that could not be read this time. */
  failures: { source: RegistrySource; message: string }[];
}

type Facts<S extends SourceState> = Omit<
  S,
  | 'name'
  | 'status'
  | 'checked_at'
  | 'changed_at'
  | 'etag'
  | 'last_modified'
  | 'previous_version'
  | 'last_error'
>;

const sameFacts = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

function factsOf<S extends SourceState>(state: S | undefined): Partial<S> {
  if (!state) return {};
  const {
    name: _n,
    status: _s,
    checked_at: _c,
    changed_at: _ch,
    etag: _e,
    last_modified: _l,
    previous_version: _p,
    last_error: _le,
    ...facts
  } = state;
  return facts as Partial<S>;
}

/** The new state of one source after an answer (or a failure), and what changed in it. */
function nextState<S extends SourceState>(
  name: string,
  previous: S | undefined,
  observation: Observation<unknown>,
  fresh: (() => { status: SourceState['status']; facts: Facts<S> }) | null,
  blank: Facts<S>,
  now: string,
): { state: S | undefined; changed: boolean } {
  if (observation.outcome === 'error') {
    if (!previous) return { state: undefined, changed: false };
    return { state: { ...previous, last_error: { at: now, message: observation.message } }, changed: false };
  }
  const validators =
    observation.outcome === 'fresh' || observation.outcome === 'not-modified'
      ? observation.validators
      : { etag: null, lastModified: null };
  if (observation.outcome === 'not-modified' && previous) {
    return {
      state: {
        ...previous,
        checked_at: now,
        etag: validators.etag ?? previous.etag,
        last_modified: validators.lastModified ?? previous.last_modified,
        last_error: null,
      },
      changed: false,
    };
  }
  const answer =
    fresh && observation.outcome === 'fresh'
      ? fresh()
      : { status: 'not-found' as const, facts: { ...blank, ...factsOf(previous) } as Facts<S> };
  const status = answer.status;
  const changed = !previous || previous.status !== status || !sameFacts(factsOf(previous), answer.facts);
  const latest = (answer.facts as { latest_version: string | null }).latest_version;
  const versionMoved = previous?.latest_version && latest && previous.latest_version !== latest;
  return {
    state: {
      name,
      status,
      ...(answer.facts as object),
      checked_at: now,
      changed_at: changed ? now : previous!.changed_at,
      etag: validators.etag,
      last_modified: validators.lastModified,
      previous_version: versionMoved ? previous.latest_version : (previous?.previous_version ?? null),
      last_error: null,
    } as unknown as S,
    changed,
  };
}

const NO_NPM_FACTS: Facts<NpmState> = {
  latest_version: null,
  published_at: null,
  deprecated: null,
  license: null,
  repository: null,
  homepage: null,
  mcp_name: null,
  downloads_monthly: null,
  downloads_checked_at: null,
};

const NO_PYPI_FACTS: Facts<PypiState> = {
  latest_version: null,
  published_at: null,
  deprecated: null,
  license: null,
  repository: null,
  homepage: null,
};

const NO_MCP_FACTS: Facts<McpRegistryState> = {
  latest_version: null,
  published_at: null,
  deprecated: null,
  registry_status: null,
  title: null,
  description: null,
  repository: null,
  website: null,
  packages: [],
  remotes: [],
};

const BLANK: Record<RegistrySource, object> = {
  npm: NO_NPM_FACTS,
  pypi: NO_PYPI_FACTS,
  'mcp-registry': NO_MCP_FACTS,
};

function npmFacts(facts: NpmPackument, previous: NpmState | undefined) {
  const downloads = {
    downloads_monthly: previous?.downloads_monthly ?? null,
    downloads_checked_at: previous?.downloads_checked_at ?? null,
  };
  if (facts.status === 'unpublished') {
    // What was known stays on record; an unpublished package has nothing new to say.
    return {
      status: 'unpublished' as const,
      facts: { ...NO_NPM_FACTS, ...factsOf(previous), ...downloads, deprecated: null } as Facts<NpmState>,
    };
  }
  return {
    status: 'ok' as const,
    facts: {
      latest_version: facts.version,
      published_at: facts.publishedAt,
      deprecated: facts.deprecated,
      license: facts.license,
      repository: facts.repository,
      homepage: facts.homepage,
      mcp_name: facts.mcpName,
      ...downloads,
    },
  };
}

function pypiFacts(facts: PypiLatest) {
  return {
    status: 'ok' as const,
    facts: {
      latest_version: facts.version,
      published_at: facts.publishedAt,
      deprecated: facts.deprecated,
      license: facts.license,
      repository: facts.repository,
      homepage: facts.homepage,
    },
  };
}

function mcpFacts(entry: McpServerEntry) {
  const deprecated =
    entry.status === 'deprecated' ? (entry.statusMessage ?? 'Marked deprecated in the MCP Registry.') : null;
  return {
    status: entry.status === 'deleted' ? ('deleted' as const) : ('ok' as const),
    facts: {
      latest_version: entry.version,
      published_at: entry.publishedAt,
      deprecated,
      registry_status: entry.status,
      title: entry.title,
      description: entry.description,
      repository: entry.repository,
      website: entry.website,
      packages: entry.packages,
      remotes: entry.remotes,
    },
  };
}

const SOURCE_LABEL: Record<RegistrySource, string> = {
  npm: 'npm',
  pypi: 'PyPI',
  'mcp-registry': 'the MCP Registry',
};

/** The sources whose version is the package's, most specific first. */
function versionSources(
  pkg: PackageFile,
  record: RegistryRecord,
): (NpmState | PypiState | McpRegistryState)[] {
  const { npm, pypi } = record.sources;
  const mcp = record.sources['mcp-registry'];
  const candidates: (NpmState | PypiState | McpRegistryState | undefined)[] = [
    pkg.distribution.npm ? npm : undefined,
    pkg.distribution.pypi ? pypi : undefined,
    !pkg.distribution.npm && !pkg.distribution.pypi ? mcp : undefined,
  ];
  return candidates.filter(
    (state): state is NpmState | PypiState | McpRegistryState => state?.status === 'ok',
  );
}

function deprecationFrom(record: RegistryRecord): string | null {
  for (const source of ['npm', 'pypi', 'mcp-registry'] as const) {
    const state = record.sources[source];
    if (state?.status === 'ok' && state.deprecated)
      return `Deprecated on ${SOURCE_LABEL[source]}: ${state.deprecated}`;
  }
  return null;
}

/** Gone from every registry it installs from, and nothing else (image, endpoint, folder) to reach. */
function removalFrom(
  pkg: PackageFile,
  record: RegistryRecord,
  before: RegistryRecord,
  today: string,
): Removal | null {
  const { npm, oci, remote, skill, pypi } = pkg.distribution;
  const gone = (source: 'npm' | 'pypi') => {
    const state = record.sources[source];
    if (state?.status === 'unpublished') return true;
    // A 404 for a name that never answered could be a typo in the file; only a vanished package counts.
    return state?.status === 'not-found' && before.sources[source]?.status === 'ok';
  };
  const mcp = record.sources['mcp-registry'];
  if (mcp?.status === 'deleted' && record.imported?.source === 'mcp-registry') {
    return { date: today, reason: `Deleted from the MCP Registry (${mcp.name}).` };
  }
  if (oci || remote || skill || (!npm && !pypi)) return null;
  if ((npm && !gone('npm')) || (pypi && !gone('pypi'))) return null;
  const where = [npm ? `npm (${npm})` : null, pypi ? `PyPI (${pypi})` : null].filter(Boolean).join(' and ');
  const unpublished = record.sources.npm?.status === 'unpublished';
  return { date: today, reason: `${unpublished ? 'Unpublished from' : 'No longer found on'} ${where}.` };
}

type OwnedField = 'license' | 'repository' | 'homepage';

function insideRepository(url: string, repository: string): boolean {
  const page = url.split('#')[0]!.replace(/\/+$/, '').toLowerCase();
  const repo = repository.replace(/\/+$/, '').toLowerCase();
  return page === repo || page.startsWith(`${repo}/`);
}

function ownedField(
  field: OwnedField,
  current: string | null | undefined,
  offered: string | null,
  written: WrittenValues,
  changes: FieldChange[],
  notes: string[],
): string | null | undefined {
  if (offered === null) return current;
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    field === 'repository' ? sameRepository(a, b) : field === 'homepage' ? sameUrl(a, b) : a === b;
  if (current === null || current === undefined) {
    written[field] = offered;
    changes.push({ field, from: null, to: offered });
    return offered;
  }
  if (same(current, offered)) {
    written[field] = current;
    return current;
  }
  if (written[field] !== undefined && same(current, written[field])) {
    written[field] = offered;
    changes.push({ field, from: current, to: offered });
    return offered;
  }
  notes.push(`kept ${field} "${current}" (set by hand; the registry says "${offered}")`);
  return current;
}

function ownedFields(
  pkg: PackageFile,
  record: RegistryRecord,
  changes: FieldChange[],
  notes: string[],
): PackageFile {
  const [primary] = versionSources(pkg, record);
  if (!primary) return pkg;
  const page = 'homepage' in primary ? primary.homepage : (primary as McpRegistryState).website;
  const offered = {
    license: 'license' in primary ? primary.license : null,
    repository: primary.repository,
    // Publishers often give the repository (or its README) as the homepage: that says nothing new.
    homepage: page && !insideRepository(page, primary.repository ?? pkg.repository) ? page : null,
  };
  const written = record.written;
  const license = ownedField('license', pkg.license, offered.license, written, changes, notes);
  const repository = ownedField('repository', pkg.repository, offered.repository, written, changes, notes);
  const homepage = ownedField('homepage', pkg.homepage, offered.homepage, written, changes, notes);
  return {
    ...pkg,
    license: license ?? null,
    repository: repository ?? pkg.repository,
    ...(homepage ? { homepage } : {}),
  };
}

function deprecationChange(
  pkg: PackageFile,
  record: RegistryRecord,
  previousWritten: string | undefined,
  today: string,
  changes: FieldChange[],
): Deprecation | undefined {
  const reason = deprecationFrom(record);
  const current = pkg.deprecated;
  if (reason !== null) {
    if (current?.reason === reason) return current;
    // A maintainer's own deprecation note stays; sync only replaces what it wrote.
    if (current && current.reason !== previousWritten) return current;
    changes.push({ field: 'deprecated', from: current?.reason ?? null, to: reason });
    return { date: current?.date ?? today, reason };
  }
  if (current && current.reason === previousWritten) {
    changes.push({ field: 'deprecated', from: current.reason, to: null });
    return undefined;
  }
  return current;
}

export function applySync(
  pkg: PackageFile,
  before: RegistryRecord,
  observations: Observations,
  now: string,
): SyncOutcome {
  const today = now.slice(0, 10);
  const record: RegistryRecord = structuredClone(before);
  const changes: FieldChange[] = [];
  const factChanges: string[] = [];
  const notes: string[] = [];
  const failures: SyncOutcome['failures'] = [];

  const update = <S extends SourceState>(
    source: RegistrySource,
    name: string | undefined,
    fresh: ((facts: never) => { status: SourceState['status']; facts: Facts<S> }) | null,
  ) => {
    const observation = observations[source] as Observation<unknown> | undefined;
    if (!observation || !name) return;
    if (observation.outcome === 'error') failures.push({ source, message: observation.message });
    const previouslyFound = before.sources[source]?.status === 'ok';
    if (observation.outcome === 'not-found' && !previouslyFound) {
      failures.push({ source, message: `has no "${name}" (404); check the name in the package file` });
    }
    const previous = before.sources[source] as S | undefined;
    const facts = observation.outcome === 'fresh' ? observation.facts : undefined;
    const { state, changed } = nextState<S>(
      name,
      previous,
      observation,
      fresh && facts !== undefined ? () => fresh(facts as never) : null,
      BLANK[source] as Facts<S>,
      now,
    );
    if (!state) return;
    (record.sources as Record<string, SourceState>)[source] = state;
    if (changed) factChanges.push(source);
  };

  update<NpmState>('npm', pkg.distribution.npm, ((facts: NpmPackument) =>
    npmFacts(facts, before.sources.npm)) as never);
  update<PypiState>('pypi', pkg.distribution.pypi, pypiFacts as never);
  update<McpRegistryState>('mcp-registry', observations.mcpName, mcpFacts as never);

  const downloads = observations.downloads;
  const npmState = record.sources.npm;
  // Download counts only order the queue: their failure is the run's warning, not the package's.
  if (downloads?.outcome === 'fresh' && npmState) {
    if (npmState.downloads_monthly !== downloads.count) factChanges.push('downloads');
    record.sources.npm = {
      ...npmState,
      downloads_monthly: downloads.count,
      downloads_checked_at: downloads.at ?? now,
    };
  }

  let next: PackageFile = ownedFields(pkg, record, changes, notes);
  const [primary] = versionSources(pkg, record);
  if (primary?.latest_version && primary.latest_version !== pkg.version) {
    changes.push({ field: 'version', from: pkg.version ?? null, to: primary.latest_version });
    next = { ...next, version: primary.latest_version };
  }
  const deprecated = deprecationChange(next, record, before.written.deprecated, today, changes);
  next = { ...next, deprecated };
  if (deprecated === undefined) delete next.deprecated;
  if (deprecated) record.written.deprecated = deprecated.reason;
  else delete record.written.deprecated;
  if (!pkg.removed) {
    const removal = removalFrom(pkg, record, before, today);
    if (removal) {
      changes.push({ field: 'removed', from: null, to: removal.reason });
      next = { ...next, removed: removal };
    }
  }
  record.synced_at = now;
  return { pkg: next, record, changes, factChanges, notes, failures };
}
