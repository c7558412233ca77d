/**
 * `npm run bench:data`: how long `afscore validate` and `afscore build` take, and how much memory they
 * need, on synthetic catalogues of growing size, and whether the cost grows linearly.
 *
 *   node scripts/bench/bench-data.ts [--sizes 1000,10000 | --sizes scale] [--per-package 5] [--seed 1] [--repeat 1]
 *                                    [--target 30] [--json FILE] [--keep] [--no-snapshots]
 *
 * Each catalogue is written to a temporary folder (removed afterwards unless --keep), then each
 * command runs in its own process on the pinned Node (`process.execPath`), exactly as a user runs
 * it. Wall time is measured around the child process, so it includes Node's start-up; peak memory is
 * the child's own maximum resident set size (getrusage), reported by a preloaded module when the
 * child exits. Progress goes to stderr; stdout gets the table and, unless --json is given, the
 * results as JSON on its last line. Exits 1 when validating or building 10,000 packages misses the
 * target, 2 when a command fails or the options are wrong.
 *
 * `--sizes scale` is the catalogue the registries' imports head for: 100,000 packages and 500,000
 * evaluations (about 6 GB of files, generated here and never committed). At that size the goals are
 * validate + build under 3 minutes, the build's peak memory under 2 GB, and the server on the
 * result under 2 GB resident and answering a package within 10 s of start; the server is started
 * (scripts/start.ts, as `npm start` runs it) for every size and timed to its first answer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CATALOGUE_DATABASE } from '../../src/data/catalogue-database.ts';
import { sqlite } from '../../src/data/node-sqlite.ts';
import { SYNTHETIC_AS_OF, writeSyntheticCatalogue } from './synthetic-catalogue.ts';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The size the time target is set for. */
const TARGET_PACKAGES = 10_000;
const RSS_FILE_VARIABLE = 'AFSCORE_BENCH_RSS_FILE';
/** Preloaded into each child: on exit, it writes its peak resident set size (KiB) to a file. */
const RSS_PRELOAD = `data:text/javascript,${encodeURIComponent(
  `import { writeFileSync } from 'node:fs';
   process.on('exit', () => {
     const file = process.env.${RSS_FILE_VARIABLE};
     if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
   });`,
)}`;

interface Run {
  seconds: number;
  /** Peak resident set size of the child, in MiB; null if it died before reporting. */
  peakRssMb: number | null;
  stdout: string;
}

interface SizeResult {
  packages: number;
  evaluations: number;
  spot_checks: number;
  files: number;
  data_mb: number;
  catalogue_mb: number;
  generate_s: number;
  validate_s: number;
  build_s: number;
  validate_peak_rss_mb: number | null;
  build_peak_rss_mb: number | null;
  server_answer_s: number | null;
  server_rss_mb: number | null;
  validate_s_per_1k_packages: number;
  build_s_per_1k_packages: number;
}

const MIB = 1024 * 1024;
const round = (value: number, decimals = 2) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The scale the goals below are set for. */
const SCALE_PACKAGES = 100_000;
const SCALE_GOALS = { seconds: 180, buildRssMb: 2048, serverRssMb: 2048, answerSeconds: 10 };

function parseSizes(text: string): number[] {
  if (text === 'scale') return [SCALE_PACKAGES];
  const sizes = text.split(',').map((part) => Number(part.trim().replaceAll('_', '')));
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size <= 0)) {
    throw new Error(`--sizes must be positive whole numbers separated by commas, not "${text}"`);
  }
  return sizes;
}

function positiveInteger(name: string, text: string, allowZero = false): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new Error(
      `--${name} must be a ${allowZero ? 'non-negative' : 'positive'} whole number, not "${text}"`,
    );
  }
  return value;
}

/** The first package of a built catalogue. */
function firstPackageId(generated: string): string | undefined {
  const { DatabaseSync } = sqlite();
  const db = new DatabaseSync(join(generated, CATALOGUE_DATABASE), { readOnly: true });
  try {
    return db.prepare('SELECT id FROM packages ORDER BY id LIMIT 1').get()?.id as string | undefined;
  } finally {
    db.close();
  }
}

