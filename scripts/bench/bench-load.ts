/**
 * `npm run bench:load`: the scaled-out deployment under sustained mixed traffic. Two afscore
 * instances on one PostgreSQL database behind nginx (all real processes, as in the scale-out
 * tests), a synthetic catalogue, a fake GitHub receiving the pull requests, and autocannon at 50
 * connections for 10 minutes sending reads, MCP tool calls, badges and submissions from thousands of
 * simulated clients (X-Forwarded-For, believed from nginx).
 *
 * Some clients are heavy on purpose, and every API key submits a little more than its daily 10, so
 * 429s are expected; everything else must succeed. Afterwards it checks that the shared counters
 * were exact (each heavy client got exactly its daily limit, across both instances; no light client
 * was refused) and that every accepted submission became exactly one pull request.
 *
 * Targets: no errors but the intended 429s, p99 under 50 ms for reads, memory flat (RSS of each
 * instance at the start and end, after a warm-up).
 *
 * Usage: npm run bench:load [-- --duration S] [--connections N] [--packages N] [--json FILE]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Pool } from 'pg';
import { processIo } from '../../src/cli/io.ts';
import { main as cli } from '../../src/cli/main.ts';
import { readCatalogueDatabase } from '../../src/data/catalogue-database.ts';
import { issueKey } from '../../src/server/keys/api-keys.ts';
import { PgStore } from '../../src/server/store/pg-store.ts';
import { buildEvaluation, uuidFor } from '../../test/support/evaluation-builder.ts';
import { type FakeGitHub, startFakeGitHub } from '../../test/support/fake-github.ts';
import { type Instance, startInstance } from '../../test/support/instance.ts';
import { startBalancer } from '../../test/support/nginx.ts';
import { startPostgres } from '../../test/support/postgres.ts';
import { type LoadPlan, loadPlan, TRAFFIC_TYPES, type TrafficType } from './load-traffic.ts';
import { SYNTHETIC_AS_OF, writeSyntheticCatalogue } from './synthetic-catalogue.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    connections: { type: 'string', default: '50' },
    packages: { type: 'string', default: '1000' },
    json: { type: 'string' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const PACKAGES = Number(values.packages);
/** Long enough for the heap to reach its working size, so that start and end RSS compare like for like. */
const WARMUP_S = Math.min(60, Math.max(15, Math.round(DURATION / 10)));
const READ_P99_TARGET_MS = 50;
/** Daily limits the instances run with: the heavy clients exceed them, the light ones never do. */
const LIMITS = { read: 1_000, mcp: 1_000, submit: 10 };
const KEYS = 2_000;
const INSTANCE_NODE_OPTIONS = '--max-semi-space-size=64';

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Catalogue {
  packages: {
    id: string;
    kind: 'mcp-server' | 'skill';
    version: string | null;
    maintainers: string[];
    distribution: { npm?: string };
  }[];
  categories: { slug: string }[];
}

/** The built catalogue's listings (all this benchmark reads of it). */
function catalogueOf(generated: string): Catalogue {
  const database = readCatalogueDatabase(generated);
  database.close();
  return database.catalogue as unknown as Catalogue;
}

