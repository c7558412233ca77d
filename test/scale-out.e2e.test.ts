/**
 * Two afscore instances on one PostgreSQL database behind nginx behave as one service: they
 * migrate safely when started together, count daily limits together, give a package to exactly one
 * of two simultaneous checkouts, deliver each accepted submission exactly once though both run
 * delivery workers, ride out a PostgreSQL restart, and lose nothing when one is killed mid-run.
 * Everything is real: `node scripts/start.ts` processes, Debian's PostgreSQL and nginx, a fake
 * GitHub at its HTTP boundary.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { type Instance, startInstance } from './support/instance.ts';
import { type Balancer, startBalancer } from './support/nginx.ts';
import { type PostgresCluster, startPostgres } from './support/postgres.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { buildFixture } from './support/test-server.ts';

const tempDir = useTempDirs();
let cluster: PostgresCluster;
let db: Pool;
let github: FakeGitHub;
let root: string;
let environment: Record<string, string>;
let a: Instance;
let b: Instance;
let balancer: Balancer;
const keys: Record<string, string> = {};

async function issueKey(login: string): Promise<string> {
  const io = captureIo(root);
  expect(await main(['keys', 'issue', login], io)).toBe(0);
  return io.stdout[0]!;
}

function instanceEnv(name: string): Record<string, string> {
  return { ...environment, AFSCORE_STATE_DIR: join(root, `state-${name}`) };
}

beforeAll(async () => {
  [cluster, github] = await Promise.all([startPostgres({ settings: { fsync: 'off' } }), startFakeGitHub()]);
  root = tempDir();
  const generatedDir = await buildFixture(root);
  // The operator command writes keys where the servers read them.
  process.env.AFSCORE_DATABASE_URL = cluster.url;
  environment = {
    AFSCORE_DATABASE_URL: cluster.url,
    AFSCORE_TRUST_PROXY: 'loopback',
    AFSCORE_GENERATED_DIR: generatedDir,
    AFSCORE_GITHUB_REPO: 'acme/afscore',
    AFSCORE_GITHUB_TOKEN: 'test-token',
    AFSCORE_GITHUB_API_URL: github.url,
    AFSCORE_GITHUB_THROTTLE: 'off',
    AFSCORE_GITHUB_TIMEOUT_MS: '400',
    AFSCORE_DELIVERY_RETRY_MS: '100',
    AFSCORE_READ_LIMIT: '12',
    AFSCORE_CHECKOUT_LIMIT: '10000',
    AFSCORE_SUBMIT_LIMIT: '300',
  };
  // Started together: the migration lock makes one of them migrate and the other wait.
  [a, b] = await Promise.all([startInstance(instanceEnv('a')), startInstance(instanceEnv('b'))]);
  balancer = await startBalancer([a.address, b.address]);
  db = new Pool({ connectionString: cluster.url, max: 2 });
  db.on('error', () => {}); // the restart test drops its idle connections
  for (const login of ['ada-l', 'bob-k', 'grace-h', 'lin-q']) keys[login] = await issueKey(login);
}, 60_000);

afterAll(async () => {
  delete process.env.AFSCORE_DATABASE_URL;
  await Promise.all([a?.kill(), b?.kill()]);
  await balancer?.close();
  await db?.end();
  await github?.close();
  await cluster?.destroy();
});

/** A GET through the balancer as a given client (nginx appends its own address after it). */
function read(path: string, client: string): Promise<Response> {
  return fetch(`${balancer.url}${path}`, { headers: { 'X-Forwarded-For': client } });
}

let evaluations = 0;
function evaluation(login: string) {
  const label = `scale/${login}/${evaluations++}`;
  return buildEvaluation({
    id: uuidFor(label),
    packageId: 'never-run',
    version: '0.1.0',
    contributor: login,
    finishedAt: '2026-11-01T09:00:00Z',
    configSha: uuidFor(label).replaceAll('-', '').padEnd(64, '0'),
  });
}

