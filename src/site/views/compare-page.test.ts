import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { buildPackageIndex } from '../../core/query/package-index.ts';
import { comparePageView } from './compare-page.ts';

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
    packageRecord({ id: 'pg-tools', name: 'PG Tools', af_score: 90, evaluation_status: 'Evaluated' }),
    packageRecord({
      id: 'sqlite-tools',
      name: 'SQLite Tools',
      af_score: 40,
      evaluation_status: 'Evaluated',
      caps_applied: ['no-licence'],
    }),
    packageRecord({ id: 'mysql-tools', name: 'MySQL Tools' }),
  ],
  removed: [],
  contributors: [],
  queue: [],
  stats: JSON.parse('{}'),
  changes: [],
});
const view = (query: string) => comparePageView(index, new URL(`http://localhost/compare${query}`));

describe('the compare page', () => {
  it('asks for packages when none is chosen', () => {
    const page = view('');
    expect(page.status).toBeNull();
    expect(page.chosen).toEqual([]);
    expect(page.items).toEqual([]);
    expect(page.peers).toEqual([]);
  });

  it('compares the chosen packages, notes the caps, and offers the rest of their category', () => {
    const page = view('?ids=pg-tools,sqlite-tools');
    expect(page.items.map((item) => item.id)).toEqual(['pg-tools', 'sqlite-tools']);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.caps[0]).toEqual([]);
    expect(page.caps[1]!.map((note) => note.id)).toEqual(['no-licence']);
    expect(page.anyCapped).toBe(true);
    expect(page.peers.flatMap((group) => group.peers.map((record) => record.id))).toEqual(['mysql-tools']);
  });

  it('answers 404 naming an id that is not a package', () => {
    const page = view('?ids=pg-tools,nope');
    expect(page.status).toBe(404);
    expect(page.issues[0]!.message).toContain('"nope"');
    expect(page.chosen).toEqual(['pg-tools', 'nope']);
  });

  it('finds packages to add, leaving out those chosen, without a status for a bad search', () => {
    const search = view('?ids=pg-tools&q=tools');
    expect(search.searched).toBe(true);
    const found = search.matches.map((record) => record.id);
    expect(found.toSorted()).toEqual(['mysql-tools', 'sqlite-tools']);
    const long = view(`?q=${'x'.repeat(300)}`);
    expect(long.status).toBeNull();
    expect(long.searched).toBe(false);
    expect(long.issues[0]!.parameter).toBe('q');
  });
});