/** Runs `node scripts/cli.ts ARGS` in a child process and measures it. */
function runCli(args: readonly string[], scratch: string): Run {
  const rssFile = join(scratch, `rss-${process.hrtime.bigint()}.txt`);
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--import', RSS_PRELOAD, CLI, ...args], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * MIB,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, [RSS_FILE_VARIABLE]: rssFile },
  });
  const seconds = (performance.now() - started) / 1000;
  if (child.error) throw child.error;
  if (child.status !== 0) {
    const stderr = child.stderr.length > 4000 ? `${child.stderr.slice(0, 4000)}\n…` : child.stderr;
    throw new Error(
      `afscore ${args[0]} exited with ${child.status ?? child.signal} after ${seconds.toFixed(1)} s:\n${stderr}`,
    );
  }
  let peakRssMb: number | null = null;
  if (existsSync(rssFile)) {
    // Node reports ru_maxrss in KiB on every platform (libuv converts macOS's bytes).
    peakRssMb = round(Number(readFileSync(rssFile, 'utf8')) / 1024, 0);
    rmSync(rssFile, { force: true });
  }
  return { seconds, peakRssMb, stdout: child.stdout.trim() };
}

/**
 * Starts the server on the generated data as `npm start` does, and times it to its first answer to
 * a package; its resident memory is read then. Null figures when it did not answer in 5 minutes.
 */
