/**
 * `afscore sync`: brings every catalogued package up to date with its registries (npm, PyPI, the
 * MCP Registry, npm download counts) and writes the changes into data/packages and data/registry.
 * A new version marks an evaluated package "Needs re-evaluation"; the old score stays, for the
 * version it was given to. Resumable: an interrupted run picks up where it stopped.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDownloadsTable } from '../../core/registry/downloads-table.ts';
import {
  changeText,
  countResults,
  countsLine,
  type PackageSyncResult,
  type SyncReport,
  syncMarkdown,
} from '../../core/registry/sync-report.ts';
import type { PackageFile } from '../../core/types.ts';
import { parseRepositoryPath } from '../../core/validation/repository-paths.ts';
import { validateCategories, validatePackages } from '../../core/validation/validate-repository.ts';
import { readRegistryRecord, writeAtomically } from '../../data/registry-files.ts';
import { listRepository, readRawFiles } from '../../data/repository-files.ts';
import { SyncJournal, selectionKey } from '../../data/sync-journal.ts';
import { SYNC_SOURCES, SyncRun, type SyncSource } from '../../registries/sync-run.ts';
import { type CliIo, EXIT } from '../io.ts';
import {
  politeClient,
  REGISTRY_OPTIONS,
  REGISTRY_OPTIONS_USAGE,
  registrySetup,
} from '../registry-options.ts';

export const syncUsage = `Usage: afscore sync [--package ID]… [--dry-run] [--sources LIST] [--concurrency N]
                   [--fresh] [--report FILE] [--markdown FILE] [--strict] [--root DIR] [--state DIR]

Reads the registry behind every catalogued package (or only --package ID, repeatable) and updates
data/packages/<id>.md (version, deprecation, removal; licence, repository and homepage where sync
owns them) and data/registry/<id>.json (publish time, mcpName, the MCP Registry entry, download
counts, and the ETag that makes the next run a conditional request).

  --dry-run                print the diff a run would write, and write nothing
  --sources LIST           comma-separated, of ${SYNC_SOURCES.join(', ')} (default: all)
  --concurrency N          packages in flight at once (default 2)
  --fresh                  start over instead of resuming an interrupted run of the same selection
  --report FILE            write the run's report as JSON
  --markdown FILE          write the run's summary as Markdown (the daily pull request's body)
  --strict                 exit 1 if any package could not be read (default: only if none could)
  --state DIR              where the resume journal lives (AFSCORE_STATE_DIR, default .state)
  --downloads-file FILE    take npm download counts from this tab-separated table (columns "name" and
                           "downloads_a_month", "downloads_monthly" or "downloads"), dated by the
                           file's modification time, instead of asking npm's downloads API
${REGISTRY_OPTIONS_USAGE}`;

/** The table's counts and when they were taken (the file's modification time), or what is wrong. */
function readDownloadsFile(
  path: string,
): { counts: ReadonlyMap<string, number>; at: string; skipped: number } | string {
  let text: string;
  let at: string;
  try {
    text = readFileSync(path, 'utf8');
    at = statSync(path).mtime.toISOString();
  } catch (error) {
    return `--downloads-file: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  const table = parseDownloadsTable(text);
  if (!table.ok) return `--downloads-file: ${path}: ${table.message}`;
  return { counts: table.counts, at, skipped: table.skipped };
}

function parseSources(value: string | undefined): Set<SyncSource> | string {
  if (value === undefined) return new Set(SYNC_SOURCES);
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(SYNC_SOURCES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    return `--sources takes ${SYNC_SOURCES.join(', ')}; not "${unknown.join(', ') || value}"`;
  }
  return new Set(names as SyncSource[]);
}

interface Catalogue {
  packages: PackageFile[];
  packageIds: Set<string>;
  categories: Set<string>;
  invalid: string[];
}

function readCatalogue(root: string): Catalogue {
  const listing = listRepository(root);
  const categories = new Set(
    validateCategories([...readRawFiles(root, listing.categories)]).values.map((category) => category.slug),
  );
  const packages = validatePackages([...readRawFiles(root, listing.packages)], categories);
  return {
    packages: packages.values,
    packageIds: new Set(listing.packages.flatMap((path) => parseRepositoryPath(path)?.id ?? [])),
    categories,
    invalid: [...new Set(packages.issues.map((found) => found.path))],
  };
}

/** Packages one of the chosen registries stands behind: npm, PyPI, or a known MCP Registry name. */
function syncable(
  root: string,
  pkg: PackageFile,
  packageIds: ReadonlySet<string>,
  sources: ReadonlySet<SyncSource>,
): boolean {
  if (pkg.removed) return false;
  if (pkg.distribution.npm && (sources.has('npm') || sources.has('downloads'))) return true;
  if (pkg.distribution.pypi && sources.has('pypi')) return true;
  if (!sources.has('mcp-registry')) return false;
  const loaded = readRegistryRecord(root, pkg.id, packageIds);
  return (
    loaded.ok && (loaded.record.sources['mcp-registry'] ?? loaded.record.sources.npm?.mcp_name) !== undefined
  );
}

class Progress {
  private done = 0;
  private lastPrinted = 0;
  private readonly tally = { updated: 0, unchanged: 0, failed: 0 };
  private readonly io: CliIo;
  private readonly total: number;
  private readonly startedAt: number;
  private readonly requests: () => number;

  constructor(io: CliIo, total: number, startedAt: number, requests: () => number) {
    this.io = io;
    this.total = total;
    this.startedAt = startedAt;
    this.requests = requests;
  }

  step(result: PackageSyncResult): void {
    this.done += 1;
    if (result.failures.length > 0) this.tally.failed += 1;
    else if (result.changes.length > 0) this.tally.updated += 1;
    else this.tally.unchanged += 1;
    for (const change of result.changes) this.io.err(`  ${result.id}: ${changeText(change)}`);
    for (const failure of result.failures)
      this.io.err(`  ${result.id}: ⚠ ${failure.source}: ${failure.message}`);
    const now = this.io.now();
    const every = Math.max(1, Math.ceil(this.total / 20));
    if (this.done !== this.total && this.done % every !== 0 && now - this.lastPrinted < 10_000) return;
    this.lastPrinted = now;
    const elapsed = Math.max(1, now - this.startedAt) / 1000;
    const eta = Math.round((elapsed / this.done) * (this.total - this.done));
    this.io.err(
      `sync: ${this.done}/${this.total} (${Math.floor((100 * this.done) / this.total)}%) · ` +
        `${(this.requests() / elapsed).toFixed(1)} req/s · ETA ${eta} s · ` +
        `${this.tally.updated} updated, ${this.tally.unchanged} unchanged, ${this.tally.failed} failed`,
    );
  }
}

export async function runSync(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      package: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean' },
      sources: { type: 'string' },
      concurrency: { type: 'string' },
      fresh: { type: 'boolean' },
      report: { type: 'string' },
      markdown: { type: 'string' },
      strict: { type: 'boolean' },
      root: { type: 'string' },
      state: { type: 'string' },
      'downloads-file': { type: 'string' },
      ...REGISTRY_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(syncUsage);
    return EXIT.ok;
  }
  const usage = (message: string) => {
    io.err(`afscore sync: ${message}\n\n${syncUsage}`);
    return EXIT.usage;
  };
  const sources = parseSources(values.sources);
  if (typeof sources === 'string') return usage(sources);
  const concurrency = values.concurrency === undefined ? 2 : Number(values.concurrency);
  if (!(Number.isSafeInteger(concurrency) && concurrency >= 1 && concurrency <= 16)) {
    return usage('--concurrency must be a whole number from 1 to 16');
  }
  const setup = registrySetup(values, process.env);
  if (!setup.ok) return usage(setup.message);
  const root = resolve(io.cwd, values.root ?? '.');
  const stateDir = resolve(io.cwd, values.state ?? process.env.AFSCORE_STATE_DIR ?? join(root, '.state'));
  const dryRun = values['dry-run'] === true;
  const downloadsTable =
    values['downloads-file'] === undefined
      ? undefined
      : readDownloadsFile(resolve(io.cwd, values['downloads-file']));
  if (typeof downloadsTable === 'string') return usage(downloadsTable);
  if (downloadsTable && downloadsTable.skipped > 0)
    io.err(
      `afscore sync: --downloads-file: skipped ${downloadsTable.skipped} row(s) without a whole-number count`,
    );

  const catalogue = readCatalogue(root);
  for (const path of catalogue.invalid)
    io.err(`afscore sync: skipping ${path}: it does not validate (npm run validate)`);
  let selection: PackageFile[];
  if (values.package && values.package.length > 0) {
    const byId = new Map(catalogue.packages.map((pkg) => [pkg.id, pkg]));
    const unknown = values.package.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      io.err(`afscore sync: no valid package ${unknown.map((id) => `"${id}"`).join(', ')} in data/packages`);
      return EXIT.invalid;
    }
    selection = values.package
      .map((id) => byId.get(id)!)
      .filter((pkg) => {
        if (!pkg.removed) return true;
        io.err(`afscore sync: ${pkg.id} is removed; nothing to sync`);
        return false;
      });
  } else {
    selection = catalogue.packages.filter((pkg) => syncable(root, pkg, catalogue.packageIds, sources));
  }

  const startedAt = io.now();
  const opened = dryRun
    ? null
    : SyncJournal.open(
        stateDir,
        selectionKey(
          selection.map((pkg) => pkg.id),
          [...sources],
        ),
        startedAt,
        values.fresh === true,
      );
  const journal = opened?.journal ?? null;
  if (opened?.resumed) {
    io.err(
      `afscore sync: resuming the run started ${opened.journal.startedAt}: ${opened.journal.doneCount} of ${selection.length} already done (--fresh starts over)`,
    );
  }
  const client = politeClient(setup.rate, process.env, (line) => io.err(line));
  const remaining = selection.filter((pkg) => !journal?.isDone(pkg.id)).length;
  io.err(
    `afscore sync: ${remaining} package(s) from ${[...sources].join(', ')}${dryRun ? ' (dry run: nothing is written)' : ''}, ` +
      `${setup.rate} req/s per host, ${concurrency} at a time`,
  );
  const progress = new Progress(io, Math.max(remaining, 1), startedAt, () => client.stats.requests);
  const run = new SyncRun({
    root,
    client,
    endpoints: setup.endpoints,
    sources,
    concurrency,
    dryRun,
    now: io.now,
    packageIds: catalogue.packageIds,
    categories: catalogue.categories,
    journal,
    ...(downloadsTable ? { downloadsTable } : {}),
    onResult: (result) => progress.step(result),
    onDiff: (patch) => io.out(patch),
  });
  const results = await run.run(selection);
  journal?.finish();

  const finishedAt = io.now();
  const report: SyncReport = {
    started_at: new Date(startedAt).toISOString(),
    finished_at: new Date(finishedAt).toISOString(),
    duration_ms: finishedAt - startedAt,
    dry_run: dryRun,
    sources: [...sources],
    requests: client.stats.requests,
    not_modified: client.stats.notModified,
    retries: client.stats.retries,
    warnings: run.warnings,
    counts: countResults(results, selection.length, selection.length - remaining),
    packages: results,
  };
  for (const warning of run.warnings) io.err(`afscore sync: ⚠ ${warning}`);
  if (values.report) writeAtomically(resolve(io.cwd, values.report), `${JSON.stringify(report, null, 2)}\n`);
  if (values.markdown) writeAtomically(resolve(io.cwd, values.markdown), `${syncMarkdown(report)}\n`);
  io.out(
    `${dryRun ? '(dry run) ' : ''}✓ sync: ${countsLine(report.counts)} — ${report.requests} requests ` +
      `(${report.not_modified} not modified) in ${(report.duration_ms / 1000).toFixed(1)} s`,
  );
  const { failed, checked } = report.counts;
  if (failed > 0 && (values.strict || failed === checked)) return EXIT.invalid;
  return EXIT.ok;
}
