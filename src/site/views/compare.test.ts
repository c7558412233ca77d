import { expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import type { ComparedPackage } from '../../core/query/compare.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { DIMENSIONS } from '../../core/rubric/dimensions.ts';
import { compareHref, comparePeers, scoreRows } from './compare.ts';

it('suggests the best-scored packages of the same category, leaving out the chosen ones', () => {
  const index = buildPackageIndex({
    meta: { rubric_version: '2.1', schema_version: '2.0', as_of: '2026-11-01T00:00:00Z' },
    categories: [
      {
        slug: 'databases',
        name: 'Databases',
        description: 'x',
        package_count: 3,
        evaluated_count: 2,
        long_description: '',
      },
    ],
    packages: [
      packageRecord({ id: 'a', af_score: 90, evaluation_status: 'Evaluated' }),
      packageRecord({ id: 'b', af_score: 70, evaluation_status: 'Evaluated' }),
      packageRecord({ id: 'c' }),
      packageRecord({ id: 'd', af_score: 95, evaluation_status: 'Evaluated' }),
    ],
    removed: [],
    contributors: [],
    queue: [],
    stats: JSON.parse('{}'),
    changes: [],
  });
  const [group] = comparePeers(index, ['a']);
  expect(group!.category).toEqual({ slug: 'databases', name: 'Databases' });
  expect(group!.peers.map((record) => record.id)).toEqual(['d', 'b', 'c']);
});

it('marks the best of each score row only when the row has a winner', () => {
  const item = (id: string, af: number | null, security: number | null) => {
    const record = packageRecord({ id, af_score: af, grade: af === null ? null : 'B' });
    return {
      ...record,
      dimensions: { ...record.dimensions, security: { score: security, weight: 25 } },
    } as unknown as ComparedPackage;
  };
  const rows = scoreRows([item('a', 82.5, 90), item('b', 70, 90), item('c', null, null)]);
  expect(rows[0]).toMatchObject({ label: 'af score', values: [82.5, 70, null], best: 82.5, capped: true });
  expect(rows.find((row) => row.label === 'Security')).toMatchObject({ values: [90, 90, null], best: null });
  expect(rows).toHaveLength(1 + DIMENSIONS.length);
});

it('links to the comparison of the given ids, or to an empty one', () => {
  expect(compareHref(['pg-query', 'a b'])).toBe('/compare?ids=pg-query,a%20b');
  expect(compareHref([])).toBe('/compare');
});
