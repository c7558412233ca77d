/**
 * The two store engines keep the same contract (keys, the outbox, leases), and the PostgreSQL one
 * keeps it under concurrency across processes' pools: one lease per package whatever the race,
 * each queued submission claimed by exactly one worker, safe concurrent migrations, counters
 * shared between instances, and recovery from a database restart without reopening anything.
 */
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgRateLimitStore } from '../src/server/rate-limit/pg-rate-limit-store.ts';
import { PgStore } from '../src/server/store/pg-store.ts';
import { SqliteStore } from '../src/server/store/sqlite-store.ts';
import type { Store, SubmissionRecord } from '../src/server/store/store.ts';
import { StoreUnavailableError } from '../src/server/store/store-errors.ts';
import { type PostgresCluster, startPostgres } from './support/postgres.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
let cluster: PostgresCluster;
const logs: string[] = [];
const log = (line: string) => logs.push(line);
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  cluster = await startPostgres({ settings: { fsync: 'off' } });
}, 30_000);
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => {});
  await cluster?.destroy();
});

async function pgStore(url: string): Promise<PgStore> {
  const store = await PgStore.open(url, { log });
  opened.push(store);
  return store;
}

let serial = 0;
function submission(overrides: Partial<SubmissionRecord> = {}): SubmissionRecord {
  const id = `sub_${(serial++).toString(16).padStart(24, '0')}`;
  return {
    id,
    key_id: 'a1b2c3d4e5f6',
    login: 'grace-h',
    package_id: 'never-run',
    evaluation_id: `eval-${id}`,
    // Run keys join their parts with NUL, as the core makes them.
    run_key: ['grace-h', 'never-run', '0.1.0', id].join('\u0000'),
    document: '{"evaluation_id":"x"}\n',
    spot_check: false,
    self_evaluation: 'none',
    tier: 'new',
    status: 'queued',
    attempts: 0,
    next_attempt_at: '2026-11-22T12:00:00.000Z',
    last_error: null,
    review_url: null,
    received_at: '2026-11-22T12:00:00.000Z',
    delivered_at: null,
    ...overrides,
  };
}

const NOW = '2026-11-22T12:00:01.000Z';
const LATER = '2026-11-23T12:00:00.000Z';

const engines: [string, () => Promise<Store>][] = [
  [
    'embedded (SQLite)',
    async () => {
      const store = await SqliteStore.open(tempDir());
      opened.push(store);
      return store;
    },
  ],
  ['shared (PostgreSQL)', async () => pgStore(await cluster.createDatabase(`contract_${serial++}`))],
];

