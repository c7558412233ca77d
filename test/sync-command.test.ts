/**
 * `afscore sync` on the fixture repository against fake registries built from real npm answers:
 * a new version marks an evaluated package "Needs re-evaluation" and lifts it in the queue, a
 * deprecation and an unpublish reach the package files and the change feed, the next run is a
 * conditional request, a dry run writes nothing, 429s are waited out, and an interrupted run
 * resumes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import { changesSince } from '../src/core/feed/change-feed.ts';
import { buildPackageIndex } from '../src/core/query/package-index.ts';
import type { RegistryRecord } from '../src/core/registry/registry-record.ts';
import type { SyncReport } from '../src/core/registry/sync-report.ts';
import { loadRepository } from '../src/data/load-repository.ts';
import { SyncJournal, selectionKey } from '../src/data/sync-journal.ts';
import { captureIo } from './support/capture-io.ts';
import { type FakeRegistries, registryFixture, startFakeRegistries } from './support/fake-registries.ts';
import { writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
let fake: FakeRegistries;

/** The real @playwright/mcp packument, renamed, with `latest` moved to a new version. */
function packument(
  name: string,
  latest: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const real = registryFixture('npm/playwright-mcp.json') as {
    versions: Record<string, Record<string, unknown>>;
    time: Record<string, string>;
  };
  const template = real.versions['0.0.83']!;
  return {
    _id: name,
    name,
    'dist-tags': { latest },
    versions: {
      [latest]: {
        ...template,
        name,
        version: latest,
        _id: `${name}@${latest}`,
        repository: { type: 'git', url: `git+https://github.com/example/${name.split('/')[1]}.git` },
        license: 'MIT',
        homepage: undefined,
        mcpName: undefined,
        ...extra,
      },
    },
    time: { [latest]: '2026-11-20T09:15:42.118000+00:00' },
  };
}

beforeAll(async () => {
  fake = await startFakeRegistries();
  fake.npm.set('@example/pg-query', packument('@example/pg-query', '2.2.0'));
  fake.npm.set(
    '@example/git-tools',
    packument('@example/git-tools', '1.4.0', { deprecated: 'Use @example/git-suite' }),
  );
  fake.npm.set('@example/never-run', {
    _id: '@example/never-run',
    name: '@example/never-run',
    time: {
      created: '2026-01-01T00:00:00.000Z',
      modified: '2026-11-21T08:00:00.000Z',
      unpublished: { time: '2026-11-21T08:00:00.000Z', versions: ['0.1.0'] },
    },
  });
  fake.downloads.set('@example/pg-query', 1_250_000);
});

afterAll(() => fake.close());

function repo(): string {
  const root = tempDir();
  writeFixtureRepo(root);
  return root;
}

const endpoints = () => [
  '--npm-registry',
  fake.endpoints.npm,
  '--npm-downloads-url',
  fake.endpoints.npmDownloads,
  '--pypi-url',
  fake.endpoints.pypi,
  '--mcp-registry-url',
  fake.endpoints.mcpRegistry,
  '--rate',
  '50',
];

const SELECTED = ['pg-query', 'git-tools', 'never-run'].flatMap((id) => ['--package', id]);

