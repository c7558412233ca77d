/**
 * `npm run bench`: throughput and latency of the read API against a plain static file server
 * serving the same bytes, in the same run, on a synthetic catalogue (10,000 packages and 50,000
 * evaluations by default). Each server runs in its own process; autocannon drives 50 connections
 * from this one. Targets (DESIGN §5): single packages ≥ 0.8× the static server, filtered and sorted
 * lists ≥ 0.5×, p99 under 20 ms.
 *
 * Usage: npm run bench [-- --packages N] [--duration S] [--connections N] [--json FILE]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Options } from 'autocannon';
import { processIo } from '../../src/cli/io.ts';
import { main as cli } from '../../src/cli/main.ts';
import { seededRandom } from './seeded-random.ts';
import { SYNTHETIC_AS_OF, writeSyntheticCatalogue } from './synthetic-catalogue.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    packages: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    json: { type: 'string' },
  },
});
const PACKAGES = Number(values.packages);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);

function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(base: string, paths: readonly string[]): Promise<Run> {
  let next = 0;
  const options: Options = {
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon(options);
  return {
    requestsPerSecond: Math.round(result.requests.average),
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

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'afscore-bench-http-'));
  const children: ChildProcess[] = [];
  try {
    const started = Date.now();
    const summary = writeSyntheticCatalogue(join(work, 'repo'), {
      packages: PACKAGES,
      evaluationsPerPackage: 5,
      seed: 7,
    });
    const generated = join(work, 'generated');
    if (
      (await cli(
        ['build', '--root', join(work, 'repo'), '--out', generated, '--as-of', SYNTHETIC_AS_OF],
        processIo(),
      )) !== 0
    )
      process.exit(1);
    process.stderr.write(
      `catalogue: ${summary.packages} packages, ${summary.evaluations} evaluations (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );

    const afscore = await startProcess(
      ['scripts/start.ts'],
      {
        PORT: '4601',
        HOST: '127.0.0.1',
        AFSCORE_GENERATED_DIR: generated,
        AFSCORE_ALLOWLIST: '127.0.0.1=2000000000',
      },
      /afscore serving/,
    );
    children.push(afscore);
    const afscoreUrl = 'http://127.0.0.1:4601';
    const catalogue = JSON.parse(readFileSync(join(generated, 'catalogue.json'), 'utf8')) as {
      packages: { id: string }[];
      categories: { slug: string }[];
    };
    const rssStart = rssMb(afscore);

    // The static server gets the very bytes the API answers, one file per URL.
    const next = seededRandom(42);
    const ids = catalogue.packages.map((record) => record.id).sort(() => next() - 0.5);
    const lists = listQueries(
      catalogue.categories.map((category) => category.slug),
      next,
    );
    const staticDir = join(work, 'static');
    const staticPaths = { detail: [] as string[], list: [] as string[] };
    for (const [kind, paths] of [
      ['detail', ids.map((id) => `/v1/packages/${id}`)],
      ['list', lists],
    ] as const) {
      for (const [index, path] of paths.entries()) {
        const body = Buffer.from(await (await fetch(`${afscoreUrl}${path}`)).arrayBuffer());
        const file = `/${kind}/${index}.json`;
        mkdirSync(join(staticDir, kind), { recursive: true });
        writeFileSync(join(staticDir, file), body);
        staticPaths[kind].push(file);
      }
    }
    const plain = await startProcess(['scripts/bench/serve-static.ts', staticDir, '4602'], {}, /ready/);
    children.push(plain);
    const staticUrl = 'http://127.0.0.1:4602';

    const scenarios = [
      {
        name: 'GET /v1/packages/{id}',
        target: 0.8,
        afscore: ids.map((id) => `/v1/packages/${id}`),
        plain: staticPaths.detail,
      },
      { name: 'filtered, sorted lists', target: 0.5, afscore: lists, plain: staticPaths.list },
    ];
    const results = [];
    for (const scenario of scenarios) {
      const baseline = await load(staticUrl, scenario.plain);
      const ours = await load(afscoreUrl, scenario.afscore);
      const ratio = ours.requestsPerSecond / baseline.requestsPerSecond;
      results.push({
        scenario: scenario.name,
        static: baseline,
        afscore: ours,
        ratio: Math.round(ratio * 100) / 100,
        target: scenario.target,
        pass: ratio >= scenario.target && ours.p99 < 20 && ours.errors === 0 && ours.non2xx === 0,
      });
    }
    const rssEnd = rssMb(afscore);

    const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
    const table = [
      line([
        'scenario',
        'static req/s',
        'afscore req/s',
        'ratio (target)',
        'static p99 ms',
        'afscore p99 ms',
        'errors/non-2xx',
        'result',
      ]),
      line(['---', '---', '---', '---', '---', '---', '---', '---']),
      ...results.map((result) =>
        line([
          result.scenario,
          result.static.requestsPerSecond,
          result.afscore.requestsPerSecond,
          `${result.ratio}× (≥ ${result.target}×)`,
          result.static.p99,
          result.afscore.p99,
          `${result.afscore.errors}/${result.afscore.non2xx}`,
          result.pass ? 'PASS' : 'FAIL',
        ]),
      ),
    ];
    process.stdout.write(
      `\n${PACKAGES} packages, ${CONNECTIONS} connections, ${DURATION} s per run; afscore RSS ${rssStart} MB → ${rssEnd} MB\n\n${table.join('\n')}\n`,
    );
    const report = {
      packages: PACKAGES,
      connections: CONNECTIONS,
      duration_s: DURATION,
      rss_mb: { start: rssStart, end: rssEnd },
      results,
    };
    if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    if (results.some((result) => !result.pass)) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