describe.each(engines)('the %s store', (_name, open) => {
  it('keeps keys, finds, lists and revokes them', async () => {
    const store = await open();
    const record = {
      id: '0123456789ab',
      hash: 'f'.repeat(64),
      login: 'grace-h',
      avatar_url: null,
      created_at: NOW,
      revoked_at: null,
    };
    await store.insertKey(record);
    expect(await store.findKey(record.id)).toEqual(record);
    expect(await store.listKeys()).toEqual([record]);
    expect(await store.revokeKey(record.id, LATER)).toBe(true);
    expect(await store.revokeKey(record.id, LATER)).toBe(false);
    expect((await store.findKey(record.id))?.revoked_at).toBe(LATER);
    expect(await store.findKey('ffffffffffff')).toBeNull();
  });

  it('keeps a submission exactly, finds its run, and walks it through delivery', async () => {
    const store = await open();
    const record = submission();
    await store.insertSubmission(record);
    expect(await store.findSubmission(record.id)).toEqual(record);
    expect((await store.findRun(record.run_key))?.id).toBe(record.id);
    await expect(
      store.insertSubmission({ ...submission(), evaluation_id: record.evaluation_id }),
    ).rejects.toThrow(/unique/i);
    const claimed = await store.claimDelivery('worker-1', NOW, 60_000);
    expect(claimed).toMatchObject({ id: record.id, attempts: 1 });
    // Claimed: nobody else gets it until the claim runs out.
    expect(await store.claimDelivery('worker-2', NOW, 60_000)).toBeNull();
    expect((await store.claimDelivery('worker-2', '2026-11-22T12:01:02.000Z', 60_000))?.attempts).toBe(2);
    await store.markRetry(record.id, 'GitHub answered 502', '2026-11-22T12:05:00.000Z');
    expect(await store.claimDelivery('worker-1', '2026-11-22T12:04:00.000Z', 60_000)).toBeNull();
    expect((await store.claimDelivery('worker-1', '2026-11-22T12:05:00.000Z', 60_000))?.id).toBe(record.id);
    await store.markDelivered(record.id, 'https://github.com/acme/afscore/pull/1', LATER);
    expect(await store.findSubmission(record.id)).toMatchObject({
      status: 'delivered',
      review_url: 'https://github.com/acme/afscore/pull/1',
      last_error: null,
      delivered_at: LATER,
    });
    const failing = submission();
    await store.insertSubmission(failing);
    await store.markFailed(failing.id, 'bad credentials', LATER);
    expect(await store.findSubmission(failing.id)).toMatchObject({
      status: 'failed',
      last_error: 'bad credentials',
    });
    expect(await store.findRun(failing.run_key)).toBeNull();
  });

  it('takes, renews, refuses and releases leases', async () => {
    const store = await open();
    const first = await store.claimLease('pg-query', 'grace-h', NOW, LATER);
    expect(first).toEqual({
      ok: true,
      renewed: false,
      lease: { package_id: 'pg-query', holder: 'grace-h', claimed_at: NOW, claimed_until: LATER },
    });
    const renewed = await store.claimLease(
      'pg-query',
      'grace-h',
      '2026-11-22T13:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
    );
    expect(renewed).toMatchObject({ ok: true, renewed: true, lease: { claimed_at: NOW } });
    expect(await store.claimLease('pg-query', 'ada-l', NOW, LATER)).toMatchObject({
      ok: false,
      heldBy: { holder: 'grace-h' },
    });
    expect(await store.activeLeases(NOW)).toHaveLength(1);
    expect(await store.releaseLease('pg-query', 'ada-l', NOW)).toBe('not-yours');
    expect(await store.releaseLease('pg-query', 'grace-h', NOW)).toBe('released');
    expect(await store.releaseLease('pg-query', 'grace-h', NOW)).toBe('none');
    // An expired lease is anyone's.
    await store.claimLease('git-tools', 'grace-h', NOW, '2026-11-22T12:30:00.000Z');
    expect(await store.findLease('git-tools', '2026-11-22T12:31:00.000Z')).toBeNull();
    expect(await store.claimLease('git-tools', 'ada-l', '2026-11-22T12:31:00.000Z', LATER)).toMatchObject({
      ok: true,
      renewed: false,
      lease: { holder: 'ada-l', claimed_at: '2026-11-22T12:31:00.000Z' },
    });
  });
});

