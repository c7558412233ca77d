import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { packageSearchView } from './package-search.ts';

const index = buildPackageIndex({
  meta: { rubric_version: '2.1', schema_version: '2.0', as_of: '2026-11-01T00:00:00Z' },
  categories: [
    {
      slug: 'databases',
      name: 'Databases',
      description: 'x',
      package_count: 2,
      evaluated_count: 1,
      long_description: '',
    },
  ],
  packages: [
    packageRecord({ id: 'pg-tools', name: 'PG Tools', af_score: 90, evaluation_status: 'Evaluated' }),
    packageRecord({ id: 'sqlite-tools', name: 'SQLite Tools' }),
  ],
  removed: [],
  contributors: [],
  queue: [],
  stats: JSON.parse('{}'),
  changes: [],
});
const view = (query: string) => packageSearchView(index, new URL(`http://localhost/packages${query}`));

describe('the packages page', () => {
  it('lists every package in af score order when nothing is asked', () => {
    const page = view('');
    expect(page.status).toBeNull();
    expect(page.heading).toBe('Packages');
    expect(page.byAfScore).toBe(true);
    expect(page.filtered).toBe(false);
    expect(page.page!.items.map((record) => record.id)).toEqual(['pg-tools', 'sqlite-tools']);
  });

  it('searches, keeps the words in the heading and the paging links', () => {
    const page = view('?q=sqlite&kind=mcp-server');
    expect(page.heading).toBe('Packages matching “sqlite”');
    expect(page.byAfScore).toBe(false);
    expect(page.filtered).toBe(true);
    expect(page.page!.items.map((record) => record.id)).toEqual(['sqlite-tools']);
    expect(page.hrefFor(2)).toBe('/packages?q=sqlite&kind=mcp-server&page=2');
    expect(page.hrefFor(1)).toBe('/packages?q=sqlite&kind=mcp-server');
  });

  it('counts a score minimum carried by a link as a filter and keeps it in the paging links', () => {
    const page = view('?min_security_score=50');
    expect(page.filtered).toBe(true);
    expect(page.hrefFor(2)).toContain('min_security_score=50');
  });

  it('answers 400 with the problems for a bad query, and 404 past the last page', () => {
    const bad = view('?sort=popularity');
    expect(bad.status).toBe(400);
    expect(bad.page).toBeNull();
    expect(bad.issues[0]!.parameter).toBe('sort');
    const past = view('?page=9');
    expect(past.status).toBe(404);
    expect(past.pastTheEnd).toBe(true);
  });
});
