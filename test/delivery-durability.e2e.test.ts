/**
 * Nothing accepted is lost: the real server, started as `node scripts/start.ts`, is killed with
 * SIGKILL after its 202 and before delivery; once restarted on the same state folder it delivers
 * the submission exactly once. And a retry after a pull request was opened does not open another.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { buildFixture } from './support/test-server.ts';

const ROOT = join(import.meta.dirname, '..');
const tempDir = useTempDirs();
let github: FakeGitHub;
let generatedDir: string;
let stateDir: string;
const children: ChildProcess[] = [];

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      AFSCORE_GENERATED_DIR: generatedDir,
      AFSCORE_STATE_DIR: stateDir,
      AFSCORE_GITHUB_REPO: 'acme/afscore',
      AFSCORE_GITHUB_TOKEN: 'test-token',
      AFSCORE_GITHUB_API_URL: github.url,
      AFSCORE_GITHUB_THROTTLE: 'off',
      AFSCORE_DELIVERY_RETRY_MS: '50',
      AFSCORE_READ_LIMIT: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /afscore serving (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url };
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  github = await startFakeGitHub();
  const root = tempDir();
  generatedDir = await buildFixture(root);
  stateDir = join(root, 'state');
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await github.close();
});

async function submit(url: string, label: string): Promise<string> {
  const io = captureIo(ROOT);
  expect(await main(['keys', 'issue', 'grace-h', '--state', stateDir], io)).toBe(0);
  const doc = buildEvaluation({
    id: uuidFor(`durable/${label}`),
    packageId: 'never-run',
    version: '0.1.0',
    contributor: 'grace-h',
    finishedAt: '2026-11-01T09:00:00Z',
    configSha: 'd'.repeat(63) + String(label.length % 10),
  });
  const response = await fetch(`${url}/v1/evaluations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': io.stdout[0]! },
    body: JSON.stringify(doc),
  });
  expect(response.status).toBe(202);
  return (await response.json()).submission_id;
}

async function statusOf(url: string, id: string): Promise<{ status: string; review_url: string | null }> {
  return (await fetch(`${url}/v1/evaluations/${id}`)).json();
}

describe('delivery durability', () => {
  it('delivers exactly once after the server is killed between the 202 and delivery', async () => {
    github.fail(10_000, { status: 503 });
    const first = await startServer();
    const id = await submit(first.url, 'killed');
    expect((await statusOf(first.url, id)).status).toBe('queued');
    await killed(first.child);
    github.heal();
    const second = await startServer();
    await expect
      .poll(async () => (await statusOf(second.url, id)).status, { timeout: 10_000 })
      .toBe('delivered');
    expect(github.pulls.filter((pull) => pull.head === `submissions/${id}`)).toHaveLength(1);
    await killed(second.child);
  });

  it('finds the pull request an interrupted attempt opened instead of opening another', async () => {
    // The pull request gets opened, but labelling it keeps failing: the delivery is never recorded.
    github.failWhen((method, path) => method === 'POST' && path.endsWith('/labels'), 10_000, { status: 502 });
    const first = await startServer();
    const id = await submit(first.url, 'interrupted-attempt');
    await expect
      .poll(() => github.pulls.some((pull) => pull.head === `submissions/${id}`), { timeout: 10_000 })
      .toBe(true);
    expect((await statusOf(first.url, id)).status).toBe('queued');
    await killed(first.child);
    github.heal();
    const second = await startServer();
    await expect
      .poll(async () => (await statusOf(second.url, id)).status, { timeout: 10_000 })
      .toBe('delivered');
    const pulls = github.pulls.filter((pull) => pull.head === `submissions/${id}`);
    expect(pulls).toHaveLength(1);
    expect(pulls[0]!.labels).toContain('evaluation');
    await killed(second.child);
  });
});
