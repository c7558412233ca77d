/**
 * A sync run over a selection of packages: for each, ask its registries (sequentially, through the
 * polite client), decide with the core's `applySync`, check the rewritten package file against the
 * same rules as `afscore validate`, and write both files at once, so an interruption loses at most
 * the package in flight. A few packages run side by side (`concurrency`); the client paces them.
 */
import { createTwoFilesPatch } from 'diff';
import { applySync, type Observations, type SyncOutcome } from '../core/registry/apply-sync.ts';
import {
  editFrontmatter,
  type FrontmatterKey,
  type FrontmatterValue,
} from '../core/registry/edit-frontmatter.ts';
import type { RegistryRecord } from '../core/registry/registry-record.ts';
import type { PackageSyncResult } from '../core/registry/sync-report.ts';
import type { PackageFile } from '../core/types.ts';
import { parseMarkdownFile } from '../core/validation/parse-files.ts';
import { packagePath, registryPath } from '../core/validation/repository-paths.ts';
import { validatePackageFile } from '../core/validation/validate-package.ts';
import { validateRegistryRecord } from '../core/validation/validate-registry.ts';
import {
  readPackageText,
  readRegistryRecord,
  registryRecordText,
  writePackageText,
  writeRegistryRecord,
} from '../data/registry-files.ts';
import type { SyncJournal } from '../data/sync-journal.ts';
import type { PoliteClient } from './polite-client.ts';
import { type Endpoints, readDownloads, readMcpServer, readNpm, readPypi } from './sources.ts';

export const SYNC_SOURCES = ['npm', 'pypi', 'mcp-registry', 'downloads'] as const;
export type SyncSource = (typeof SYNC_SOURCES)[number];

export interface SyncDeps {
  root: string;
  client: PoliteClient;
  endpoints: Endpoints;
  sources: ReadonlySet<SyncSource>;
  concurrency: number;
  dryRun: boolean;
  now: () => number;
  /** Download counts read from a table (`--downloads-file`) instead of npm's downloads API, and when they were taken. */
  downloadsTable?: { counts: ReadonlyMap<string, number>; at: string };
  /** Ids of every package file, for the registry records' rule that a package stands beside them. */
  packageIds: ReadonlySet<string>;
  categories: ReadonlySet<string>;
  journal: SyncJournal | null;
  onResult?: (result: PackageSyncResult) => void;
  /** Dry run: the diff a real run would write. */
  onDiff?: (patch: string) => void;
}

/** Gives up on download counts after this many failures in a row: the service is out of reach. */
const DOWNLOADS_GIVE_UP_AFTER = 3;

export class SyncRun {
  private readonly runWarnings: string[] = [];
  private downloadFailures = 0;
  private downloadErrors = { count: 0, asked: 0, last: '' };
  private readonly deps: SyncDeps;

  constructor(deps: SyncDeps) {
    this.deps = deps;
  }

  private async observe(pkg: PackageFile, before: RegistryRecord): Promise<Observations> {
    const { client, endpoints, sources } = this.deps;
    const observations: Observations = {};
    const { npm, pypi } = pkg.distribution;
    if (npm && sources.has('npm'))
      observations.npm = await readNpm(client, endpoints, npm, before.sources.npm);
    const table = this.deps.downloadsTable;
    if (npm && sources.has('downloads') && table) {
      const count = table.counts.get(npm);
      observations.downloads =
        count === undefined ? { outcome: 'absent' } : { outcome: 'fresh', count, at: table.at };
    } else if (npm && sources.has('downloads') && this.downloadFailures < DOWNLOADS_GIVE_UP_AFTER) {
      observations.downloads = await readDownloads(client, endpoints, npm);
      this.countDownloads(observations.downloads);
    }
    if (pypi && sources.has('pypi'))
      observations.pypi = await readPypi(client, endpoints, pypi, before.sources.pypi);
    const learnt = (observation: Observations['npm'] | Observations['pypi']) =>
      observation?.outcome === 'fresh' && 'mcpName' in observation.facts ? observation.facts.mcpName : null;
    const mcpName =
      before.sources['mcp-registry']?.name ??
      learnt(observations.npm) ??
      learnt(observations.pypi) ??
      before.sources.npm?.mcp_name ??
      null;
    if (mcpName && sources.has('mcp-registry')) {
      observations.mcpName = mcpName;
      observations['mcp-registry'] = await readMcpServer(
        client,
        endpoints,
        mcpName,
        before.sources['mcp-registry'],
      );
    }
    return observations;
  }

  get warnings(): string[] {
    const { count, asked, last } = this.downloadErrors;
    const downloads =
      count > 0 && this.downloadFailures < DOWNLOADS_GIVE_UP_AFTER
        ? [
            `download counts: ${count} of ${asked} requests failed (last: ${last}); those counts stay as last recorded`,
          ]
        : [];
    return [...this.runWarnings, ...downloads];
  }

