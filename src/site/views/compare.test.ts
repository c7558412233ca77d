import { expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { comparePeers } from './compare.ts';

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
