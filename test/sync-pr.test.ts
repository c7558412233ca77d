/**
 * The daily workflow's last step, `afscore sync-pr`, in a real git repository with a real (bare)
 * remote and the GitHub fake: sync and import change data/, the changes land as one commit on the
 * registry-sync branch, pushed, and one labelled pull request carries the summary tables; the next
 * day's run rebuilds the branch and updates the same pull request.
 */
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { type FakeRegistries, registryFixture, startFakeRegistries } from './support/fake-registries.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
const REPO = join(import.meta.dirname, '..');
let registries: FakeRegistries;
let github: FakeGitHub;
const savedEnv = { ...process.env };

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Maintainer',
  GIT_AUTHOR_EMAIL: 'm@example.org',
  GIT_COMMITTER_NAME: 'Maintainer',
  GIT_COMMITTER_EMAIL: 'm@example.org',
};

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], {
    env: { ...process.env, ...IDENTITY },
    encoding: 'utf8',
  }).trim();
}

/** A clone of the catalogue with an origin, as actions/checkout leaves it. */
function checkout(): { work: string; origin: string } {
  const origin = tempDir('afscore-origin-');
  git(origin, 'init', '--quiet', '--bare', '--initial-branch', 'main');
  const work = tempDir('afscore-work-');
  for (const dir of ['data/categories', 'data/packages', 'data/registry']) {
    cpSync(join(REPO, dir), join(work, dir), { recursive: true });
  }
  git(work, 'init', '--quiet', '--initial-branch', 'main');
  git(work, 'add', '.');
  git(work, 'commit', '--quiet', '-m', 'The catalogue');
  git(work, 'remote', 'add', 'origin', origin);
  git(work, 'push', '--quiet', 'origin', 'main');
  return { work, origin };
}

function publish(version: string): void {
  const packument = registryFixture('npm/playwright-mcp.json') as {
    'dist-tags': Record<string, string>;
    versions: Record<string, Record<string, unknown>>;
    time: Record<string, string>;
  };
  packument.versions[version] = {
    ...packument.versions['0.0.83'],
    version,
    _id: `@playwright/mcp@${version}`,
  };
  packument['dist-tags'].latest = version;
  packument.time[version] = '2026-11-24T16:20:00.000Z';
  registries.npm.set('@playwright/mcp', packument);
}

beforeAll(async () => {
  registries = await startFakeRegistries();
  github = await startFakeGitHub('acme/afscore');
  registries.servers = registryFixture('mcp-registry/servers.json') as unknown as Record<string, unknown>[];
});
afterAll(async () => {
  await registries.close();
  await github.close();
});
afterEach(() => {
  process.env = { ...savedEnv };
});

async function cli(work: string, ...args: string[]) {
  const io = captureIo(work, Date.parse('2026-11-25T05:17:00Z'));
  const code = await main(args, io);
  return { code, io };
}

async function dailyRun(work: string) {
  const sync = await cli(
    work,
    'sync',
    '--package',
    'playwright-mcp',
    '--sources',
    'npm',
    '--npm-registry',
    registries.endpoints.npm,
    '--rate',
    '50',
    '--report',
    'sync.json',
    '--state',
    join(work, '.state'),
  );
  expect(sync.code).toBe(0);
  const imported = await cli(
    work,
    'import',
    'mcp-registry',
    '--registry-url',
    registries.endpoints.mcpRegistry,
    '--rate',
    '50',
    '--report',
    'import.json',
  );
  expect(imported.code).toBe(0);
  process.env.AFSCORE_GITHUB_TOKEN = 'ghs_test';
  process.env.AFSCORE_GITHUB_REPO = 'acme/afscore';
  process.env.AFSCORE_GITHUB_API_URL = github.url;
  process.env.AFSCORE_GITHUB_THROTTLE = 'off';
  return cli(work, 'sync-pr', '--sync-report', 'sync.json', '--import-report', 'import.json');
}