async function serveOnce(
  generated: string,
  id: string,
): Promise<{ seconds: number | null; rssMb: number | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(REPOSITORY_ROOT, 'scripts', 'start.ts')], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      PORT: '4631',
      HOST: '127.0.0.1',
      AFSCORE_GENERATED_DIR: generated,
      AFSCORE_STATE_DIR: join(generated, '..', 'state'),
    },
    stdio: 'ignore',
  });
  try {
    while (performance.now() - started < 300_000 && child.exitCode === null) {
      try {
        const response = await fetch(`http://127.0.0.1:4631/v1/packages/${id}`);
        await response.arrayBuffer();
        if (response.status === 200) {
          const seconds = (performance.now() - started) / 1000;
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
          return { seconds, rssMb: Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024) };
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { seconds: null, rssMb: null };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/** Fastest of `repeat` runs (the least disturbed by the rest of the machine); memory of the largest. */
function measure(args: readonly string[], scratch: string, repeat: number): Run {
  const runs = Array.from({ length: repeat }, () => runCli(args, scratch));
  const fastest = runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
  const peaks = runs.map((run) => run.peakRssMb).filter((mb): mb is number => mb !== null);
  return { ...fastest, peakRssMb: peaks.length > 0 ? Math.max(...peaks) : null };
}

async function benchSize(
  packages: number,
  options: { perPackage: number; seed: number; repeat: number; snapshots: boolean; keep: boolean },
): Promise<SizeResult> {
  const root = mkdtempSync(join(tmpdir(), `afscore-bench-${packages}-`));
  const removeRoot = () => rmSync(root, { recursive: true, force: true });
  // spawnSync blocks, so an interrupt lands here once the child is gone: clean up, then stop.
  const onSignal = () => {
    if (!options.keep) removeRoot();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`[${packages}] writing ${packages * options.perPackage} evaluations to ${root}`);
    const generateStarted = performance.now();
    const written = writeSyntheticCatalogue(root, {
      packages,
      evaluationsPerPackage: options.perPackage,
      seed: options.seed,
      snapshots: options.snapshots,
    });
    const generateSeconds = (performance.now() - generateStarted) / 1000;
    log(
      `[${packages}] generated ${written.files} files (${round(written.bytes / MIB, 1)} MB) in ${generateSeconds.toFixed(1)} s`,
    );
    // Flush the freshly written files first, so disk writeback does not slow the timed commands.
    if (process.platform !== 'win32') spawnSync('sync', { stdio: 'ignore' });

    const validate = measure(['validate', '--root', root], root, options.repeat);
    log(
      `[${packages}] validate ${validate.seconds.toFixed(2)} s, ${validate.peakRssMb} MB: ${validate.stdout}`,
    );
    const out = join(root, 'generated');
    const build = measure(
      ['build', '--root', root, '--out', out, '--as-of', SYNTHETIC_AS_OF],
      root,
      options.repeat,
    );
    log(`[${packages}] build ${build.seconds.toFixed(2)} s, ${build.peakRssMb} MB: ${build.stdout}`);
    const catalogueBytes = statSync(join(out, CATALOGUE_DATABASE)).size;
    const firstId = firstPackageId(out);
    const served = await serveOnce(out, firstId ?? 'none');
    log(
      `[${packages}] server answered ${served.seconds?.toFixed(1) ?? 'never'} s after start, ${served.rssMb} MB resident`,
    );

    return {
      packages: written.packages,
      evaluations: written.evaluations,
      spot_checks: written.spotChecks,
      files: written.files,
      data_mb: round(written.bytes / MIB, 1),
      catalogue_mb: round(catalogueBytes / MIB, 1),
      generate_s: round(generateSeconds),
      validate_s: round(validate.seconds),
      build_s: round(build.seconds),
      validate_peak_rss_mb: validate.peakRssMb,
      build_peak_rss_mb: build.peakRssMb,
      server_answer_s: served.seconds === null ? null : round(served.seconds),
      server_rss_mb: served.rssMb,
      validate_s_per_1k_packages: round((validate.seconds * 1000) / packages, 3),
      build_s_per_1k_packages: round((build.seconds * 1000) / packages, 3),
    };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (options.keep) log(`[${packages}] kept ${root}`);
    else removeRoot();
  }
}

function table(results: readonly SizeResult[]): string {
  const number = (value: number | null, decimals = 0) =>
    value === null
      ? 'n/a'
      : value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const columns: { title: string; cell: (result: SizeResult) => string }[] = [
    { title: 'packages', cell: (r) => number(r.packages) },
    { title: 'evaluations', cell: (r) => number(r.evaluations) },
    { title: 'files', cell: (r) => number(r.files) },
    { title: 'data MB', cell: (r) => number(r.data_mb, 1) },
    { title: 'generate s', cell: (r) => number(r.generate_s, 2) },
    { title: 'validate s', cell: (r) => number(r.validate_s, 2) },
    { title: 'build s', cell: (r) => number(r.build_s, 2) },
    { title: 'validate RSS MB', cell: (r) => number(r.validate_peak_rss_mb) },
    { title: 'build RSS MB', cell: (r) => number(r.build_peak_rss_mb) },
    { title: 'validate s/1k pkg', cell: (r) => number(r.validate_s_per_1k_packages, 3) },
    { title: 'build s/1k pkg', cell: (r) => number(r.build_s_per_1k_packages, 3) },
    { title: 'catalogue.sqlite MB', cell: (r) => number(r.catalogue_mb, 1) },
    { title: 'server answers s', cell: (r) => number(r.server_answer_s, 1) },
    { title: 'server RSS MB', cell: (r) => number(r.server_rss_mb) },
  ];
  const rows = [columns.map((column) => column.title), ...results.map((r) => columns.map((c) => c.cell(r)))];
  const widths = columns.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
  return rows.map((row) => row.map((cell, index) => cell.padStart(widths[index]!)).join('  ')).join('\n');
}

function growthVerdict(ratio: number, ideal: number): string {
  const excess = ratio / ideal;
  if (excess <= 1.2) return 'linear';
  if (excess <= 1.5) return 'slightly worse than linear';
  return 'worse than linear';
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000' },
      'per-package': { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      repeat: { type: 'string', default: '1' },
      target: { type: 'string', default: '30' },
      json: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'no-snapshots': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'Usage: node scripts/bench/bench-data.ts [--sizes 1000,10000] [--per-package 5] [--seed 1] [--repeat 1]\n' +
        '                                        [--target 30] [--json FILE] [--keep] [--no-snapshots]\n',
    );
    return 0;
  }
  const sizes = parseSizes(values.sizes);
  const perPackage = positiveInteger('per-package', values['per-package'], true);
  const seed = positiveInteger('seed', values.seed, true);
  const repeat = positiveInteger('repeat', values.repeat);
  const target = Number(values.target);
  if (!(target > 0)) throw new Error(`--target must be a positive number of seconds, not "${values.target}"`);

  const environment = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: availableParallelism(),
    memory_gb: round(totalmem() / 1024 ** 3, 1),
  };
  const results: SizeResult[] = [];
  for (const packages of sizes)
    results.push(
      await benchSize(packages, {
        perPackage,
        seed,
        repeat,
        snapshots: !values['no-snapshots'],
        keep: values.keep,
      }),
    );

  const lines = [
    `afscore data benchmark: Node ${environment.node}, ${environment.cpus} CPUs, ${environment.memory_gb} GB RAM; ` +
      `seed ${seed}, ${perPackage} evaluations per package${values['no-snapshots'] ? ', no snapshots' : ''}` +
      `${repeat > 1 ? `, fastest of ${repeat} runs` : ''}`,
    '',
    table(results),
    '',
  ];
  let growth: Record<string, number | string> | null = null;
  if (results.length > 1) {
    const small = results.reduce((a, b) => (b.packages < a.packages ? b : a));
    const large = results.reduce((a, b) => (b.packages > a.packages ? b : a));
    const ideal = large.packages / small.packages;
    const validateRatio = large.validate_s / small.validate_s;
    const buildRatio = large.build_s / small.build_s;
    const verdict = growthVerdict(Math.max(validateRatio, buildRatio), ideal);
    growth = {
      from_packages: small.packages,
      to_packages: large.packages,
      ideal: round(ideal),
      validate_ratio: round(validateRatio),
      build_ratio: round(buildRatio),
      verdict,
    };
    lines.push(
      `growth ${small.packages.toLocaleString('en-US')} → ${large.packages.toLocaleString('en-US')} packages: ` +
        `validate ×${validateRatio.toFixed(1)}, build ×${buildRatio.toFixed(1)} (ideal ≈ ×${round(ideal, 1)}): ${verdict}`,
    );
  }
  const atTarget = results.find((result) => result.packages === TARGET_PACKAGES);
  const pass = atTarget ? atTarget.build_s < target && atTarget.validate_s < target : null;
  lines.push(
    atTarget
      ? `target: validate and build ${TARGET_PACKAGES.toLocaleString('en-US')} packages in under ${target} s each ` +
          `(validate ${atTarget.validate_s.toFixed(1)} s, build ${atTarget.build_s.toFixed(1)} s): ${pass ? 'PASS' : 'FAIL'}`
      : `target: not checked (it is set for ${TARGET_PACKAGES.toLocaleString('en-US')} packages; add it to --sizes)`,
  );
  const scale = results.find((result) => result.packages === SCALE_PACKAGES);
  if (scale) {
    const checks = [
      `validate + build ${round(scale.validate_s + scale.build_s, 0)} s (< ${SCALE_GOALS.seconds} s)`,
      `build peak ${scale.build_peak_rss_mb} MB (< ${SCALE_GOALS.buildRssMb} MB)`,
      `server ${scale.server_rss_mb ?? 'n/a'} MB resident (< ${SCALE_GOALS.serverRssMb} MB)`,
      `first answer ${scale.server_answer_s ?? 'never'} s after start (< ${SCALE_GOALS.answerSeconds} s)`,
    ];
    const met =
      scale.validate_s + scale.build_s < SCALE_GOALS.seconds &&
      (scale.build_peak_rss_mb ?? Infinity) < SCALE_GOALS.buildRssMb &&
      (scale.server_rss_mb ?? Infinity) < SCALE_GOALS.serverRssMb &&
      (scale.server_answer_s ?? Infinity) < SCALE_GOALS.answerSeconds;
    lines.push(
      `scale goals at ${SCALE_PACKAGES.toLocaleString('en-US')} packages: ${checks.join('; ')}: ${met ? 'MET' : 'NOT MET'}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  const report = {
    environment,
    seed,
    evaluations_per_package: perPackage,
    snapshots: !values['no-snapshots'],
    repeat,
    results,
    growth,
    target: { packages: TARGET_PACKAGES, seconds: target, pass },
  };
  if (values.json) {
    writeFileSync(resolve(values.json), `${JSON.stringify(report, null, 2)}\n`);
    log(`results written to ${resolve(values.json)}`);
  } else {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  }
  return pass === false ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  log(`bench:data: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
