import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { editDistance, nearMatches } from './not-found.ts';

const index = buildPackageIndex({
  meta: { rubric_version: '2.1', schema_version: '2.0', as_of: '2026-11-01T00:00:00Z' },
  categories: [
    {
      slug: 'databases',
      name: 'Databases',
      description: 'x',
      package_count: 2,
      evaluated_count: 0,
      long_description: '',
    },
  ],
  packages: [
    packageRecord({
      id: 'dbhub',
      name: 'DBHub',
      description: 'Connects agents to PostgreSQL and MySQL.',
      distribution: { npm: '@bytebase/dbhub' },
    }),
    packageRecord({
      id: 'server-postgres',
      name: 'PostgreSQL (reference server)',
      description: 'Read-only access to a PostgreSQL database.',
      distribution: { npm: '@modelcontextprotocol/server-postgres' },
    }),
  ],
  removed: [],
  contributors: [],
  queue: [],
  stats: JSON.parse('{}'),
  changes: [],
});

describe('what a 404 suggests', () => {
  it('counts typos, swaps included', () => {
    expect(editDistance('dbhub', 'dbhub')).toBe(0);
    expect(editDistance('dbhbu', 'dbhub')).toBe(1);
    expect(editDistance('dbhubb', 'dbhub')).toBe(1);
  });

  it('suggests the package whose id is a typo away, then what a search for the words finds', () => {
    expect(nearMatches(index, '/packages/dbhbu')).toEqual([{ href: '/packages/dbhub', label: 'DBHub' }]);
    expect(nearMatches(index, '/packages/postgres-server').map((match) => match.href)).toEqual([
      '/packages/server-postgres',
      '/packages/dbhub',
    ]);
  });

  it('suggests a category or a section', () => {
    expect(nearMatches(index, '/categories/database')).toEqual([
      { href: '/categories/databases', label: 'Databases' },
    ]);
    expect(nearMatches(index, '/pakages')).toEqual([{ href: '/packages', label: 'Packages' }]);
    expect(nearMatches(index, '/dbhub')).toEqual([{ href: '/packages/dbhub', label: 'DBHub' }]);
  });

  it('suggests nothing when nothing is near', () => {
    expect(nearMatches(index, '/packages/zzzzzzzzzzzz')).toEqual([]);
  });
});