function submit(base: string, login: string, body?: string): Promise<Response> {
  return fetch(`${base}/v1/evaluations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': keys[login]! },
    body: body ?? JSON.stringify(evaluation(login)),
  });
}

async function submissionIds(responses: Response[]): Promise<string[]> {
  return Promise.all(
    responses
      .filter((response) => response.status === 202)
      .map(async (response) => (await response.json()).submission_id),
  );
}

async function allDelivered(ids: readonly string[], timeout = 20_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const { rows } = await db.query(
          "SELECT count(*)::int AS n FROM submissions WHERE id = ANY($1) AND status = 'delivered'",
          [ids],
        );
        return rows[0].n;
      },
      { timeout, interval: 100 },
    )
    .toBe(ids.length);
}

function pullsFor(id: string): number {
  return github.pulls.filter((pull) => pull.head === `submissions/${id}`).length;
}

function workerOf(instance: Instance): string {
  const line = instance.logs.find((entry) => / delivers from the shared outbox$/.test(entry))!;
  return /(worker-\S+)/.exec(line)![1]!;
}

function deliveriesLogged(id: string): number {
  return [...a.logs, ...b.logs].filter((line) => line.startsWith(`delivery: ${id} → `)).length;
}

describe('two instances on PostgreSQL behind nginx', () => {
  it('migrated the schema once, and keep no embedded state', async () => {
    const { rows } = await db.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual([1]);
    expect(existsSync(join(root, 'state-a'))).toBe(false);
    expect(existsSync(join(root, 'state-b'))).toBe(false);
    // Keys are stored as hashes only: the key's secret is nowhere in the database. The secret is
    // base64url, so it may itself hold `_`: take everything after `afk_<id>_`.
    const stored = await db.query('SELECT * FROM api_keys');
    expect(stored.rows).toHaveLength(4);
    const secret = /^afk_[0-9a-f]{12}_(.{43})$/.exec(keys['ada-l']!)?.[1];
    expect(secret).toBeDefined();
    expect(JSON.stringify(stored.rows)).not.toContain(secret);
  });

  it('counts a daily read limit across both instances', async () => {
    const client = '198.51.100.20';
    const statuses: number[] = [];
    const remaining: string[] = [];
    const upstreams = new Set<string>();
    for (let index = 0; index < 16; index++) {
      const response = await read('/v1/stats', client);
      statuses.push(response.status);
      remaining.push(response.headers.get('x-ratelimit-remaining')!);
      upstreams.add(response.headers.get('x-upstream')!);
      await response.arrayBuffer();
    }
    expect(upstreams).toEqual(new Set([a.address, b.address]));
    expect(statuses).toEqual([...Array(12).fill(200), ...Array(4).fill(429)]);
    expect(remaining).toEqual([
      '11',
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    // Another client still has its whole budget.
    expect((await read('/v1/stats', '198.51.100.21')).headers.get('x-ratelimit-remaining')).toBe('11');
  });

  it('counts a key’s daily submissions across both instances', async () => {
    // Refused submissions count too: a body that is not JSON is refused after counting. 300 a day,
    // spent alternately on each instance, then the 301st and later are over the limit on either.
    const statuses: number[] = [];
    for (let batch = 0; batch < 31; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => submit(index % 2 === 0 ? a.url : b.url, 'lin-q', '{')),
      );
      statuses.push(...answers.map((response) => response.status));
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(300);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(statuses.slice(300)).toEqual(Array(10).fill(429));
  });

  it('gives a package to exactly one of two simultaneous checkouts', async () => {
    const queue = (await (
      await fetch(`${a.url}/v1/queue`, { headers: { 'X-Forwarded-For': '198.51.100.30' } })
    ).json()) as {
      items: { id: string }[];
    };
    expect(queue.items.length).toBeGreaterThanOrEqual(3);
    for (const { id } of queue.items) {
      const [first, second] = await Promise.all([
        fetch(`${a.url}/v1/checkout/${id}`, { method: 'POST', headers: { 'X-Api-Key': keys['ada-l']! } }),
        fetch(`${b.url}/v1/checkout/${id}`, { method: 'POST', headers: { 'X-Api-Key': keys['bob-k']! } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const winner = first.status === 201 ? 'ada-l' : 'bob-k';
      const loser = first.status === 201 ? second : first;
      expect((await loser.json()).detail).toContain(`${winner} is evaluating ${id}`);
      for (const instance of [a, b]) {
        const lease = await (await fetch(`${instance.url}/v1/checkout/${id}`)).json();
        expect(lease.claimed_by).toBe(winner);
      }
    }
    const { rows } = await db.query('SELECT count(*)::int AS n FROM leases');
    expect(rows[0].n).toBe(queue.items.length);
    // Released, so later tests start from an empty board.
    await db.query('DELETE FROM leases');
  });

  it('gives two simultaneous "next package" checkouts different packages', async () => {
    const [first, second] = await Promise.all([
      fetch(`${a.url}/v1/checkout`, { method: 'POST', headers: { 'X-Api-Key': keys['ada-l']! } }),
      fetch(`${b.url}/v1/checkout`, { method: 'POST', headers: { 'X-Api-Key': keys['bob-k']! } }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const [leaseA, leaseB] = [await first.json(), await second.json()];
    expect(leaseA.package_id).not.toBe(leaseB.package_id);
    await db.query('DELETE FROM leases');
  });

  it('delivers each accepted submission exactly once, by one instance, though both run workers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => submit(index % 2 === 0 ? a.url : b.url, 'grace-h')),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(202));
    const ids = await submissionIds(responses);
    await allDelivered(ids);
    for (const id of ids) {
      expect(pullsFor(id)).toBe(1);
      expect(deliveriesLogged(id)).toBe(1);
    }
    // No second attempt at any of them: one pull-request creation per pull request.
    const creations = github.requests.filter((line) => line === 'POST /repos/acme/afscore/pulls').length;
    expect(creations).toBe(github.pulls.length);
    // Both workers took part.
    expect(a.logs.some((line) => line.startsWith('delivery: sub_'))).toBe(true);
    expect(b.logs.some((line) => line.startsWith('delivery: sub_'))).toBe(true);
  });

  it('keeps serving through a PostgreSQL restart and loses nothing it accepted', async () => {
    const accepted: Response[] = [];
    const statuses = { reads: [] as number[], submissions: [] as number[] };
    let traffic = true;
    let client = 0;
    const reads = (async () => {
      while (traffic) {
        // A new client each time: none comes near its daily 12. The queue shows claims, from the store.
        const serial = client++;
        const path = serial % 3 === 0 ? '/v1/queue' : '/v1/packages/pg-query';
        const response = await read(
          path,
          `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`,
        );
        statuses.reads.push(response.status);
        await response.arrayBuffer();
      }
    })();
    const submissions = (async () => {
      while (traffic) {
        const response = await submit(balancer.url, 'grace-h');
        statuses.submissions.push(response.status);
        if (response.status === 202) accepted.push(response);
        else expect((await response.json()).status).toBe(response.status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await cluster.start();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    traffic = false;
    await Promise.all([reads, submissions]);

    expect(a.alive() && b.alive()).toBe(true);
    // Reads keep working: counters fall back to memory, and the queue shows the claims last seen.
    expect(new Set(statuses.reads)).toEqual(new Set([200]));
    // Contributions answer 503 while it is down, and are accepted again once it is back.
    expect(new Set(statuses.submissions)).toEqual(new Set([202, 503]));
    expect(statuses.submissions.at(-1)).toBe(202);
    const ids = await submissionIds(accepted);
    await allDelivered(ids);
    for (const id of ids) expect(pullsFor(id)).toBe(1);
    const logs = [...a.logs, ...b.logs].join('\n');
    expect(logs).toContain("counting in this instance's memory");
    expect(logs).toContain('PostgreSQL is back');
  }, 30_000);

  it('loses nothing when an instance is killed in the middle of a delivery', async () => {
    // GitHub stops answering pull-request creation, so the workers get stuck mid-delivery.
    github.failWhen((method, path) => method === 'POST' && path.endsWith('/pulls'), 10_000, { hang: true });
    const before = await Promise.all(Array.from({ length: 6 }, () => submit(balancer.url, 'grace-h')));
    expect(before.map((response) => response.status)).toEqual(Array(6).fill(202));
    const workerA = workerOf(a);
    let held = '';
    await expect
      .poll(
        async () => {
          const { rows } = await db.query(
            "SELECT id FROM submissions WHERE status = 'queued' AND claimed_by = $1 AND claimed_until > now()",
            [workerA],
          );
          held = rows[0]?.id ?? '';
          return held;
        },
        { timeout: 10_000, interval: 20 },
      )
      .not.toBe('');
    await a.kill('SIGKILL');
    // nginx passes over the dead instance: every submission is still accepted.
    const after = await Promise.all(Array.from({ length: 6 }, () => submit(balancer.url, 'grace-h')));
    expect(after.map((response) => response.status)).toEqual(Array(6).fill(202));
    github.heal();
    const ids = await submissionIds([...before, ...after]);
    expect(ids).toHaveLength(12);
    expect(ids).toContain(held);
    // What the dead instance was delivering waits for its claim to run out; then b takes it.
    await allDelivered(ids, 30_000);
    for (const id of ids) expect(pullsFor(id)).toBe(1);
    expect(b.alive()).toBe(true);
  }, 60_000);
});
