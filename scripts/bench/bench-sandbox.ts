/**
 * `npm run bench:sandbox`: what the evaluator's sandbox costs. Evaluates the same local packages
 * with the sandbox (bubblewrap) and without it (--no-sandbox), alternately, in the same run, and
 * reports the median wall time of each and their ratio, per package.
 *
 *   node scripts/bench/bench-sandbox.ts [--rounds 3] [--warmup 1] [--json FILE]
 *
 * The packages: the `clean` fixture server as a folder (an SDK server, no install), and
 * `mcp-time-teller` as an `npm:` target served by a local registry (fetch, install, run; its npm
 * cache warmed by the warm-up round, as a contributor's would be). Each evaluation is the whole
 * `evaluate()` the CLI runs, without a judge. Progress goes to stderr; stdout gets the table and,
 * unless --json is given, the results as JSON on its last line. Exits 2 when an evaluation fails
 * or does not score.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { evaluate } from '../../src/evaluator/evaluate.ts';
import { detectSandbox, type SandboxSupport } from '../../src/evaluator/sandbox/sandbox-support.ts';
import type { Target } from '../../src/evaluator/targets/parse-target.ts';
import { packFolder, startFakeRegistry } from '../../test/support/fake-npm-registry.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));

interface Case {
  label: string;
  target: Target;
}

const CASES: readonly Case[] = [
  {
    label: 'folder: clean fixture (SDK server)',
    target: { kind: 'folder', path: join(FIXTURES, 'mcp-servers', 'clean') },
  },
  { label: 'npm: mcp-time-teller (fetch, install, run)', target: { kind: 'npm', name: 'mcp-time-teller' } },
];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timeOne(testCase: Case, support: SandboxSupport | null, cacheDir: string): Promise<number> {
  const started = performance.now();
  const doc = await evaluate({
    target: testCase.target,
    packageId: 'bench-package',
    contributor: 'bench',
    relationship: 'none',
    evaluationId: randomUUID(),
    judge: null,
    env: {},
    serverArgs: [],
    now: Date.now,
    sandbox: { support, network: false, npmCacheDir: cacheDir },
  });
  const seconds = (performance.now() - started) / 1000;
  if (doc.scores.status !== 'scored')
    throw new Error(`${testCase.label} did not score: ${doc.scores.status}`);
  return seconds;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string' }, warmup: { type: 'string' }, json: { type: 'string' } },
  });
  const rounds = Number(values.rounds ?? 3);
  const warmup = Number(values.warmup ?? 1);
  if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(warmup) || warmup < 0) {
    process.stderr.write('--rounds must be a positive integer and --warmup a whole number\n');
    return 2;
  }
  const detected = detectSandbox();
  if (!detected.ok) {
    process.stderr.write(`no sandbox to measure: ${detected.reason}; ${detected.hint}\n`);
    return 2;
  }
  const work = mkdtempSync(join(tmpdir(), 'afscore-bench-sandbox-'));
  // The sandbox runs as nobody when this runs as root: it must reach its npm cache.
  chmodSync(work, 0o755);
  const registry = await startFakeRegistry([
    packFolder(join(FIXTURES, 'npm-packages', 'time-teller'), {
      'mini-mcp.cjs': join(FIXTURES, 'npm-packages', 'mini-mcp.cjs'),
    }),
  ]);
  process.env.npm_config_registry = registry.url;
  const caches = { with: join(work, 'npm-sandboxed'), without: join(work, 'npm-unsandboxed') };
  const results: {
    package: string;
    with_sandbox_s: number;
    without_sandbox_s: number;
    ratio: number;
    samples: { with: number[]; without: number[] };
  }[] = [];
  try {
    for (const testCase of CASES) {
      const samples = { with: [] as number[], without: [] as number[] };
      for (let round = 0; round < warmup + rounds; round += 1) {
        // Alternate which goes first, so neither always meets a warmer machine.
        const order = round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
        for (const side of order) {
          const seconds = await timeOne(testCase, side === 'with' ? detected.support : null, caches[side]);
          const counted = round >= warmup;
          process.stderr.write(
            `… ${testCase.label}, ${side} the sandbox, ${counted ? `round ${round - warmup + 1}` : 'warm-up'}: ${seconds.toFixed(2)} s\n`,
          );
          if (counted) samples[side].push(seconds);
        }
      }
      const withSandbox = median(samples.with);
      const withoutSandbox = median(samples.without);
      results.push({
        package: testCase.label,
        with_sandbox_s: Number(withSandbox.toFixed(3)),
        without_sandbox_s: Number(withoutSandbox.toFixed(3)),
        ratio: Number((withSandbox / withoutSandbox).toFixed(3)),
        samples,
      });
    }
  } finally {
    await registry.close();
    rmSync(work, { recursive: true, force: true });
  }
  const report = {
    bench: 'sandbox',
    cores: availableParallelism(),
    bubblewrap: detected.support.version,
    rounds,
    warmup,
    results,
  };
  process.stdout.write('package | with sandbox (median s) | without (median s) | ratio\n');
  for (const result of results)
    process.stdout.write(
      `${result.package} | ${result.with_sandbox_s} | ${result.without_sandbox_s} | ${result.ratio}×\n`,
    );
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(`${JSON.stringify(report)}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench:sandbox failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