describe('the PostgreSQL store under concurrency', () => {
  let url: string;
  let instances: PgStore[];

  beforeAll(async () => {
    url = await cluster.createDatabase('concurrency');
    // Four "instances" (each its own pool) opening at once: the migration lock serialises them.
    instances = await Promise.all(Array.from({ length: 4 }, () => pgStore(url)));
  });

  it('migrates once when several instances start together', async () => {
    const db = new Pool({ connectionString: url, max: 1 });
    try {
      const { rows } = await db.query('SELECT version FROM schema_migrations');
      expect(rows).toEqual([{ version: 1 }]);
    } finally {
      await db.end();
    }
  });

  it('gives each package to exactly one of many simultaneous claimants', async () => {
    for (const packageId of ['pg-query', 'git-tools', 'old-notes', 'never-run', 'crashy']) {
      const outcomes = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          instances[index % instances.length]!.claimLease(packageId, `user-${index}`, NOW, LATER),
        ),
      );
      const winners = outcomes.filter((outcome) => outcome.ok);
      expect(winners).toHaveLength(1);
      const holder = winners[0]!.ok ? winners[0]!.lease.holder : '';
      for (const outcome of outcomes) if (!outcome.ok) expect(outcome.heldBy.holder).toBe(holder);
    }
  });

  it('hands each queued submission to exactly one worker', async () => {
    const records = Array.from({ length: 40 }, () => submission());
    for (const record of records) await instances[0]!.insertSubmission(record);
    const claimedBy = new Map<string, string>();
    await Promise.all(
      instances.flatMap((store, index) =>
        [0, 1].map(async (lane) => {
          const worker = `worker-${index}-${lane}`;
          for (;;) {
            const claimed = await store.claimDelivery(worker, NOW, 60_000);
            if (!claimed) return;
            expect(claimedBy.has(claimed.id)).toBe(false);
            claimedBy.set(claimed.id, worker);
            await store.markDelivered(claimed.id, `https://example.test/${claimed.id}`, NOW);
          }
        }),
      ),
    );
    expect(new Set(claimedBy.keys())).toEqual(new Set(records.map((record) => record.id)));
    // More than one instance took part.
    expect(new Set([...claimedBy.values()].map((worker) => worker.split('-')[1])).size).toBeGreaterThan(1);
  });

  it('never lets a late failure report undo another instance’s delivery', async () => {
    const record = submission();
    await instances[0]!.insertSubmission(record);
    await instances[0]!.claimDelivery('slow-worker', NOW, 1);
    // The slow worker's claim ran out; another instance delivered it.
    const taken = await instances[1]!.claimDelivery('fast-worker', '2026-11-22T12:00:02.000Z', 60_000);
    expect(taken?.id).toBe(record.id);
    await instances[1]!.markDelivered(record.id, 'https://github.com/acme/afscore/pull/9', NOW);
    await instances[0]!.markRetry(record.id, 'timeout', LATER);
    await instances[0]!.markFailed(record.id, 'gave up', LATER);
    expect(await instances[2]!.findSubmission(record.id)).toMatchObject({
      status: 'delivered',
      review_url: 'https://github.com/acme/afscore/pull/9',
    });
  });

  it('counts a daily limit across instances, and in memory while the database is away', async () => {
    const limitsA = new PgRateLimitStore(url, log);
    const limitsB = new PgRateLimitStore(url, log);
    opened.push(limitsA, limitsB);
    const policy = { name: 'read' as const, limit: 5 };
    const now = Date.parse(NOW);
    const decisions = [];
    for (let index = 0; index < 7; index++)
      decisions.push(await (index % 2 === 0 ? limitsA : limitsB).consume(policy, '203.0.113.9', now));
    expect(decisions.map((decision) => decision.allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(decisions.map((decision) => decision.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect((await limitsB.peek(policy, '203.0.113.9', now)).remaining).toBe(0);

    await cluster.stop();
    try {
      // A fresh client in memory: the request is answered, not failed.
      const offline = await limitsA.consume(policy, '203.0.113.10', now);
      expect(offline).toMatchObject({ allowed: true, remaining: 4 });
      // The store answers "unavailable" (a 503 to clients), never anything worse.
      await expect(instances[0]!.findKey('0123456789ab')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(instances[0]!.claimLease('crashy', 'ada-l', NOW, LATER)).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
    } finally {
      await cluster.start();
    }
    // Back without reopening anything.
    expect(await instances[0]!.findLease('pg-query', NOW)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // The shared counts survived the restart.
    expect((await limitsB.consume(policy, '203.0.113.9', now)).allowed).toBe(false);
    expect(await limitsA.consume(policy, '203.0.113.11', now)).toMatchObject({ allowed: true, remaining: 4 });
    expect((await limitsB.peek(policy, '203.0.113.11', now)).remaining).toBe(4);
    expect(logs.join('\n')).toContain('PostgreSQL is back');
  }, 30_000);

  it('refuses to start with credentials the database rejects', async () => {
    const wrong = url.replace('afscore@', 'nobody@');
    await expect(PgStore.open(wrong, { log, waitForDatabase: true })).rejects.toThrow(/nobody/);
  });

  it('starts while the database is down, and migrates once it is up', async () => {
    const fresh = await cluster.createDatabase('late_start');
    await cluster.stop();
    // Without waiting (the operator's key command), an unreachable database fails the open.
    await expect(PgStore.open(fresh, { log })).rejects.toBeInstanceOf(StoreUnavailableError);
    // A server waits: it starts, answers 503 for contributions, and migrates when it can.
    const store = await PgStore.open(fresh, { log, waitForDatabase: true });
    opened.push(store);
    await expect(store.listKeys()).rejects.toBeInstanceOf(StoreUnavailableError);
    await cluster.start();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.listKeys()).toEqual([]);
  }, 30_000);
});
