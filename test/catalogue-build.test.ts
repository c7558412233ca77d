/**
 * The build on the fixture repository: a golden view of every state, tier and flag, and the
 * guarantee that the same input always gives the same bytes.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import type { Catalogue } from '../src/core/catalogue/catalogue-types.ts';
import { checkFailureCounts } from '../src/core/stats/check-failures.ts';
import { CATALOGUE_DATABASE } from '../src/data/catalogue-database.ts';
import { loadRepository } from '../src/data/load-repository.ts';
import { sqlite } from '../src/data/node-sqlite.ts';
import { readGenerated } from '../src/data/read-generated.ts';
import { captureIo } from './support/capture-io.ts';
import { FIXTURE_AS_OF, writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

const { DatabaseSync } = sqlite();
const GOLDEN = join(import.meta.dirname, 'fixtures', 'golden', 'catalogue-view.json');

/** What a reviewer needs to check by eye: scores, states, flags, tiers, exclusions; not every check. */
function goldenView(catalogue: Catalogue) {
  return {
    meta: catalogue.meta,
    packages: catalogue.packages.map((record) => ({
      id: record.id,
      af_score: record.af_score,
      grade: record.grade,
      security_score: record.security_score,
      reliability_score: record.reliability_score,
      evaluation_status: record.evaluation_status,
      reasons: record.state_reasons.map((reason) => reason.code),
      confidence: record.confidence,
      cross_validated: record.cross_validated,
      spread: record.spread,
      flags: record.flags,
      representative: record.representative_evaluation_id,
      evaluations: record.evaluations.map((entry) =>
        [
          entry.contributor,
          entry.tier,
          entry.af_score,
          entry.counted ? `weight ${entry.weight}` : entry.excluded_because,
        ].join(' | '),
      ),
      updated_at: record.updated_at,
    })),
    removed: catalogue.removed,
    contributors: catalogue.contributors,
    queue: catalogue.queue,
    stats: catalogue.stats,
    categories: catalogue.categories.map(({ slug, package_count, evaluated_count }) => ({
      slug,
      package_count,
      evaluated_count,
    })),
    changes: catalogue.changes.filter((change) => !change.id.startsWith('filler-')),
  };
}

const tempDir = useTempDirs();
let root: string;

beforeAll(() => {
  root = tempDir();
  writeFixtureRepo(root);
});

function build(): Catalogue {
  const loaded = loadRepository(root, { asOf: FIXTURE_AS_OF });
  expect(loaded.issues).toEqual([]);
  return buildCatalogue(loaded.input);
}

describe('the catalogue build', () => {
  it('matches the reviewed golden view of the fixture repository', () => {
    const view = `${JSON.stringify(goldenView(build()), null, 2)}\n`;
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, view);
    expect(view).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('puts every state, tier and flag on show', () => {
    const catalogue = build();
    const states = new Set(catalogue.packages.map((record) => record.evaluation_status));
    expect([...states].sort()).toEqual(['Evaluated', 'Needs re-evaluation', 'Not yet evaluated']);
    expect(new Set(catalogue.contributors.map((contributor) => contributor.tier))).toEqual(
      new Set(['newcomer', 'contributor', 'trusted']),
    );
    const flags = new Set(catalogue.packages.flatMap((record) => record.flags));
    expect([...flags].sort()).toEqual([
      'critical-security-finding',
      'does-not-start',
      'evaluators-disagree',
      'reproducibility-mismatch',
      'self-evaluated',
      'spot-check-diverged',
      'undisclosed-self-evaluation',
    ]);
    const confidences = new Set(catalogue.packages.map((record) => record.confidence));
    expect(confidences).toEqual(new Set(['single', 'corroborated', 'consensus', 'disputed', null]));
    expect(catalogue.removed.map((tombstone) => tombstone.id)).toEqual(['retired-server']);
  });

  it('does not depend on the order of its inputs', () => {
    const loaded = loadRepository(root, { asOf: FIXTURE_AS_OF });
    const reversed = {
      ...loaded.input,
      packages: [...loaded.input.packages].reverse(),
      categories: [...loaded.input.categories].reverse(),
      evaluations: [...loaded.input.evaluations].reverse(),
      spotChecks: [...loaded.input.spotChecks].reverse(),
    };
    expect(JSON.stringify(buildCatalogue(reversed))).toBe(JSON.stringify(buildCatalogue(loaded.input)));
  });

  it('writes byte-identical output on every run', async () => {
    const outputs = [tempDir(), tempDir()];
    for (const out of outputs) {
      const io = captureIo(root);
      expect(await main(['build', '--out', out, '--as-of', FIXTURE_AS_OF], io)).toBe(0);
      expect(io.stdout[0]).toMatch(/^✓ built 32 packages and 58 evaluations as of 2026-11-01T00:00:00.000Z/);
    }
    const files = (dir: string) =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(dir.length));
    expect(files(outputs[1]!)).toEqual(files(outputs[0]!));
    for (const file of files(outputs[0]!)) {
      expect(readFileSync(join(outputs[1]!, file), 'utf8'), file).toBe(
        readFileSync(join(outputs[0]!, file), 'utf8'),
      );
    }
  });

  it('stores the check failures the statistics page ranks, as counted over the records', async () => {
    const out = tempDir();
    expect(await main(['build', '--out', out, '--as-of', FIXTURE_AS_OF], captureIo(root))).toBe(0);
    const generated = readGenerated(out);
    try {
      const counted = checkFailureCounts(build().packages);
      expect(counted.some((count) => count.failed > 0)).toBe(true);
      // Read from the database, not counted again from every package's checks.
      const database = new DatabaseSync(join(out, CATALOGUE_DATABASE), { readOnly: true });
      const stored = database.prepare("SELECT json FROM parts WHERE name = 'check_failures'").get();
      database.close();
      expect(JSON.parse(stored?.json as string)).toEqual(counted);
      expect(generated.index.checkFailures).toEqual(counted);
    } finally {
      generated.close();
    }
  });

  it('refuses to build from invalid data', async () => {
    const broken = tempDir();
    writeFixtureRepo(broken);
    writeFileSync(join(broken, 'data', 'packages', 'pg-query.md'), '---\nid: pg-query\n---\n');
    const io = captureIo(broken);
    expect(await main(['build', '--out', tempDir()], io)).toBe(1);
    expect(io.stderr.at(-1)).toMatch(/^✗ not built: \d+ problem\(s\)/);
  });

  it('rejects a malformed --as-of', async () => {
    const io = captureIo(root);
    expect(await main(['build', '--as-of', 'yesterday'], io)).toBe(2);
    expect(io.stderr[0]).toContain('RFC 3339');
  });
});
