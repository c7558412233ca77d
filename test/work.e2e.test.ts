/**
 * `afscore work` end to end (issue 20): the real server on a free port over a small catalogue of
 * npm packages served by a local registry, submissions delivered to a real git repository (the
 * local-branch backend), and workers run as separate processes, as an operator runs them. Two
 * workers sharing one key drain the queue without taking the same package; one is killed with
 * SIGKILL mid-evaluation and, restarted from its journal, finishes the package it held under the
 * evaluation id it had planned, so nothing is lost and nothing submitted twice. SIGTERM gives a
 * running evaluation back. A package that does not start is submitted with its public reason.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { readConfig } from '../src/server/config.ts';
import { type RunningServer, startServer } from '../src/server/main.ts';
import { captureIo } from './support/capture-io.ts';
import { type FakeRegistry, packFolder, startFakeRegistry } from './support/fake-npm-registry.ts';
import { useTempDirs } from './support/temp-dir.ts';

const REPO = join(import.meta.dirname, '..');
const FIXTURES = join(import.meta.dirname, 'fixtures', 'npm-packages');
const tempDir = useTempDirs();

/**
 * The catalogue: four npm servers, none evaluated. The queue takes equal priorities in id order, so
 * the server that fails at once (it needs a token) is named to come last: the first package a
 * worker takes is one whose evaluation is still running when the tests stop or kill the worker.
 */
const NEEDS_TOKEN = 'token-notes';
const PACKAGES = [
  { id: 'time-teller', npm: 'mcp-time-teller', folder: 'time-teller' },
  { id: 'flag-keeper', npm: 'mcp-flag-keeper', folder: 'usage-printer' },
  { id: NEEDS_TOKEN, npm: 'mcp-crm-notes', folder: 'token-needer' },
  { id: 'pdf-viewer', npm: 'mcp-pdf-viewer', folder: 'http-first' },
] as const;

let registry: FakeRegistry;
let server: RunningServer;
let root: string;
let delivered: string;
let key: string;
let npmCache: string;
/** The workers' TMPDIR: a worker killed with SIGKILL cannot remove its sandbox, and this folder goes with the test. */
let workerTmp: string;

function git(...args: string[]): string {
  return execFileSync('git', ['-C', delivered, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'm',
      GIT_AUTHOR_EMAIL: 'm@e.org',
      GIT_COMMITTER_NAME: 'm',
      GIT_COMMITTER_EMAIL: 'm@e.org',
    },
  }).trim();
}

function writeCatalogue(dir: string): void {
  mkdirSync(join(dir, 'data', 'categories'), { recursive: true });
  mkdirSync(join(dir, 'data', 'packages'), { recursive: true });
  mkdirSync(join(dir, 'evaluations'), { recursive: true });
  writeFileSync(
    join(dir, 'data', 'categories', 'developer-tools.md'),
    '---\nslug: developer-tools\nname: Developer tools\ndescription: Tools for developers.\n---\nTools for developers.\n',
  );
  for (const pkg of PACKAGES) {
    writeFileSync(
      join(dir, 'data', 'packages', `${pkg.id}.md`),
      `---\nid: ${pkg.id}\nname: ${pkg.id}\nkind: mcp-server\ncategory: developer-tools\ndescription: "The ${pkg.npm} server."\nrepository: https://github.com/example/${pkg.id}\ndistribution:\n  npm: "${pkg.npm}"\nversion: "1.0.0"\nlicense: "MIT"\nmaintainers: []\nadded: 2026-11-01\n---\n\nA fixture server.\n`,
    );
  }
}

beforeAll(async () => {
  const shared = { 'mini-mcp.cjs': join(FIXTURES, 'mini-mcp.cjs') };
  registry = await startFakeRegistry(PACKAGES.map((pkg) => packFolder(join(FIXTURES, pkg.folder), shared)));
  root = tempDir();
  writeCatalogue(root);
  const io = captureIo(root);
  expect(
    await main(
      ['build', '--root', root, '--out', join(root, 'generated'), '--as-of', '2026-11-20T00:00:00Z'],
      io,
    ),
  ).toBe(0);
  delivered = tempDir();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(delivered, 'README.md'), 'catalogue\n');
  git('add', '.');
  git('commit', '-qm', 'start');
  const stateDir = join(root, '.state');
  server = await startServer(
    readConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        AFSCORE_GENERATED_DIR: join(root, 'generated'),
        AFSCORE_STATE_DIR: stateDir,
        AFSCORE_DELIVERY: 'local',
        AFSCORE_LOCAL_REPO: delivered,
        AFSCORE_DELIVERY_RETRY_MS: '50',
        AFSCORE_CHECKOUT_LIMIT: '1000',
        AFSCORE_SUBMIT_LIMIT: '1000',
        AFSCORE_READ_LIMIT: '100000',
      },
      root,
    ),
    () => {},
  );
  const keyIo = captureIo(root);
  expect(await main(['keys', 'issue', 'ada-evaluates', '--state', stateDir], keyIo)).toBe(0);
  key = keyIo.stdout[0]!;
  const cacheParent = tempDir();
  chmodSync(cacheParent, 0o755);
  npmCache = join(cacheParent, 'npm-cache');
  workerTmp = tempDir('afscore-work-tmp-');
  // Sandbox folders are made here, and the sandbox user must be able to pass through to them.
  chmodSync(workerTmp, 0o711);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await registry?.close();
});

interface Worker {
  child: ChildProcess;
  stderr: string[];
  exited: Promise<number | null>;
}

