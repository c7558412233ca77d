import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import type { PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { DIMENSIONS } from '../../core/vocabulary.ts';
import { categoryPageView } from './category-page.ts';

const withSecurity = (security: number) =>
  Object.fromEntries(
    DIMENSIONS.map((dimension) => [
      dimension,
      { score: dimension === 'security' ? security : null, weight: 10 },
    ]),
  ) as PackageRecord['dimensions'];

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
    packageRecord({
      id: 'b-db',
      name: 'B DB',
      af_score: 70,
      dimensions: withSecurity(95),
      evaluation_status: 'Evaluated',
    }),
    packageRecord({
      id: 'a-db',
      name: 'A DB',
      af_score: 90,
      dimensions: withSecurity(60),
      evaluation_status: 'Evaluated',
    }),
    packageRecord({ id: 'c-db', name: 'C DB' }),
  ],
  removed: [],
  contributors: [],
  queue: [],
  stats: JSON.parse('{}'),
  changes: [],
});
const view = (query: string) =>
  categoryPageView(index, 'databases', new URL(`http://localhost/categories/databases${query}`));

describe('a category page', () => {
  it('ranks by af score and lists every package by name', () => {
    const page = view('');
    expect(page.status).toBeNull();
    expect(page.board.items.map((entry) => entry.id)).toEqual(['a-db', 'b-db']);
    expect(page.page!.items.map((record) => record.id)).toEqual(['a-db', 'b-db', 'c-db']);
  });

  it('ranks by the score asked for and keeps it in the paging links', () => {
    const page = view('?dimension=security_score');
    expect(page.board.items.map((entry) => entry.id)).toEqual(['b-db', 'a-db']);
    expect(page.pageHref(2)).toBe('/categories/databases?dimension=security_score&page=2#all-packages');
    expect(page.boardHref('af_score')).toBe('/categories/databases#leaderboard');
  });

  it('answers 400 for an unknown score, still ranking by af score, and 404 past the last page', () => {
    const bad = view('?dimension=popularity');
    expect(bad.status).toBe(400);
    expect(bad.issues[0]!.parameter).toBe('dimension');
    expect(bad.dimension).toBe('af_score');
    expect(view('?page=5').status).toBe(404);
  });
});