async function sync(root: string, ...args: string[]) {
  const io = captureIo(root, Date.parse('2026-11-25T18:00:00Z'));
  const code = await main(['sync', ...endpoints(), '--state', join(root, '.state'), ...args], io);
  return { code, io };
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const record = (root: string, id: string) =>
  JSON.parse(read(root, `data/registry/${id}.json`)) as RegistryRecord;

describe('afscore sync', () => {
  it('brings versions, deprecations and removals into the files, and the catalogue follows', async () => {
    const root = repo();
    const { code, io } = await sync(root, ...SELECTED, '--report', 'report.json', '--markdown', 'report.md');
    expect(io.stderr.join('\n')).not.toContain('⚠');
    expect(code).toBe(0);
    expect(io.stdout.at(-1)).toMatch(
      /^✓ sync: 3 checked: 3 updated, 0 unchanged, 0 failed; 1 new versions, 1 deprecated, 1 removed — \d+ requests/,
    );
    expect(read(root, 'data/packages/pg-query.md')).toContain('version: "2.2.0"\nlicense: MIT');
    expect(read(root, 'data/packages/git-tools.md')).toContain(
      'deprecated:\n  date: "2026-11-25"\n  reason: "Deprecated on npm: Use @example/git-suite"\n---',
    );
    expect(read(root, 'data/packages/never-run.md')).toContain(
      'removed:\n  date: "2026-11-25"\n  reason: "Unpublished from npm (@example/never-run)."',
    );
    expect(record(root, 'pg-query').sources.npm).toMatchObject({
      latest_version: '2.2.0',
      previous_version: null,
      published_at: '2026-11-20T09:15:42.118Z',
      downloads_monthly: 1_250_000,
      etag: expect.stringMatching(/^W\/"/),
    });
    const report = JSON.parse(read(root, 'report.json')) as SyncReport;
    expect(report.counts).toMatchObject({
      checked: 3,
      updated: 3,
      new_versions: 1,
      deprecated: 1,
      removed: 1,
    });
    expect(read(root, 'report.md')).toContain('| `pg-query` | version 2.1.0 → 2.2.0 |');

    const loaded = loadRepository(root, { asOf: '2026-11-26T00:00:00Z', withoutGit: true });
    expect(loaded.issues).toEqual([]);
    const catalogue = buildCatalogue(loaded.input);
    const pg = catalogue.packages.find((pkg) => pkg.id === 'pg-query')!;
    expect(pg.evaluation_status).toBe('Needs re-evaluation');
    expect(pg.evaluated_version).toBe('2.1.0');
    expect(pg.state_reasons[0]).toEqual({
      code: 'new-version',
      text: 'Version 2.2.0 is out; the score is for 2.1.0.',
    });
    expect(pg.registry).toMatchObject({
      downloads_monthly: 1_250_000,
      last_synced_at: '2026-11-25T18:00:00.000Z',
    });
    const pgEntry = catalogue.queue.find((entry) => entry.id === 'pg-query');
    expect(pgEntry).toMatchObject({
      evaluation_status: 'Needs re-evaluation',
      version: '2.2.0',
      evaluated_version: '2.1.0',
    });
    // The new version of a much-used package rises to the top of the queue, and says why.
    expect(catalogue.queue[0]?.id).toBe('pg-query');
    expect(pgEntry?.priority_factors).toContainEqual({
      factor: 'new-version-popularity',
      text: 'a new version of a much-used package',
      points: 31,
    });
    expect(pgEntry?.priority_factors).toContainEqual({
      factor: 'reason',
      text: 'needs re-evaluation since 2.2.0 (score for 2.1.0)',
      points: 20,
    });
    expect(catalogue.packages.find((pkg) => pkg.id === 'git-tools')?.deprecated?.reason).toBe(
      'Deprecated on npm: Use @example/git-suite',
    );
    expect(catalogue.removed.map((tombstone) => tombstone.id)).toContain('never-run');
  });

  it('asks again with If-None-Match, names itself, and leaves the files as they are on a 304', async () => {
    const root = repo();
    await sync(root, '--package', 'pg-query');
    const before = read(root, 'data/packages/pg-query.md');
    const asked = fake.requests.length;
    const { code, io } = await sync(root, '--package', 'pg-query');
    expect(code).toBe(0);
    const requests = fake.requests.slice(asked);
    const packumentRequest = requests.find((request) => request.path === '/npm/@example/pg-query')!;
    expect(packumentRequest.ifNoneMatch).toBe(record(root, 'pg-query').sources.npm?.etag);
    expect(packumentRequest.userAgent).toMatch(/^afscore\/\d+\.\d+\.\d+ \(registry sync; \+https?:\/\//);
    expect(io.stdout.at(-1)).toMatch(/1 checked: 0 updated, 1 unchanged.*\(1 not modified\)/);
    expect(read(root, 'data/packages/pg-query.md')).toBe(before);
  });

  it('prints the diff on --dry-run and writes nothing', async () => {
    const root = repo();
    const before = read(root, 'data/packages/pg-query.md');
    const { code, io } = await sync(root, '--package', 'pg-query', '--dry-run');
    expect(code).toBe(0);
    const output = io.stdout.join('\n');
    expect(output).toContain('--- a/data/packages/pg-query.md');
    expect(output).toContain('-version: "2.1.0"\n+version: "2.2.0"');
    expect(output).toContain('+++ b/data/registry/pg-query.json');
    expect(read(root, 'data/packages/pg-query.md')).toBe(before);
    expect(existsSync(join(root, 'data/registry/pg-query.json'))).toBe(false);
    expect(existsSync(join(root, '.state/sync-journal.json'))).toBe(false);
  });

  it('waits out a 429 as Retry-After asks, and reports a package it cannot find without removing it', async () => {
    const root = repo();
    fake.fail('/npm/@example/pg-query', 1, { status: 429, headers: { 'Retry-After': '1' } });
    const started = Date.now();
    const { code, io } = await sync(
      root,
      '--package',
      'pg-query',
      '--package',
      'crashy',
      '--report',
      'r.json',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(io.stderr.join('\n')).toContain('answered 429 from 127.0.0.1');
    expect(io.stderr.join('\n')).toContain('crashy: ⚠ npm: has no "@example/crashy" (404)');
    expect(code).toBe(0);
    const report = JSON.parse(read(root, 'r.json')) as SyncReport;
    expect(report.retries).toBe(1);
    expect(report.counts).toMatchObject({ checked: 2, updated: 1, failed: 1 });
    expect(read(root, 'data/packages/crashy.md')).not.toContain('removed:');
    expect((await sync(root, '--package', 'crashy', '--strict')).code).toBe(1);
  });

  it('resumes an interrupted run of the same selection, and starts over with --fresh', async () => {
    const root = repo();
    const ids = ['pg-query', 'git-tools', 'never-run'];
    const { journal } = SyncJournal.open(
      join(root, '.state'),
      selectionKey(ids, ['npm', 'pypi', 'mcp-registry', 'downloads']),
      Date.parse('2026-11-25T17:30:00Z'),
      true,
    );
    journal.markDone('pg-query');
    journal.markDone('git-tools');
    const { io } = await sync(root, ...SELECTED);
    expect(io.stderr[0]).toBe(
      'afscore sync: resuming the run started 2026-11-25T17:30:00.000Z: 2 of 3 already done (--fresh starts over)',
    );
    expect(io.stdout.at(-1)).toMatch(/1 checked \(2 more done before the interruption\)/);
    expect(read(root, 'data/packages/pg-query.md')).toContain('version: "2.1.0"');
    expect(existsSync(join(root, '.state/sync-journal.json'))).toBe(false);
    const again = await sync(root, ...SELECTED, '--fresh');
    expect(again.io.stderr[0]).toBe('afscore sync: never-run is removed; nothing to sync');
    expect(again.io.stdout.at(-1)).toMatch(/2 checked: 2 updated/);
  });

  it('announces new versions, deprecations and removals in the change feed, from the merge time', async () => {
    const root = repo();
    const git = (date: string, ...args: string[]) =>
      execFileSync('git', ['-C', root, ...args], {
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'm',
          GIT_AUTHOR_EMAIL: 'm@example.org',
          GIT_COMMITTER_NAME: 'm',
          GIT_COMMITTER_EMAIL: 'm@example.org',
          GIT_AUTHOR_DATE: date,
          GIT_COMMITTER_DATE: date,
        },
      });
    git('2026-11-01T00:00:00Z', 'init', '--quiet', '--initial-branch', 'main');
    git('2026-11-01T00:00:00Z', 'add', '.');
    git('2026-11-01T00:00:00Z', 'commit', '--quiet', '-m', 'catalogue');
    await sync(root, ...SELECTED);
    git('2026-11-26T06:00:00Z', 'add', 'data');
    git('2026-11-26T06:00:00Z', 'commit', '--quiet', '-m', 'Registry sync');
    fake.npm.set('@example/pg-query', packument('@example/pg-query', '2.3.0'));
    await sync(root, '--package', 'pg-query');
    git('2026-11-27T06:00:00Z', 'commit', '--quiet', '-am', 'Registry sync');
    fake.npm.set('@example/pg-query', packument('@example/pg-query', '2.2.0'));

    const loaded = loadRepository(root, { asOf: '2026-11-28T00:00:00Z' });
    expect(loaded.issues).toEqual([]);
    const index = buildPackageIndex(buildCatalogue(loaded.input));
    const feed = changesSince(index, {
      sinceMs: Date.parse('2026-11-25T00:00:00Z'),
      since: '',
      page: 1,
      perPage: 100,
    });
    const byId = new Map(feed.items.map((item) => [item.id, item]));
    expect(byId.get('pg-query')).toMatchObject({
      change: 'new-version',
      version: '2.3.0',
      previous_version: '2.2.0',
      evaluated_version: '2.1.0',
      evaluation_status: 'Needs re-evaluation',
      updated_at: '2026-11-27T06:00:00.000Z',
    });
    expect(byId.get('git-tools')).toMatchObject({
      change: 'deprecated',
      deprecated: { date: '2026-11-25', reason: 'Deprecated on npm: Use @example/git-suite' },
      updated_at: '2026-11-26T06:00:00.000Z',
    });
    expect(byId.get('never-run')).toMatchObject({ change: 'removed', removed: true });
  });

  it('takes download counts from a table when the downloads API is out of reach, asking no registry', async () => {
    const root = repo();
    await sync(root, '--package', 'pg-query', '--sources', 'npm');
    const table = join(root, 'npm-downloads.tsv');
    writeFileSync(
      table,
      'name\tversion\tdownloads_a_month\tsummary\n@example/pg-query\t2.2.0\t3400000\tRuns SQL\n@example/broken\t1.0.0\tmany\t\n',
    );
    utimesSync(table, new Date('2026-11-24T00:00:00Z'), new Date('2026-11-24T00:00:00Z'));
    const asked = fake.requests.length;
    const { code, io } = await sync(
      root,
      '--package',
      'pg-query',
      '--sources',
      'downloads',
      '--downloads-file',
      table,
    );
    expect(code).toBe(0);
    expect(fake.requests.length).toBe(asked);
    expect(io.stderr).toContain(
      'afscore sync: --downloads-file: skipped 1 row(s) without a whole-number count',
    );
    expect(record(root, 'pg-query').sources.npm).toMatchObject({
      latest_version: '2.2.0',
      downloads_monthly: 3_400_000,
      downloads_checked_at: '2026-11-24T00:00:00.000Z',
    });
    const loaded = loadRepository(root, { asOf: '2026-11-26T00:00:00Z', withoutGit: true });
    const entry = buildCatalogue(loaded.input).queue.find((item) => item.id === 'pg-query');
    expect(entry?.priority_factors).toContainEqual({
      factor: 'popularity',
      text: '3,400,000 downloads a month',
      points: 35,
    });

    const headless = join(root, 'no-header.tsv');
    writeFileSync(headless, '@example/pg-query\t3400000\n');
    const refused = await sync(root, '--sources', 'downloads', '--downloads-file', headless);
    expect(refused.code).toBe(2);
    expect(refused.io.stderr[0]).toContain('its first line must name the columns');
  });

  it('refuses unknown packages, sources and rates with the usage', async () => {
    const root = repo();
    expect((await sync(root, '--package', 'nope')).code).toBe(1);
    const badSource = await sync(root, '--sources', 'npm,crates');
    expect(badSource.code).toBe(2);
    expect(badSource.io.stderr[0]).toContain(
      '--sources takes npm, pypi, mcp-registry, downloads; not "crates"',
    );
    expect((await sync(root, '--rate', '0')).code).toBe(2);
  });
});