function startWorker(journal: string, extra: readonly string[] = []): Worker {
  const child = spawn(
    process.execPath,
    [
      join(REPO, 'scripts', 'cli.ts'),
      'work',
      '--api',
      server.url,
      '--no-llm',
      '--journal',
      journal,
      ...extra,
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? root,
        AFSCORE_API_KEY: key,
        AFSCORE_NPM_CACHE: npmCache,
        npm_config_registry: registry.url,
        TMPDIR: workerTmp,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stderr: string[] = [];
  let buffer = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    stderr.push(...lines);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr, exited };
}

async function waitFor(worker: Worker, pattern: RegExp, ms = 120_000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const found = worker.stderr.find((line) => pattern.test(line));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no line matching ${pattern} in:\n${worker.stderr.join('\n')}`);
}

function journalEvents(dir: string): { t: string; id: string; evaluation_id?: string }[] {
  return readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

/** The evaluations delivered to the repository, as package id → evaluation ids. */
function deliveredEvaluations(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const branch of git('branch', '--list', 'submissions/*', '--format=%(refname:short)')
    .split('\n')
    .filter(Boolean)) {
    for (const path of git('diff', '--name-only', 'main', branch).split('\n')) {
      const match = /^evaluations\/([^/]+)\/([^/]+)\.json$/.exec(path);
      if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
    }
  }
  return found;
}

describe('afscore work against the service', () => {
  it('gives a running evaluation back on SIGTERM, and leaves nothing claimed', async () => {
    const journal = tempDir();
    const worker = startWorker(journal, ['--grace', '1']);
    const line = await waitFor(worker, /: evaluating npm:/);
    const id = line.trim().split(':')[0]!;
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.stderr.join('\n')).toContain('SIGTERM: taking nothing new');
    expect(worker.stderr.join('\n')).toContain(`${id}: stopped; given back for others to take`);
    expect(worker.stderr.join('\n')).toContain('Stopped: asked to stop.');
    expect((await fetch(`${server.url}/v1/checkout/${id}`)).status).toBe(404);
    expect(journalEvents(journal).map((event) => event.t)).toEqual(['claimed', 'released']);
  }, 180_000);

  it('stops on SIGTERM even while a download stalls, and gives the package back', async () => {
    const journal = tempDir();
    registry.hold();
    try {
      const worker = startWorker(journal, ['--grace', '1']);
      const line = await waitFor(worker, /: evaluating npm:/);
      const id = line.trim().split(':')[0]!;
      worker.child.kill('SIGTERM');
      // Bounded, so a worker that hangs fails this test without holding up the next.
      const exited = await Promise.race([
        worker.exited,
        new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 60_000)),
      ]);
      if (exited === 'still running') worker.child.kill('SIGKILL');
      expect(exited).toBe(0);
      expect(worker.stderr.join('\n')).toContain(`${id}: stopped; given back for others to take`);
      expect((await fetch(`${server.url}/v1/checkout/${id}`)).status).toBe(404);
    } finally {
      registry.release();
    }
  }, 180_000);

  it('drains the queue with two workers on one key, survives a kill -9, and submits each package once', async () => {
    const journalA = tempDir();
    const journalB = tempDir();
    const a = startWorker(journalA);
    const held = (await waitFor(a, /: evaluating npm:/)).trim().split(':')[0]!;
    const b = startWorker(journalB, ['--concurrency', '1']);
    // Killed mid-evaluation: no chance to give the lease back or write another journal line.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    a.child.kill('SIGKILL');
    await a.exited;
    const planned = journalEvents(journalA).find((event) => event.t === 'claimed' && event.id === held)!;
    expect(planned.evaluation_id).toMatch(/^[0-9a-f-]{36}$/);

    // B takes everything else, never the package A's lease holds.
    expect(await b.exited).toBe(0);
    const bTook = journalEvents(journalB)
      .filter((event) => event.t === 'claimed')
      .map((event) => event.id);
    expect(bTook).not.toContain(held);
    expect(new Set(bTook).size).toBe(bTook.length);
    expect(b.stderr.join('\n')).toMatch(/\[1\/\d+\] [\d.]+\/h, ETA/);
    expect(b.stderr.join('\n')).toContain('Stopped: the queue has nothing more for this worker.');

    // A, restarted, resumes from its journal: the same package under the same evaluation id.
    const again = startWorker(journalA);
    expect(await again.exited).toBe(0);
    expect(again.stderr.join('\n')).toContain('Resuming 1 unfinished package(s)');
    await expect.poll(() => deliveredEvaluations().size, { timeout: 20_000 }).toBe(PACKAGES.length);
    const evaluations = deliveredEvaluations();
    for (const pkg of PACKAGES) expect(evaluations.get(pkg.id), pkg.id).toHaveLength(1);
    expect(evaluations.get(held)).toEqual([planned.evaluation_id]);

    // The server that needs a token is submitted as "does not start", naming the variable.
    const crm = evaluations.get(NEEDS_TOKEN)![0]!;
    const branch = git('branch', '--list', 'submissions/*', '--format=%(refname:short)')
      .split('\n')
      .find((name) => git('diff', '--name-only', 'main', name).includes(crm))!;
    const doc = JSON.parse(git('show', `${branch}:evaluations/${NEEDS_TOKEN}/${crm}.json`));
    expect(doc.scores.status).toBe('unrunnable');
    expect(doc.inputs.launch.failure).toMatchObject({
      class: 'missing-variable',
      variable: 'ACME_CRM_TOKEN',
    });
    // The others started the way their READMEs say.
    const all = [...b.stderr, ...again.stderr].join('\n');
    expect(all).toMatch(/flag-keeper: scored \d+/);
    expect(all).toMatch(/pdf-viewer: scored \d+/);
    expect(all).toContain(`${NEEDS_TOKEN}: does not start: missing variable ACME_CRM_TOKEN`);
  }, 600_000);
});
