/**
 * `npm run bench:site`: what the site's own changes cost and save, each against a baseline measured
 * in the same run.
 * - Compression: bytes of the home page, a package page, its stylesheet and /v1 JSON as sent
 *   without compression, with gzip and with brotli, from the real server on the bundled data
 *   (build it first: npm run build).
 * - Search: full-text `q` queries over a synthetic catalogue (10,000 packages by default), timed
 *   in process against the same list without `q` (the baseline: one precomputed order, paged), as
 *   p50 and p99 and their ratio to the baseline's.
 *
 * Usage: npm run bench:site [-- --packages N] [--rounds N]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCatalogue } from '../../src/core/catalogue/build-catalogue.ts';
import { listPackages } from '../../src/core/query/list-packages.ts';
import { parseListQuery } from '../../src/core/query/list-query.ts';
import { buildPackageIndex } from '../../src/core/query/package-index.ts';
import { queryParams } from '../../src/core/query/query-params.ts';
import { loadRepository } from '../../src/data/load-repository.ts';
import { readConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';
import { SYNTHETIC_AS_OF, writeSyntheticCatalogue } from './synthetic-catalogue.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: { packages: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '300' } },
});

/** The body's length as sent, before any decoding (node:http leaves it encoded). */
function bytesOnTheWire(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function compression(): Promise<void> {
  const state = mkdtempSync(join(tmpdir(), 'bench-site-'));
  const running = await startServer(
    readConfig(
      { PORT: '0', HOST: '127.0.0.1', AFSCORE_STATE_DIR: state, AFSCORE_READ_LIMIT: '1000000' },
      ROOT,
    ),
    () => {},
  );
  try {
    const home = await (await fetch(`${running.url}/`)).text();
    const css = /href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1];
    const paths = ['/', '/packages/dbhub', ...(css ? [css] : []), '/v1/packages', '/v1/packages/dbhub'];
    console.log('Compression (bytes sent; ratio = compressed / identity, same server, same run)');
    console.log(
      `${'path'.padEnd(36)} ${'identity'.padStart(9)} ${'gzip'.padStart(8)} ${'br'.padStart(8)}  gzip×   br×`,
    );
    for (const path of paths) {
      const sizes: number[] = [];
      for (const encoding of ['identity', 'gzip', 'br'])
        sizes.push(await bytesOnTheWire(`${running.url}${path}`, encoding));
      const [plain, gzip, br] = sizes as [number, number, number];
      console.log(
        `${path.slice(0, 36).padEnd(36)} ${String(plain).padStart(9)} ${String(gzip).padStart(8)} ${String(br).padStart(8)}  ${(gzip / plain).toFixed(2)}  ${(br / plain).toFixed(2)}`,
      );
    }
  } finally {
    await running.close();
    rmSync(state, { recursive: true, force: true });
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function search(): void {
  const work = mkdtempSync(join(tmpdir(), 'bench-search-'));
  try {
    writeSyntheticCatalogue(work, { packages: Number(values.packages), evaluationsPerPackage: 1, seed: 7 });
    const loaded = loadRepository(work, { asOf: SYNTHETIC_AS_OF, withoutGit: true });
    const started = performance.now();
    const index = buildPackageIndex(buildCatalogue(loaded.input));
    console.log(
      `\nSearch over ${index.byId.size} packages (index built with the catalogue's other indexes in ${(performance.now() - started).toFixed(0)} ms)`,
    );
    const rounds = Number(values.rounds);
    const time = (params: Record<string, string>) => {
      const query = parseListQuery(queryParams(new URLSearchParams(params)));
      if (!query.ok) throw new Error(JSON.stringify(query.issues));
      const samples: number[] = [];
      let total = 0;
      for (let round = 0; round < rounds; round += 1) {
        const start = performance.now();
        const result = listPackages(index, query.value);
        samples.push(performance.now() - start);
        if (result.ok) total = result.value.total;
      }
      samples.sort((a, b) => a - b);
      return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), total };
    };
    const baseline = time({});
    console.log(
      `${'query'.padEnd(28)} ${'found'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  p50×  p99× (vs the list without q)`,
    );
    const row = (label: string, result: ReturnType<typeof time>) =>
      console.log(
        `${label.padEnd(28)} ${String(result.total).padStart(6)} ${result.p50.toFixed(3).padStart(8)} ${result.p99.toFixed(3).padStart(8)}  ${(result.p50 / baseline.p50).toFixed(1).padStart(4)}  ${(result.p99 / baseline.p99).toFixed(1).padStart(4)}`,
      );
    row('(no q: baseline)', baseline);
    const sample = [...index.byId.values()][Math.floor(index.byId.size / 2)]!;
    for (const q of [
      'database',
      'postgres mcp',
      'web search',
      'k8s',
      sample.name,
      sample.id.slice(0, 4),
      'zzzz-nothing',
    ])
      row(q, time({ q }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await compression();
search();
