/**
 * `node scripts/bench/bench-badge.ts`: how long a badge takes to render (DESIGN §5: under 5 ms warm),
 * on a synthetic catalogue built and loaded as the server loads it.
 *
 *   node scripts/bench/bench-badge.ts [--packages 2000] [--json FILE]
 *
 * - cold start: the first badge of the process (font file read, satori's layout engine started);
 * - cold: a badge whose drawing (label, message, colour) was not drawn before;
 * - warm: a badge of a new data version whose drawing is already known (what a data reload costs
 *   per package: the accessible name, the ETag, the endpoint JSON);
 * - served: a badge already rendered for this data version (what a request costs before writing).
 * Exits 1 when the warm median misses 5 ms.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { processIo } from '../../src/cli/io.ts';
import { main as cli } from '../../src/cli/main.ts';
import { badgeReplies } from '../../src/server/badges/badge-replies.ts';
import { type DataVersion, loadDataVersion } from '../../src/server/live/live-data.ts';
import { SYNTHETIC_AS_OF, writeSyntheticCatalogue } from './synthetic-catalogue.ts';

const WARM_TARGET_MS = 5;
const { values } = parseArgs({
  options: { packages: { type: 'string', default: '2000' }, json: { type: 'string' } },
});

interface Summary {
  count: number;
  median_ms: number;
  p95_ms: number;
  max_ms: number;
}

function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { count: sorted.length, median_ms: round(at(0.5)), p95_ms: round(at(0.95)), max_ms: round(at(1)) };
}

async function timeEach(version: DataVersion, ids: readonly string[]): Promise<number[]> {
  const samples: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    await badgeReplies(version, id);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function buildCatalogue(packages: number): Promise<{ generated: string; cleanup: () => void }> {
  const root = mkdtempSync(join(tmpdir(), 'afscore-bench-badge-'));
  writeSyntheticCatalogue(root, { packages, evaluationsPerPackage: 2, seed: 7, snapshots: false });
  const generated = join(root, 'generated');
  const io = { ...processIo(), cwd: root, out: () => {} };
  const code = await cli(['build', '--out', generated, '--as-of', SYNTHETIC_AS_OF], io);
  if (code !== 0) throw new Error(`afscore build failed with ${code}`);
  return { generated, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

const { generated, cleanup } = await buildCatalogue(Number(values.packages));
try {
  const first = loadDataVersion(generated);
  const ids = [...first.index.byId.keys()];
  const startedCold = performance.now();
  await badgeReplies(first, ids[0]!);
  const coldStart = performance.now() - startedCold;

  // One pass over every package: each new message (score) is drawn once, the rest reuse a drawing.
  const messages = new Set<string>();
  const cold: number[] = [];
  const reused: number[] = [];
  for (const [position, sample] of (await timeEach(first, ids.slice(1))).entries()) {
    const record = first.index.byId.get(ids[position + 1]!)!;
    const message = String(record.af_score ?? record.evaluation_status);
    (messages.has(message) ? reused : cold).push(sample);
    messages.add(message);
  }
  const next = loadDataVersion(generated);
  const warm = await timeEach(next, ids);
  const served = await timeEach(next, ids);

  const results = {
    packages: ids.length,
    distinct_drawings: messages.size,
    cold_start_ms: Math.round(coldStart * 10) / 10,
    cold: summarise(cold),
    warm: summarise([...reused, ...warm]),
    served: summarise(served),
  };
  const rows: [string, Summary][] = [
    ['cold (new drawing)', results.cold],
    ['warm (known drawing)', results.warm],
    ['served (same version)', results.served],
  ];
  console.log(`badge render, ${results.packages} packages, ${results.distinct_drawings} distinct drawings`);
  console.log(`cold start (first badge of the process): ${results.cold_start_ms} ms`);
  console.log('case                     count   median ms   p95 ms   max ms');
  for (const [name, summary] of rows) {
    console.log(
      `${name.padEnd(24)} ${String(summary.count).padStart(5)} ${summary.median_ms.toFixed(3).padStart(11)} ${summary.p95_ms.toFixed(3).padStart(8)} ${summary.max_ms.toFixed(3).padStart(8)}`,
    );
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`);
  const ok = results.warm.median_ms < WARM_TARGET_MS;
  console.log(
    `${ok ? '✓' : '✗'} warm median ${results.warm.median_ms} ms (target under ${WARM_TARGET_MS} ms)`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  cleanup();
}