  private countDownloads(answer: NonNullable<Observations['downloads']>): void {
    this.downloadErrors.asked += 1;
    if (answer.outcome === 'error') {
      this.downloadErrors.count += 1;
      this.downloadErrors.last = answer.message;
    }
    if (answer.outcome !== 'error') {
      this.downloadFailures = 0;
      return;
    }
    this.downloadFailures += 1;
    if (this.downloadFailures === DOWNLOADS_GIVE_UP_AFTER) {
      this.runWarnings.push(
        `download counts: gave up after ${DOWNLOADS_GIVE_UP_AFTER} failures in a row (last: ${answer.message}); counts stay as last recorded`,
      );
    }
  }

  /** The package file with the outcome's changes, every other line untouched. */
  private packageText(text: string, outcome: SyncOutcome): string {
    const updates: Partial<Record<FrontmatterKey, FrontmatterValue | undefined>> = {};
    const { pkg } = outcome;
    for (const change of outcome.changes) {
      if (change.field === 'version') updates.version = pkg.version ?? null;
      if (change.field === 'license') updates.license = pkg.license ?? null;
      if (change.field === 'repository') updates.repository = pkg.repository;
      if (change.field === 'homepage') updates.homepage = pkg.homepage;
      if (change.field === 'deprecated')
        updates.deprecated = pkg.deprecated ? { ...pkg.deprecated } : undefined;
      if (change.field === 'removed') updates.removed = pkg.removed ? { ...pkg.removed } : undefined;
    }
    return editFrontmatter(text, updates);
  }

  /** The rewritten file must pass `afscore validate` and read back as the outcome says. */
  private checkPackageText(id: string, text: string, expected: PackageFile): string | null {
    const parsed = parseMarkdownFile(text);
    if (!parsed.ok) return parsed.issues[0]!.message;
    const result = validatePackageFile(parsed.value.frontmatter, parsed.value.body, {
      fileId: id,
      categories: this.deps.categories,
    });
    if (!result.ok) return `${result.issues[0]!.pointer}: ${result.issues[0]!.message}`;
    const got = result.value;
    const same =
      got.version === expected.version &&
      got.license === (expected.license ?? null) &&
      got.repository === expected.repository &&
      got.homepage === expected.homepage &&
      JSON.stringify(got.deprecated) === JSON.stringify(expected.deprecated) &&
      JSON.stringify(got.removed) === JSON.stringify(expected.removed);
    return same ? null : 'the rewritten file does not read back as intended';
  }

  async syncOne(pkg: PackageFile): Promise<PackageSyncResult> {
    const { root, dryRun, now, packageIds } = this.deps;
    const failed = (source: string, message: string): PackageSyncResult => ({
      id: pkg.id,
      changes: [],
      factChanges: [],
      notes: [],
      failures: [{ source, message }],
    });
    const loaded = readRegistryRecord(root, pkg.id, packageIds);
    if (!loaded.ok) return failed('record', loaded.message);
    const before = loaded.record;
    const observations = await this.observe(pkg, before);
    const outcome = applySync(pkg, before, observations, new Date(now()).toISOString());
    const oldText = readPackageText(root, pkg.id);
    const newText = outcome.changes.length > 0 ? this.packageText(oldText, outcome) : oldText;
    const invalid = this.checkPackageText(pkg.id, newText, outcome.pkg);
    if (invalid !== null)
      return failed('package file', `sync would write an invalid file (${invalid}); nothing written`);
    const learnt = Object.keys(outcome.record.sources).length > 0 || loaded.text !== null;
    // The record goes through the same rules as `afscore validate`: sync never writes what CI refuses.
    const recordCheck = validateRegistryRecord(JSON.parse(registryRecordText(outcome.record)), {
      fileId: pkg.id,
      packages: packageIds,
    });
    if (!recordCheck.ok) {
      const first = recordCheck.issues[0]!;
      return failed(
        'record',
        `sync would write an invalid record (${first.pointer}: ${first.message}); nothing written`,
      );
    }
    if (dryRun) {
      if (newText !== oldText) this.diff(packagePath(pkg.id), oldText, newText);
      if (learnt && outcome.factChanges.length > 0) {
        this.diff(registryPath(pkg.id), loaded.text ?? '', registryRecordText(outcome.record));
      }
    } else {
      if (newText !== oldText) writePackageText(root, pkg.id, newText);
      if (learnt) writeRegistryRecord(root, outcome.record);
    }
    return {
      id: pkg.id,
      changes: outcome.changes,
      factChanges: outcome.factChanges,
      notes: outcome.notes,
      failures: outcome.failures,
    };
  }

  private diff(path: string, before: string, after: string): void {
    this.deps.onDiff?.(
      createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, '', '', { context: 2 }).replace(
        /^=+\n/,
        '',
      ),
    );
  }

  /** Runs the selection; packages the journal says are done are skipped. */
  async run(selection: readonly PackageFile[]): Promise<PackageSyncResult[]> {
    const { journal, concurrency, onResult } = this.deps;
    const todo = selection.filter((pkg) => !journal?.isDone(pkg.id));
    const results: PackageSyncResult[] = [];
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const pkg = todo[next]!;
        next += 1;
        const result = await this.syncOne(pkg);
        results.push(result);
        journal?.markDone(pkg.id);
        onResult?.(result);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    const order = new Map(selection.map((pkg, index) => [pkg.id, index]));
    return results.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
}
