/**
 * `npm run bench`: throughput and latency of the read API, badges and MCP against nginx serving the
 * same bytes as static files, in the same run, on a synthetic catalogue (10,000 packages and 50,000
 * evaluations by default). nginx runs one worker (the front server is one Node process), tuned as
 * for production (scripts/bench/nginx-static.ts); for MCP it answers each POST with the very bytes
 * afscore answered to that call, kept as a file. Beside them runs the floor: a bare Node `http`
 * server on the same Node (scripts/bench/node-floor-server.ts) answering the same bodies with the
 * very heads afscore sent, prepared at start, the least any Node process can do; afscore / floor is
 * what afscore's own work costs, floor / nginx what Node costs. autocannon drives 50 connections
 * from this process, nginx, the floor and afscore take turns, each scenario `--runs` times, and
 * every ratio is of figures measured back to back. Targets (issue 18, DESIGN §5): every scenario
 * ≥ 0.8× nginx, p99 under 20 ms.
 *
 * Usage: npm run bench [-- --packages N] [--duration S] [--connections N] [--runs N]
 *                      [--only package,list,badge,mcp] [--json FILE] [--cpu-prof DIR]
 *                      [--catalogue DIR] [--node-options "--max-semi-space-size=64 …"]
 * --cpu-prof DIR writes there a CPU profile of afscore for each measurement
 * (afscore-<scenario>-run<N>.cpuprofile), taken through the inspector while that measurement runs; --catalogue DIR keeps the generated catalogue in
 * DIR and reuses it on the next run (when tuning, to skip the build). --node-options are given to
 * afscore and the floor alike (deployment tunables such as the young generation's size).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Options, type Request } from 'autocannon';
import { processIo } from '../../src/cli/io.ts';
import { main as cli } from '../../src/cli/main.ts';
import { readCatalogueDatabase } from '../../src/data/catalogue-database.ts';
import { connectProfiler, INSPECTOR_LINE, type Profiler } from './cpu-profiler.ts';
import { NGINX_INSTALL, nginxBinary, startStaticNginx } from './nginx-static.ts';
import type { FloorAnswer } from './node-floor-server.ts';
import { seededRandom } from './seeded-random.ts';
import { SYNTHETIC_AS_OF, writeSyntheticCatalogue } from './synthetic-catalogue.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    packages: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '2' },
    only: { type: 'string' },
    json: { type: 'string' },
    'cpu-prof': { type: 'string' },
    catalogue: { type: 'string' },
    'node-options': { type: 'string', default: '' },
  },
});
const PACKAGES = Number(values.packages);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const RUNS = Number(values.runs);
const NODE_OPTIONS = values['node-options'].split(' ').filter(Boolean);
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 20;

interface Started {
  child: ChildProcess;
  /** What it wrote on stdout and stderr until it was ready. */
  output: string;
}

function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  nodeOptions: string[] = [],
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ child, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** CPU time (user + system) of a process and its children's threads so far, in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    let ms = (Number(fields[11]) + Number(fields[12])) * 10;
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean))
      ms += cpuMs(Number(child));
    return ms;
  } catch {
    return 0;
  }
}