async function buildCatalogue(work: string): Promise<{ generated: string; catalogue: Catalogue }> {
  const started = Date.now();
  writeSyntheticCatalogue(join(work, 'repo'), { packages: PACKAGES, evaluationsPerPackage: 5, seed: 11 });
  const generated = join(work, 'generated');
  const io = processIo();
  const code = await cli(
    ['build', '--root', join(work, 'repo'), '--out', generated, '--as-of', SYNTHETIC_AS_OF],
    {
      ...io,
      out: () => {},
    },
  );
  if (code !== 0) throw new Error('the synthetic catalogue did not build');
  log(`catalogue: ${PACKAGES} packages built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    generated,
    catalogue: catalogueOf(generated),
  };
}

/** A valid evaluation as a template: each submission gets its own id, contributor and run. */
function submissionTemplate(catalogue: Catalogue): (login: string, serial: number) => string {
  const target = catalogue.packages.find((entry) => entry.version !== null && entry.maintainers.length > 0)!;
  const doc = buildEvaluation({
    id: uuidFor('load/template'),
    packageId: target.id,
    kind: target.kind,
    version: target.version!,
    contributor: 'LOGIN-PLACEHOLDER',
    finishedAt: '2026-11-01T09:00:00Z',
    configSha: 'f'.repeat(64),
  });
  // Admission requires an npm artifact to be the package's own distribution at that version.
  if (target.distribution.npm) doc.subject.artifact = `npm:${target.distribution.npm}@${target.version}`;
  const text = JSON.stringify(doc);
  return (login, serial) => {
    const id = uuidFor(`load/${serial}`);
    const sha = id.replaceAll('-', '').padEnd(64, '0');
    return text
      .replace(doc.evaluation_id, id)
      .replace('f'.repeat(64), sha)
      .replaceAll('LOGIN-PLACEHOLDER', login);
  };
}

async function issueKeys(url: string): Promise<string[]> {
  const store = await PgStore.open(url, { log, maxConnections: 8 });
  const keys: string[] = [];
  const now = new Date().toISOString();
  for (let batch = 0; batch < KEYS / 100; batch++) {
    const issued = await Promise.all(
      Array.from({ length: 100 }, (_, index) => issueKey(store, `load-${batch * 100 + index}`, null, now)),
    );
    keys.push(...issued.map((entry) => entry.key));
  }
  await store.close();
  return keys;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** CPU seconds used so far: by a process (from /proc), or by the whole machine (all cores, busy time). */
function cpuSeconds(pid: number | 'machine'): number {
  const ticks = 100;
  if (pid === 'machine') {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = fields[3]! + fields[4]!;
    return (fields.reduce((sum, value) => sum + value, 0) - idle) / ticks;
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

interface Samples {
  rss: { at: number; a: number; b: number }[];
}

function sampleMemory(instances: [Instance, Instance], samples: Samples, started: number): NodeJS.Timeout {
  const take = () =>
    samples.rss.push({
      at: Math.round((Date.now() - started) / 1000),
      a: instances[0].rssMb(),
      b: instances[1].rssMb(),
    });
  take();
  return setInterval(take, Math.max(5, Math.round(DURATION / 20)) * 1000);
}

async function drive(url: string, plan: LoadPlan, duration: number): Promise<autocannon.Result> {
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    requests: [
      {
        setupRequest: (request, context) => plan.next(request, context as Record<string, unknown>),
        onResponse: (status, body, context) => plan.record(status, body, context as Record<string, unknown>),
      },
    ],
  });
  return instance;
}

async function waitForDeliveries(db: Pool, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query("SELECT count(*)::int AS n FROM submissions WHERE status = 'queued'");
    if (rows[0].n === 0 || Date.now() > deadline) return rows[0].n;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Deployment {
  a: Instance;
  b: Instance;
  balancerUrl: string;
  databaseUrl: string;
  github: FakeGitHub;
  keys: string[];
}

/** PostgreSQL, a fake GitHub, two instances and nginx; each registers how to take it down. */
async function deploy(
  work: string,
  generated: string,
  cleanups: (() => Promise<unknown>)[],
): Promise<Deployment> {
  const cluster = await startPostgres();
  cleanups.push(() => cluster.destroy());
  const github = await startFakeGitHub();
  cleanups.push(() => github.close());
  const env = {
    AFSCORE_DATABASE_URL: cluster.url,
    AFSCORE_TRUST_PROXY: 'loopback',
    AFSCORE_GENERATED_DIR: generated,
    AFSCORE_GITHUB_REPO: 'acme/afscore',
    AFSCORE_GITHUB_TOKEN: 'bench-token',
    AFSCORE_GITHUB_API_URL: github.url,
    AFSCORE_GITHUB_THROTTLE: 'off',
    AFSCORE_DELIVERY_RETRY_MS: '500',
    AFSCORE_READ_LIMIT: String(LIMITS.read),
    AFSCORE_MCP_LIMIT: String(LIMITS.mcp),
    AFSCORE_SUBMIT_LIMIT: String(LIMITS.submit),
    // As the deployment guide recommends for busy instances: a larger young generation, so
    // fewer garbage collections interrupt requests (BENCH_NODE_OPTIONS overrides it).
    NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? INSTANCE_NODE_OPTIONS,
  };
  const a = await startInstance({ ...env, AFSCORE_STATE_DIR: join(work, 'state-a') });
  const b = await startInstance({ ...env, AFSCORE_STATE_DIR: join(work, 'state-b') });
  cleanups.push(() => Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]));
  const balancer = await startBalancer([a.address, b.address]);
  cleanups.push(() => balancer.close());
  const keys = await issueKeys(cluster.url);
  log(`two instances (${a.address}, ${b.address}) behind nginx at ${balancer.url}; ${keys.length} API keys`);
  return { a, b, balancerUrl: balancer.url, databaseUrl: cluster.url, github, keys };
}

/** CPU used during the run, in cores: the machine's busy time, each instance's, and this process's. */
function cpuMeter(
  a: Instance,
  b: Instance,
): () => { machine: number; a: number; b: number; loadGenerator: number } {
  const before = {
    machine: cpuSeconds('machine'),
    a: cpuSeconds(a.child.pid!),
    b: cpuSeconds(b.child.pid!),
    self: process.cpuUsage(),
    at: Date.now(),
  };
  return () => {
    const seconds = (Date.now() - before.at) / 1000;
    const self = process.cpuUsage(before.self);
    return {
      machine: (cpuSeconds('machine') - before.machine) / seconds,
      a: (cpuSeconds(a.child.pid!) - before.a) / seconds,
      b: (cpuSeconds(b.child.pid!) - before.b) / seconds,
      loadGenerator: (self.user + self.system) / 1e6 / seconds,
    };
  };
}

/**
 * Every submission the service accepted, including the few whose 202 was still in flight when the
 * run stopped: each delivered, as exactly one pull request, and none answered 202 missing.
 */
async function verifyDeliveries(deployment: Deployment, plan: LoadPlan) {
  const db = new Pool({ connectionString: deployment.databaseUrl, max: 2 });
  try {
    const undelivered = await waitForDeliveries(db, 180_000);
    const { rows } = await db.query<{ id: string; status: string }>('SELECT id, status FROM submissions');
    const stored = new Set(rows.map((row) => row.id));
    const byHead = new Map<string, number>();
    for (const pull of deployment.github.pulls) byHead.set(pull.head, (byHead.get(pull.head) ?? 0) + 1);
    const accepted = plan.acceptedSubmissions();
    return {
      answered202: accepted.length,
      inOutbox: rows.length,
      lost: accepted.filter((id) => !stored.has(id)).length,
      undelivered,
      notExactlyOnce: rows.filter(
        (row) => row.status !== 'delivered' || byHead.get(`submissions/${row.id}`) !== 1,
      ).length,
      pullRequests: deployment.github.pulls.length,
    };
  } finally {
    await db.end();
  }
}

/** Flat: no growth to speak of over the second half of the run, when the heap has long settled. */
function memoryFlat(samples: Samples): boolean {
  const end = samples.rss[samples.rss.length - 1]!;
  const middle = samples.rss.reduce((best, sample) =>
    Math.abs(sample.at - DURATION / 2) < Math.abs(best.at - DURATION / 2) ? sample : best,
  );
  return end.a / middle.a < 1.1 && end.b / middle.b < 1.1;
}

function table(report: ReturnType<LoadPlan['report']>): string[] {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line(['traffic', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'statuses']),
    line(['---', '---', '---', '---', '---', '---', '---']),
    ...TRAFFIC_TYPES.map((type: TrafficType) => {
      const entry = report.types[type];
      const statuses = Object.entries(entry.statuses).map(([status, count]) => `${status}: ${count}`);
      return line([
        type,
        entry.count,
        Math.round(entry.count / DURATION),
        entry.p50,
        entry.p99,
        entry.max,
        statuses.join(', '),
      ]);
    }),
  ];
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'afscore-bench-load-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const { generated, catalogue } = await buildCatalogue(work);
    const deployment = await deploy(work, generated, cleanups);
    const { a, b } = deployment;
    const template = submissionTemplate(catalogue);
    const warmup = loadPlan({
      catalogue,
      keys: [],
      template,
      limits: LIMITS,
      clientPrefix: 192,
      submissions: false,
    });
    await drive(deployment.balancerUrl, warmup, WARMUP_S);
    log(`warm-up done (${WARMUP_S} s); RSS ${a.rssMb()} / ${b.rssMb()} MB`);

    const samples: Samples = { rss: [] };
    const started = Date.now();
    const sampler = sampleMemory([a, b], samples, started);
    const plan = loadPlan({
      catalogue,
      keys: deployment.keys,
      template,
      limits: LIMITS,
      clientPrefix: 10,
      submissions: true,
    });
    log(`load: ${CONNECTIONS} connections for ${DURATION} s…`);
    const cpuUsed = cpuMeter(a, b);
    const result = await drive(deployment.balancerUrl, plan, DURATION);
    const cpu = cpuUsed();
    clearInterval(sampler);
    samples.rss.push({ at: Math.round((Date.now() - started) / 1000), a: a.rssMb(), b: b.rssMb() });

    const deliveries = await verifyDeliveries(deployment, plan);
    const report = plan.report(percentile);
    const accounting = plan.accounting();
    const rssStart = samples.rss[0]!;
    const rssEnd = samples.rss[samples.rss.length - 1]!;
    const checks = {
      'no errors but intended 429s': report.unexpected === 0 && result.errors === 0 && result.timeouts === 0,
      [`read p99 < ${READ_P99_TARGET_MS} ms`]: report.types.read.p99 < READ_P99_TARGET_MS,
      'memory flat (RSS grows < 10% over the second half)': memoryFlat(samples),
      'limits exact across instances': accounting.exact,
      'every accepted submission delivered as exactly one pull request':
        deliveries.undelivered === 0 &&
        deliveries.notExactlyOnce === 0 &&
        deliveries.lost === 0 &&
        deliveries.pullRequests === deliveries.inOutbox,
    };
    process.stdout.write(
      [
        '',
        `${DURATION} s at ${CONNECTIONS} connections through nginx to 2 instances on PostgreSQL; ${PACKAGES} packages`,
        `throughput ${Math.round(result.requests.average)} req/s (autocannon: ${result.requests.total} requests, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts})`,
        '',
        ...table(report),
        '',
        `intended 429s: ${report.intended429} (reads ${accounting.read429}, MCP ${accounting.mcp429}, submissions ${accounting.submit429}); unexpected answers: ${report.unexpected}${report.unexpectedSamples.length ? ` e.g. ${report.unexpectedSamples.join('; ')}` : ''}`,
        `limits: ${accounting.heavyClients} heavy clients each got exactly ${LIMITS.read}/${LIMITS.mcp}: ${accounting.heavyExact}; light clients refused: ${accounting.lightRefused}; keys not split exactly at ${LIMITS.submit}: ${accounting.keysInexact}`,
        `submissions: ${deliveries.answered202} answered 202 (${deliveries.inOutbox} in the outbox, ${deliveries.inOutbox - deliveries.answered202} of them accepted as the run stopped), ${deliveries.lost} lost, ${deliveries.undelivered} still queued after the drain, ${deliveries.notExactlyOnce} not exactly one pull request; ${deliveries.pullRequests} pull requests`,
        `CPU in cores (the machine has ${availableParallelism()}): busy ${cpu.machine.toFixed(2)}; instance a ${cpu.a.toFixed(2)}, b ${cpu.b.toFixed(2)}, load generator and fake GitHub ${cpu.loadGenerator.toFixed(2)}, the rest (nginx, PostgreSQL, anything else running) ${(cpu.machine - cpu.a - cpu.b - cpu.loadGenerator).toFixed(2)}`,
        `RSS MB (a, b): start ${rssStart.a}, ${rssStart.b}; end ${rssEnd.a}, ${rssEnd.b}; samples ${samples.rss.map((sample) => `${sample.at}s ${sample.a}/${sample.b}`).join(', ')}`,
        '',
        ...Object.entries(checks).map(([name, pass]) => `${pass ? 'PASS' : 'FAIL'}  ${name}`),
        '',
      ].join('\n'),
    );
    if (values.json) {
      const summary = {
        duration_s: DURATION,
        connections: CONNECTIONS,
        packages: PACKAGES,
        throughput: result.requests.average,
      };
      const details = {
        cpu_cores: cpu,
        report,
        accounting,
        rss_mb: samples.rss,
        submissions: deliveries,
        checks,
      };
      writeFileSync(values.json, `${JSON.stringify({ ...summary, ...details }, null, 2)}\n`);
    }
    if (Object.values(checks).some((pass) => !pass)) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
