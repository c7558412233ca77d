/**
 * The local backend over real HTTP and a real git repository: the submission becomes a branch
 * `submissions/<id>` with one commit adding the file, and the repository's work tree, index and
 * HEAD are left exactly as they were.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let server: TestServer;
let repository: string;

function git(...args: string[]): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'm',
    GIT_AUTHOR_EMAIL: 'm@example.org',
    GIT_COMMITTER_NAME: 'm',
    GIT_COMMITTER_EMAIL: 'm@example.org',
  };
  return execFileSync('git', ['-C', repository, ...args], { env, encoding: 'utf8' }).trim();
}

beforeAll(async () => {
  repository = tempDir();
  git('init', '-q', '-b', 'main');
  mkdirSync(join(repository, 'evaluations'));
  writeFileSync(join(repository, 'README.md'), 'catalogue\n');
  git('add', '.');
  git('commit', '-qm', 'start');
  // A maintainer's work in progress, which delivery must not disturb.
  writeFileSync(join(repository, 'README.md'), 'catalogue, edited\n');
  writeFileSync(join(repository, 'notes.txt'), 'untracked\n');
  server = await startTestServer(tempDir(), {
    AFSCORE_DELIVERY: 'local',
    AFSCORE_LOCAL_REPO: repository,
    AFSCORE_DELIVERY_RETRY_MS: '50',
  });
});
afterAll(() => server.close());

describe('the local git backend', () => {
  it('commits the submission to its own branch without touching the work tree', async () => {
    const headBefore = git('rev-parse', 'HEAD');
    const statusBefore = git('status', '--porcelain');
    const io = captureIo(server.root);
    expect(await main(['keys', 'issue', 'grace-h', '--state', join(server.root, '.state')], io)).toBe(0);
    const doc = buildEvaluation({
      id: uuidFor('local/1'),
      packageId: 'never-run',
      version: '0.1.0',
      contributor: 'grace-h',
      finishedAt: '2026-11-01T09:00:00Z',
    });
    const response = await fetch(`${server.url}/v1/evaluations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': io.stdout[0]! },
      body: JSON.stringify(doc),
    });
    expect(response.status).toBe(202);
    const { submission_id: id } = await response.json();
    await expect
      .poll(async () => (await (await fetch(`${server.url}/v1/evaluations/${id}`)).json()).status, {
        timeout: 10_000,
      })
      .toBe('delivered');

    const branch = `submissions/${id}`;
    expect(git('branch', '--list', 'submissions/*')).toBe(branch);
    expect(git('rev-parse', `${branch}^`)).toBe(headBefore);
    expect(git('diff', '--name-status', headBefore, branch)).toBe(
      `A\tevaluations/never-run/${doc.evaluation_id}.json`,
    );
    expect(JSON.parse(git('show', `${branch}:evaluations/never-run/${doc.evaluation_id}.json`))).toEqual(doc);
    expect(git('log', '-1', '--format=%s', branch)).toContain('Evaluation of never-run 0.1.0 by grace-h');
    const status = await (await fetch(`${server.url}/v1/evaluations/${id}`)).json();
    expect(status.review_url).toBe(`git+file://${repository}#${branch}`);
    expect(git('rev-parse', 'HEAD')).toBe(headBefore);
    expect(git('status', '--porcelain')).toBe(statusBefore);
  });
});