interface Run {
  requestsPerSecond: number;
  /** Server CPU per request in µs: what the machine's load changes least. */
  cpuUsPerRequest: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One request of a scenario: what autocannon sends. */
interface Call {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function load(base: string, calls: readonly Call[], duration: number, pid: number): Promise<Run> {
  let next = 0;
  const cpuBefore = cpuMs(pid);
  const options: Options = {
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (request: Request) => {
          const call = calls[next++ % calls.length]!;
          return call.body === undefined
            ? { ...request, path: call.path, method: 'GET' }
            : { ...request, path: call.path, method: 'POST', body: call.body, headers: MCP_HEADERS };
        },
      },
    ],
  };
  const result = await autocannon(options);
  const cpu = cpuMs(pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    cpuUsPerRequest: Math.round((cpu * 1000) / Math.max(1, result.requests.total)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function listQueries(categories: readonly string[], next: () => number): string[] {
  const sorts = ['af_score', 'security_score', 'reliability_score', 'name', 'updated_at'];
  const queries: string[] = [];
  for (let index = 0; index < 300; index++) {
    const params = new URLSearchParams();
    params.set('category', categories[Math.floor(next() * categories.length)]!);
    params.set('sort', sorts[Math.floor(next() * sorts.length)]!);
    if (next() < 0.6) params.set('min_security_score', String(Math.floor(next() * 90)));
    if (next() < 0.4) params.set('min_reliability_score', String(Math.floor(next() * 90)));
    if (next() < 0.3) params.set('kind', next() < 0.8 ? 'mcp-server' : 'skill');
    params.set('page', String(1 + Math.floor(next() * 3)));
    queries.push(`/v1/packages?${params}`);
  }
  return queries;
}

function mcpCall(index: number, id: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: index,
    method: 'tools/call',
    params: { name: 'get_package', arguments: { id } },
  });
}

interface Scenario {
  key: string;
  name: string;
  afscore: Call[];
  nginx: Call[];
}

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpu}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}`;
}

const load1 = () => loadavg()[0]!.toFixed(2);
const rounded = (ratio: number) => Math.round(ratio * 100) / 100;

/** Node adds Date, Connection and Keep-Alive itself; the floor writes the rest as afscore did. */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function floorHead(headers: Headers, body: Buffer): string[] {
  const head: string[] = [];
  headers.forEach((value, name) => {
    if (!ADDED_BY_NODE.has(name) && name !== 'content-length') head.push(name, value);
  });
  head.push('content-length', String(body.length));
  return head;
}

async function main(): Promise<void> {
  const binary = nginxBinary();
  if (!binary) {
    process.stderr.write(`npm run bench compares with nginx, which is not installed: ${NGINX_INSTALL}\n`);
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'afscore-bench-http-'));
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  let profiler: Profiler | null = null;
  try {
    const generated = join(values.catalogue ?? work, 'generated');
    if (!existsSync(join(generated, 'manifest.json'))) {
      const started = Date.now();
      const repo = join(values.catalogue ?? work, 'repo');
      const summary = writeSyntheticCatalogue(repo, {
        packages: PACKAGES,
        evaluationsPerPackage: 5,
        seed: 7,
      });
      if (
        (await cli(
          ['build', '--root', repo, '--out', generated, '--as-of', SYNTHETIC_AS_OF],
          processIo(),
        )) !== 0
      )
        process.exit(1);
      process.stderr.write(
        `catalogue: ${summary.packages} packages, ${summary.evaluations} evaluations (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
      );
    }

    const profile = values['cpu-prof'];
    const launched = await startProcess(
      ['scripts/start.ts'],
      {
        PORT: '4601',
        HOST: '127.0.0.1',
        AFSCORE_GENERATED_DIR: generated,
        AFSCORE_STATE_DIR: join(work, 'state'),
        AFSCORE_ALLOWLIST: '127.0.0.1=2000000000',
      },
      /afscore serving/,
      [...NODE_OPTIONS, ...(profile ? ['--inspect=127.0.0.1:4609'] : [])],
    );
    const afscore = launched.child;
    children.push(afscore);
    if (profile) {
      mkdirSync(profile, { recursive: true });
      profiler = await connectProfiler(INSPECTOR_LINE.exec(launched.output)![1]!);
    }
    const afscoreUrl = 'http://127.0.0.1:4601';
    const database = readCatalogueDatabase(generated);
    const catalogue = database.catalogue;
    database.close();
    const rssStart = rssMb(afscore.pid!);

    // nginx gets the very bytes afscore answers, one file per request.
    const next = seededRandom(42);
    const ids = catalogue.packages.map((record) => record.id).sort(() => next() - 0.5);
    const lists = listQueries(
      catalogue.categories.map((category) => category.slug),
      next,
    );
    const mcpIds = ids.slice(0, 2000);
    const wanted: Record<string, Call[]> = {
      package: ids.map((id) => ({ path: `/v1/packages/${id}` })),
      list: lists.map((path) => ({ path })),
      badge: ids.map((id) => ({ path: `/badge/${id}.svg` })),
      mcp: mcpIds.map((id, index) => ({ path: '/mcp', method: 'POST', body: mcpCall(index, id) })),
    };
    const names: Record<string, string> = {
      package: 'GET /v1/packages/{id}',
      list: 'GET /v1/packages?filters&sort',
      badge: 'GET /badge/{id}.svg',
      mcp: 'POST /mcp tools/call get_package',
    };
    const only = values.only?.split(',') ?? Object.keys(wanted);
    const staticDir = join(work, 'static');
    const scenarios: Scenario[] = [];
    const floorAnswers: FloorAnswer[] = [];
    for (const key of only) {
      const calls = wanted[key];
      if (!calls) throw new Error(`--only takes package, list, badge, mcp; not ${key}`);
      mkdirSync(join(staticDir, key), { recursive: true });
      const nginxCalls: Call[] = [];
      for (const [index, call] of calls.entries()) {
        // As autocannon asks: no Accept-Encoding, so the very bytes it will be sent.
        const response = await fetch(`${afscoreUrl}${call.path}`, {
          method: call.method ?? 'GET',
          headers: { 'accept-encoding': 'identity', ...(call.body === undefined ? {} : MCP_HEADERS) },
          ...(call.body === undefined ? {} : { body: call.body }),
        });
        if (response.status !== 200) throw new Error(`${call.path} answered ${response.status}`);
        const extension = key === 'badge' ? 'svg' : 'json';
        const file = `/${key}/${index}.${extension}`;
        const body = Buffer.from(await response.arrayBuffer());
        writeFileSync(join(staticDir, file), body);
        floorAnswers.push({
          path: file,
          status: 200,
          head: floorHead(response.headers, body),
          file: join(staticDir, file),
        });
        nginxCalls.push(
          call.body === undefined ? { path: file } : { path: file, method: 'POST', body: call.body },
        );
      }
      scenarios.push({ key, name: names[key]!, afscore: calls, nginx: nginxCalls });
    }
    const nginx = await startStaticNginx(binary, staticDir, join(work, 'nginx'), 4602);
    closers.push(nginx.close);
    const manifest = join(work, 'floor.json');
    writeFileSync(manifest, JSON.stringify(floorAnswers));
    const { child: floor } = await startProcess(
      ['scripts/bench/node-floor-server.ts', manifest, '4603'],
      {},
      /node floor serving/,
      NODE_OPTIONS,
    );
    children.push(floor);
    const floorUrl = 'http://127.0.0.1:4603';

    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      for (const scenario of scenarios) {
        const loadBefore = load1();
        // Warm-up: 2 s each, which also fills afscore's caches as real traffic would.
        await load(nginx.url, scenario.nginx, 2, nginx.pid);
        await load(floorUrl, scenario.nginx, 2, floor.pid!);
        await load(afscoreUrl, scenario.afscore, 2, afscore.pid!);
        const baseline = await load(nginx.url, scenario.nginx, DURATION, nginx.pid);
        const bare = await load(floorUrl, scenario.nginx, DURATION, floor.pid!);
        const measure = () => load(afscoreUrl, scenario.afscore, DURATION, afscore.pid!);
        const ours = profiler
          ? await profiler.around(join(profile!, `afscore-${scenario.key}-run${run}.cpuprofile`), measure)
          : await measure();
        const ratio = rounded(ours.requestsPerSecond / baseline.requestsPerSecond);
        const result = {
          run,
          scenario: scenario.name,
          key: scenario.key,
          nginx: baseline,
          floor: bare,
          afscore: ours,
          ratio,
          afscore_to_floor: rounded(ours.requestsPerSecond / bare.requestsPerSecond),
          floor_to_nginx: rounded(bare.requestsPerSecond / baseline.requestsPerSecond),
          load_average: `${loadBefore} → ${load1()}`,
          pass: ratio >= TARGET_RATIO && ours.p99 < TARGET_P99_MS && ours.errors === 0 && ours.non2xx === 0,
        };
        runs.push(result);
        process.stderr.write(
          `run ${run} ${scenario.name}: req/s nginx ${baseline.requestsPerSecond}, floor ${bare.requestsPerSecond}, afscore ${ours.requestsPerSecond} (afscore/nginx ${ratio}×, afscore/floor ${result.afscore_to_floor}×, floor/nginx ${result.floor_to_nginx}×), p99 ${baseline.p99} / ${bare.p99} / ${ours.p99} ms, CPU µs/req ${baseline.cpuUsPerRequest} / ${bare.cpuUsPerRequest} / ${ours.cpuUsPerRequest}, load ${result.load_average}\n`,
        );
      }
    }
    const rssEnd = rssMb(afscore.pid!);

    const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
    const table = [
      line([
        'run',
        'scenario',
        'req/s nginx / floor / afscore',
        `afscore / nginx (≥ ${TARGET_RATIO}×)`,
        'afscore / floor',
        'floor / nginx',
        `p99 ms nginx / floor / afscore (< ${TARGET_P99_MS})`,
        'CPU µs/req nginx / floor / afscore',
        'errors/non-2xx',
        'load avg (1 min)',
        'result',
      ]),
      line(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---', '---']),
      ...runs.map((result) =>
        line([
          result.run,
          result.scenario,
          `${result.nginx.requestsPerSecond} / ${result.floor.requestsPerSecond} / ${result.afscore.requestsPerSecond}`,
          `${result.ratio}×`,
          `${result.afscore_to_floor}×`,
          `${result.floor_to_nginx}×`,
          `${result.nginx.p99} / ${result.floor.p99} / ${result.afscore.p99}`,
          `${result.nginx.cpuUsPerRequest} / ${result.floor.cpuUsPerRequest} / ${result.afscore.cpuUsPerRequest}`,
          `${result.afscore.errors}/${result.afscore.non2xx}`,
          result.load_average,
          result.pass ? 'PASS' : 'FAIL',
        ]),
      ),
    ];
    process.stdout.write(
      [
        '',
        `Baseline: nginx ${nginx.version}, one worker, serving the same response bytes as static files (MCP: the bytes afscore answered to each call, as a file answered to the POST).`,
        `Floor: a bare Node ${process.version} http server answering the same bodies with afscore's very heads, prepared at start (one Map lookup, one writeHead, one end): what any Node process costs.`,
        `Machine: ${machine()}; load average at start ${load1()} (other work on this machine shares the cores: compare ratios, not absolute figures).`,
        `Node options (afscore and the floor): ${NODE_OPTIONS.join(' ') || 'none'}.`,
        `Catalogue: ${catalogue.packages.length} packages; ${CONNECTIONS} connections, ${DURATION} s per measurement after a 2 s warm-up, ${RUNS} runs; afscore RSS ${rssStart} MB → ${rssEnd} MB.`,
        '',
        ...table,
        '',
      ].join('\n'),
    );
    const report = {
      baseline: `nginx ${nginx.version}, 1 worker, static files of the same bytes`,
      floor: `bare Node ${process.version} http server, the same bodies and heads prepared at start`,
      machine: machine(),
      packages: catalogue.packages.length,
      connections: CONNECTIONS,
      duration_s: DURATION,
      node_options: NODE_OPTIONS,
      rss_mb: { start: rssStart, end: rssEnd },
      runs,
    };
    if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    if (runs.some((result) => !result.pass)) process.exitCode = 1;
  } finally {
    // A process with a debugger attached waits for it to leave before it exits.
    profiler?.close();
    for (const child of children) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    for (const close of closers) await close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
