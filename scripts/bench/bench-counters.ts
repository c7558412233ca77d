/**
 * `npm run bench:counters`: what counting a request's daily budget costs, per request, in the
 * embedded store (this process's memory) and in the shared one several instances use (PostgreSQL,
 * one pipelined connection, the counters the scale-out deployment keeps). It answers a design
 * question of issue 18: one Node process cannot answer at nginx's rate (npm run bench shows the
 * floor), so more processes must, and their per-client quotas must stay exact. Either every
 * request counts in a shared store, or each client is always routed to the same process, which
 * then counts it in memory. The figures here are the price of the first.
 *
 * Each store is asked `--requests` times by `--concurrency` callers at once (as 50 connections
 * would), for `--clients` distinct clients, after a warm-up; reported: the time per request and
 * the CPU it cost in this process and, for PostgreSQL, in its server processes (all of them:
 * backend, WAL writer and the rest), as µs per request.
 *
 * Usage: npm run bench:counters [-- --requests N] [--concurrency N] [--clients N] [--json FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { PgRateLimitStore } from '../../src/server/rate-limit/pg-rate-limit-store.ts';
import type { Policy } from '../../src/server/rate-limit/policies.ts';
import { MemoryRateLimitStore, type RateLimitStore } from '../../src/server/rate-limit/rate-limit-store.ts';
import { PgStore } from '../../src/server/store/pg-store.ts';
import { startPostgres } from '../../test/support/postgres.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '50' },
    clients: { type: 'string', default: '2000' },
    json: { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const CLIENTS = Number(values.clients);
const POLICY: Policy = { name: 'read', limit: 1_000_000_000 };

/** CPU time (user + system) of processes so far, in µs; a process gone counts 0. */
function cpuUs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10_000;
}

function ownCpuUs(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

interface Measured {
  store: string;
  requests: number;
  /** Wall time per request with `concurrency` in flight, µs. */
  wallUsPerRequest: number;
  /** CPU of this process per request, µs. */
  callerCpuUsPerRequest: number;
  /** CPU of the store's server processes per request, µs (0 for memory). */
  serverCpuUsPerRequest: number;
}

async function drive(store: RateLimitStore, requests: number): Promise<void> {
  let next = 0;
  const caller = async () => {
    while (next < requests) {
      const index = next++;
      await store.consume(POLICY, `198.51.${(index % CLIENTS) >> 8}.${index % 256}`, Date.now());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
}

async function measure(name: string, store: RateLimitStore, serverPids: () => Promise<number[]>) {
  await drive(store, Math.min(REQUESTS, 5_000));
  const pids = await serverPids();
  const serverBefore = cpuUs(pids);
  const callerBefore = ownCpuUs();
  const started = process.hrtime.bigint();
  await drive(store, REQUESTS);
  const wallUs = Number(process.hrtime.bigint() - started) / 1000;
  const result: Measured = {
    store: name,
    requests: REQUESTS,
    wallUsPerRequest: Math.round((wallUs / REQUESTS) * 10) / 10,
    callerCpuUsPerRequest: Math.round(((ownCpuUs() - callerBefore) / REQUESTS) * 10) / 10,
    serverCpuUsPerRequest: Math.round(((cpuUs(pids) - serverBefore) / REQUESTS) * 10) / 10,
  };
  process.stderr.write(`${JSON.stringify(result)}\n`);
  return result;
}

async function main(): Promise<void> {
  const load = loadavg()[0]!.toFixed(2);
  const results: Measured[] = [
    await measure('memory (one process)', new MemoryRateLimitStore(), async () => []),
  ];
  const cluster = await startPostgres({ settings: { fsync: 'off' } });
  const url = await cluster.createDatabase('counters');
  // The store's migrations make the counters' table, as an instance does at start.
  const migrated = await PgStore.open(url, { log: () => {}, maxConnections: 2 });
  await migrated.close();
  const shared = new PgRateLimitStore(url, (line) => process.stderr.write(`${line}\n`));
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const serverPids = async () =>
      (
        await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()')
      ).rows.map((row) => row.pid);
    results.push(await measure('PostgreSQL (shared by instances)', shared, serverPids));
  } finally {
    await admin.end();
    await shared.close();
    await cluster.destroy();
  }
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  process.stdout.write(
    [
      '',
      `Counting one request's daily budget: ${REQUESTS} requests, ${CONCURRENCY} at once, ${CLIENTS} clients; load average ${load} → ${loadavg()[0]!.toFixed(2)}.`,
      '',
      line(['store', 'wall µs/request', 'CPU µs/request, caller', 'CPU µs/request, store server']),
      line(['---', '---', '---', '---']),
      ...results.map((result) =>
        line([
          result.store,
          result.wallUsPerRequest,
          result.callerCpuUsPerRequest,
          result.serverCpuUsPerRequest,
        ]),
      ),
      '',
    ].join('\n'),
  );
  if (values.json)
    writeFileSync(values.json, `${JSON.stringify({ load_average: load, results }, null, 2)}\n`);
}

await main();
