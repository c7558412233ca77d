/**
 * Checkout leases over real HTTP: claiming the next package or a given one, renewing, conflicts,
 * releasing, the queue showing claims, a submission releasing its lease, and the checkout quota.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { loadValidator } from './support/api-client.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let server: TestServer;
let stateDir: string;
const keys: Record<string, string> = {};

beforeAll(async () => {
  stateDir = tempDir();
  // The project's built site, for the queue page; state in a folder of this test's own.
  server = await startTestServer(tempDir(), {
    AFSCORE_ROOT: join(import.meta.dirname, '..'),
    AFSCORE_STATE_DIR: stateDir,
    AFSCORE_CHECKOUT_LIMIT: '16',
    AFSCORE_READ_LIMIT: '100000',
  });
  for (const login of ['grace-h', 'ada-evaluates']) {
    const io = captureIo(server.root);
    expect(await main(['keys', 'issue', login, '--state', stateDir], io)).toBe(0);
    keys[login] = io.stdout[0]!;
  }
});
afterAll(() => server.close());

function call(method: string, path: string, login?: string) {
  return fetch(`${server.url}${path}`, { method, headers: login ? { 'X-Api-Key': keys[login]! } : {} });
}

describe('checkout leases', () => {
  it('claims the most urgent free package, and the queue shows it', async () => {
    const response = await call('POST', '/v1/checkout', 'grace-h');
    expect(response.status).toBe(201);
    const lease = await response.json();
    expect((await loadValidator(server.url))('Lease', lease)).toEqual([]);
    expect(lease).toMatchObject({ package_id: 'partial-only', claimed_by: 'grace-h' });
    expect(Date.parse(lease.claimed_until) - Date.parse(lease.claimed_at)).toBe(24 * 3_600_000);
    expect(response.headers.get('ratelimit-policy')).toBe('"checkout";q=16;w=86400');
    const queue = await (await call('GET', '/v1/queue')).json();
    expect(queue.items.find((entry: { id: string }) => entry.id === 'partial-only')).toMatchObject({
      claimed: true,
      claimed_until: lease.claimed_until,
    });
    const next = await (await call('POST', '/v1/checkout', 'ada-evaluates')).json();
    expect(next.package_id).toBe('never-run');
  });

  it('renews for the holder and refuses others with 409', async () => {
    expect((await call('POST', '/v1/checkout/git-tools', 'grace-h')).status).toBe(201);
    expect((await call('POST', '/v1/checkout/git-tools', 'grace-h')).status).toBe(200);
    const taken = await call('POST', '/v1/checkout/git-tools', 'ada-evaluates');
    expect(taken.status).toBe(409);
    expect((await taken.json()).detail).toContain('grace-h is evaluating git-tools');
    expect((await (await call('GET', '/v1/checkout/git-tools')).json()).claimed_by).toBe('grace-h');
  });

  it('lets only the holder release, and answers unknown packages and missing leases', async () => {
    expect((await call('DELETE', '/v1/checkout/git-tools', 'ada-evaluates')).status).toBe(403);
    expect((await call('DELETE', '/v1/checkout/git-tools', 'grace-h')).status).toBe(204);
    expect((await call('GET', '/v1/checkout/git-tools')).status).toBe(404);
    expect((await call('POST', '/v1/checkout/ghost-server', 'grace-h')).status).toBe(404);
    expect((await call('POST', '/v1/checkout/git-tools')).status).toBe(401);
  });

  it('releases the lease when its holder submits an evaluation of the package', async () => {
    expect((await call('POST', '/v1/checkout/old-notes', 'grace-h')).status).toBe(201);
    const doc = buildEvaluation({
      id: uuidFor('lease/submit'),
      packageId: 'old-notes',
      version: '0.9.0',
      contributor: 'grace-h',
      finishedAt: '2026-11-01T09:00:00Z',
      configSha: 'e'.repeat(64),
    });
    const submitted = await fetch(`${server.url}/v1/evaluations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': keys['grace-h']! },
      body: JSON.stringify(doc),
    });
    expect(submitted.status).toBe(202);
    expect((await call('GET', '/v1/checkout/old-notes')).status).toBe(404);
  });

  it('counts checkout requests per client and answers 429 past the limit', async () => {
    let status = 0;
    const answers: number[] = [];
    for (let index = 0; index < 17 && status !== 429; index++) {
      status = (await call('GET', '/v1/checkout/pg-query')).status;
      answers.push(status);
    }
    expect(status).toBe(429);
    expect(answers.slice(0, -1).every((answer) => answer === 404)).toBe(true);
  });
});
