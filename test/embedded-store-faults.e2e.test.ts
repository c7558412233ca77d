/**
 * The embedded store on a state folder that cannot be written: read-only from the start, or full
 * while the server runs. Either way the server keeps running, reads keep answering, and every
 * contribution request gets a 503 problem that says what is wrong, never a 500 or a crash.
 *
 * Read-only is a folder without write permission. Root ignores permissions, so when the tests run
 * as root the server runs without the capability that lets it (CAP_DAC_OVERRIDE, dropped with
 * setpriv): still root, so it reads the checkout wherever it lives and whoever owns it, but the
 * folder's modes now bind it. Full is a file-size limit on the server process
 * (`prlimit --fsize`): the database's write-ahead log cannot grow past it, as on a full disk.
 */
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { type Instance, startInstance } from './support/instance.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { buildFixture } from './support/test-server.ts';

const tempDir = useTempDirs();
const instances: Instance[] = [];
afterAll(async () => {
  for (const instance of instances) await instance.kill();
});

/** A wrapper that takes root's power over file permissions away, when we are root. */
function boundByPermissions(): string[] | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return ['setpriv', '--inh-caps=-dac_override', '--bounding-set=-dac_override', '--'];
}

async function prepared(): Promise<{ root: string; generatedDir: string; stateDir: string; key: string }> {
  const root = tempDir();
  const generatedDir = await buildFixture(root);
  const stateDir = join(root, 'state');
  const io = captureIo(root);
  expect(await main(['keys', 'issue', 'grace-h', '--state', stateDir], io)).toBe(0);
  return { root, generatedDir, stateDir, key: io.stdout[0]! };
}

let counter = 0;
function submit(url: string, key: string): Promise<Response> {
  const label = `faults/${counter++}`;
  const doc = buildEvaluation({
    id: uuidFor(label),
    packageId: 'never-run',
    version: '0.1.0',
    contributor: 'grace-h',
    finishedAt: '2026-11-01T09:00:00Z',
    configSha: uuidFor(label).replaceAll('-', '').padEnd(64, '0'),
  });
  return fetch(`${url}/v1/evaluations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': key },
    body: JSON.stringify(doc),
  });
}

async function expectUnavailable(response: Response, mentions: RegExp): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect(response.headers.get('retry-after')).toBe('60');
  const body = await response.json();
  expect(body).toMatchObject({ type: 'https://afscore.dev/problems/unavailable', status: 503 });
  expect(body.detail).toMatch(mentions);
  expect(body.detail).toContain('Reads still work');
}

async function expectReadsWork(url: string): Promise<void> {
  for (const path of ['/v1/stats', '/v1/packages/pg-query', '/v1/queue', '/badge/pg-query.svg', '/healthz'])
    expect((await fetch(`${url}${path}`)).status, path).toBe(200);
}

describe('a read-only state folder', () => {
  let server: Instance;
  let key: string;
  let stateDir: string;

  beforeAll(async () => {
    const setup = await prepared();
    ({ key, stateDir } = setup);
    for (const file of readdirSync(stateDir)) chmodSync(join(stateDir, file), 0o444);
    chmodSync(stateDir, 0o555);
    const wrapper = boundByPermissions();
    server = await startInstance(
      {
        AFSCORE_GENERATED_DIR: setup.generatedDir,
        AFSCORE_STATE_DIR: setup.stateDir,
        AFSCORE_LOCAL_REPO: setup.root,
        AFSCORE_READ_LIMIT: '100000',
      },
      wrapper ? { wrapper } : {},
    );
    instances.push(server);
  }, 30_000);
  // Writable again once the server is gone, so that a user other than root can remove the folder.
  afterAll(async () => {
    await server?.kill();
    chmodSync(stateDir, 0o755);
  });

  it('starts, serves every read, and answers contributions with 503', async () => {
    expect(server.logs.join('\n')).toContain('state store unavailable, contributions will answer 503');
    await expectReadsWork(server.url);
    await expectUnavailable(await submit(server.url, key), /state folder .* cannot be used/);
    await expectUnavailable(
      await fetch(`${server.url}/v1/checkout/pg-query`, { method: 'POST', headers: { 'X-Api-Key': key } }),
      /cannot be used/,
    );
    await expectUnavailable(
      await fetch(`${server.url}/v1/evaluations/sub_${'0'.repeat(24)}`),
      /cannot be used/,
    );
    expect(server.alive()).toBe(true);
  });
});

describe('a state folder that fills up while the server runs', () => {
  let server: Instance;
  let key: string;
  let stateDir: string;

  beforeAll(async () => {
    const setup = await prepared();
    ({ key, stateDir } = setup);
    // Room for a dozen submissions in the write-ahead log, then the "disk" is full.
    const limit = statSync(join(stateDir, 'afscore.sqlite')).size + 160 * 1024;
    server = await startInstance(
      {
        AFSCORE_GENERATED_DIR: setup.generatedDir,
        AFSCORE_STATE_DIR: stateDir,
        AFSCORE_LOCAL_REPO: setup.root,
        AFSCORE_READ_LIMIT: '100000',
        AFSCORE_SUBMIT_LIMIT: '100000',
      },
      { wrapper: ['prlimit', `--fsize=${limit}:${limit}`] },
    );
    instances.push(server);
  }, 30_000);

  it('accepts until the disk is full, then answers 503, keeps reading, and stays up', async () => {
    const statuses: number[] = [];
    let refusal: Response | undefined;
    for (let index = 0; index < 200 && !refusal; index++) {
      const response = await submit(server.url, key);
      statuses.push(response.status);
      if (response.status === 202) await response.arrayBuffer();
      else refusal = response;
    }
    expect(statuses.length).toBeGreaterThan(3);
    expect(statuses.slice(0, -1).every((status) => status === 202)).toBe(true);
    await expectUnavailable(refusal!, /state store failed: .*(disk|full|I\/O)/i);
    // Still refused, still up, reads still served.
    await expectUnavailable(await submit(server.url, key), /state store failed/);
    await expectReadsWork(server.url);
    expect(server.alive()).toBe(true);
  });
});
