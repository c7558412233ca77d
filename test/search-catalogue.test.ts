/**
 * Search over the bundled catalogue, with the queries people type: a category's own name, a
 * database engine, a registry name, an abbreviation. Expectations come from the catalogue itself
 * (a category's members, the packages whose description names an engine), so they hold as it grows.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import type { Catalogue, PackageRecord } from '../src/core/catalogue/catalogue-types.ts';
import { listPackages, type PackagePage } from '../src/core/query/list-packages.ts';
import { parseListQuery } from '../src/core/query/list-query.ts';
import { buildPackageIndex, type PackageIndex } from '../src/core/query/package-index.ts';
import { queryParams } from '../src/core/query/query-params.ts';
import { loadRepository } from '../src/data/load-repository.ts';

const ROOT = resolve(import.meta.dirname, '..');
let catalogue: Catalogue;
let index: PackageIndex;

beforeAll(() => {
  const loaded = loadRepository(ROOT, { withoutGit: true });
  expect(loaded.issues).toEqual([]);
  catalogue = buildCatalogue(loaded.input);
  index = buildPackageIndex(catalogue);
});

function search(q: string): PackagePage {
  const query = parseListQuery(queryParams(new URLSearchParams({ q, per_page: '100' })));
  if (!query.ok) throw new Error(JSON.stringify(query.issues));
  const result = listPackages(index, query.value);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const ids = (q: string) => search(q).items.map((record) => record.id);
const members = (slug: string) => catalogue.packages.filter((record) => record.category === slug);
const describing = (word: RegExp) => catalogue.packages.filter((record) => word.test(record.description));
const best = (records: readonly PackageRecord[]) =>
  [...records].sort((a, b) => (b.af_score ?? -1) - (a.af_score ?? -1))[0]!;

describe('searching the bundled catalogue', () => {
  it('“database” finds every package of Databases and names the category', () => {
    const databases = members('databases');
    expect(databases.length).toBeGreaterThan(5);
    const page = search('database');
    expect(ids('database')).toEqual(expect.arrayContaining(databases.map((record) => record.id)));
    expect(page.matching_categories).toEqual([
      { slug: 'databases', name: 'Databases', package_count: databases.length },
    ]);
  });

  it('“postgres” finds the best-scored server that supports PostgreSQL, ahead of unscored ones', () => {
    const postgres = describing(/postgres/i);
    const top = best(postgres);
    expect(top.af_score).not.toBeNull();
    const found = ids('postgres');
    expect(found).toEqual(expect.arrayContaining(postgres.map((record) => record.id)));
    const unscored = found.filter((id) => index.byId.get(id)!.af_score === null && !id.includes('postgres'));
    for (const id of unscored) expect(found.indexOf(top.id)).toBeLessThan(found.indexOf(id));
  });

  it('“mysql” finds the servers whose description names MySQL', () => {
    const mysql = describing(/mysql/i).map((record) => record.id);
    expect(mysql.length).toBeGreaterThan(0);
    expect(ids('mysql')).toEqual(expect.arrayContaining(mysql));
  });

  it('“web search”, a category’s own name, finds that category', () => {
    const webSearch = members('web-search').map((record) => record.id);
    expect(ids('web search')).toEqual(expect.arrayContaining(webSearch));
    expect(search('web search').matching_categories?.map((hint) => hint.slug)).toEqual(['web-search']);
  });

  it('“postgres mcp” finds PostgreSQL MCP servers, ranked by where “postgres” matched', () => {
    const found = ids('postgres mcp');
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((id) => index.byId.get(id)!.kind === 'mcp-server')).toBe(true);
    expect(found[0]).toBe(ids('postgres')[0]);
  });

  it('“k8s” finds Kubernetes', () => {
    const kubernetes = catalogue.packages.filter((record) => /kubernetes/i.test(record.name));
    expect(kubernetes.length).toBeGreaterThan(0);
    expect(ids('k8s')).toEqual(expect.arrayContaining(kubernetes.map((record) => record.id)));
  });

  it('an npm name finds its packages first', () => {
    for (const record of catalogue.packages.filter((entry) => entry.distribution.npm)) {
      const npm = record.distribution.npm!;
      // Several skills can ship in one npm package; all of them come first.
      const sharing = catalogue.packages
        .filter((entry) => entry.distribution.npm === npm)
        .map((entry) => entry.id);
      // Another package named or keyed exactly the same (GitHub's own `github-mcp-server`, not on
      // npm) is an exact match too and may share the top places with them.
      const key = (text: string) =>
        text
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim();
      const twins = catalogue.packages.filter(
        (entry) =>
          !sharing.includes(entry.id) &&
          [entry.id, entry.name, entry.distribution.npm ?? ''].some((text) => key(text) === key(npm)),
      ).length;
      expect(ids(npm).slice(0, sharing.length + twins), npm).toEqual(expect.arrayContaining(sharing));
    }
    expect(ids('@bytebase/dbhub')).toEqual(['dbhub']);
  });

  it('finds every package by its own name', () => {
    for (const record of catalogue.packages) expect(ids(record.name), record.name).toContain(record.id);
  });
});