describe('afscore sync-pr', () => {
  it('pushes one commit on registry-sync and opens one labelled pull request with the summary', async () => {
    const { work, origin } = checkout();
    publish('0.0.84');
    const { code, io } = await dailyRun(work);
    expect(code).toBe(0);
    expect(io.stdout.at(-1)).toMatch(
      /^✓ sync-pr: \d+ file\(s\) on registry-sync; opened https:\/\/github.com\/acme\/afscore\/pull\/1$/,
    );

    const main = git(origin, 'rev-parse', 'main');
    expect(git(origin, 'rev-parse', 'registry-sync^')).toBe(main);
    const files = git(origin, 'diff', '--name-status', 'main', 'registry-sync').split('\n');
    expect(files).toEqual(
      expect.arrayContaining([
        'M\tdata/packages/playwright-mcp.md',
        'M\tdata/registry/playwright-mcp.json',
        'A\tdata/packages/warehouse-mcp.md',
        'A\tdata/registry/warehouse-mcp.json',
        'A\tdata/registry/.imports.json',
      ]),
    );
    expect(files.every((line) => /\tdata\//.test(line))).toBe(true);
    expect(git(origin, 'show', 'registry-sync:data/packages/playwright-mcp.md')).toContain(
      'version: "0.0.84"',
    );
    expect(git(origin, 'log', '-1', '--format=%an <%ae>%n%s', 'registry-sync')).toBe(
      'afscore sync <sync@afscore.invalid>\nRegistry sync 2026-11-25: 1 new version, 3 added',
    );
    // The checkout itself is left as it was: still on main, the changes still in the work tree.
    expect(git(work, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
    expect(git(work, 'status', '--porcelain', '--', 'data/packages/playwright-mcp.md')).toBe(
      'M data/packages/playwright-mcp.md',
    );

    expect(github.pulls).toHaveLength(1);
    const pull = github.pulls[0]!;
    expect(pull).toMatchObject({ head: 'registry-sync', base: 'main', labels: ['registry-sync'] });
    expect(pull.title).toBe('Registry sync 2026-11-25: 1 new version, 3 added');
    expect(pull.body).toContain(
      '| Checked | Updated | Unchanged | Failed | New versions | Deprecated | Removed |',
    );
    expect(pull.body).toContain('| `playwright-mcp` | version 0.0.83 → 0.0.84 |');
    expect(pull.body).toContain('| `warehouse-mcp` | io.github.acme\\-data/warehouse\\-mcp | databases |');
  });

  it('rebuilds the branch the next day and updates the same pull request', async () => {
    const { work, origin } = checkout();
    publish('0.0.84');
    await dailyRun(work);
    const pullsBefore = github.pulls.length;
    const firstCommit = git(origin, 'rev-parse', 'registry-sync');
    publish('0.0.85');
    const { code, io } = await dailyRun(work);
    expect(code).toBe(0);
    expect(io.stdout.at(-1)).toMatch(/updated https:\/\/github.com\/acme\/afscore\/pull\/\d+$/);
    expect(github.pulls).toHaveLength(pullsBefore);
    expect(git(origin, 'rev-parse', 'registry-sync')).not.toBe(firstCommit);
    expect(git(origin, 'rev-parse', 'registry-sync^')).toBe(git(origin, 'rev-parse', 'main'));
    expect(git(origin, 'show', 'registry-sync:data/packages/playwright-mcp.md')).toContain(
      'version: "0.0.85"',
    );
    expect(github.pulls.at(-1)?.title).toBe('Registry sync 2026-11-25: 1 new version');
  });

  it('opens nothing when nothing changed, and asks for the GitHub settings it needs', async () => {
    const { work } = checkout();
    process.env.AFSCORE_GITHUB_TOKEN = 'ghs_test';
    process.env.AFSCORE_GITHUB_REPO = 'acme/afscore';
    const quiet = await cli(work, 'sync-pr');
    expect(quiet.io.stdout).toEqual(['✓ sync-pr: nothing under data/ changed; no pull request']);
    delete process.env.AFSCORE_GITHUB_TOKEN;
    delete process.env.GITHUB_TOKEN;
    const missing = await cli(work, 'sync-pr');
    expect(missing.code).toBe(2);
    expect(missing.io.stderr[0]).toContain('set AFSCORE_GITHUB_TOKEN and AFSCORE_GITHUB_REPO');
  });
});
