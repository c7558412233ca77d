/** Filtering, ordering and paging of package lists over the precomputed indexes. */
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import type { ListQuery, Paging } from './list-query.ts';
import { ALL, type PackageIndex } from './package-index.ts';
import type { ParameterIssue, ParseResult } from './query-params.ts';
import { type CategoryHint, categoryHints, searchPackages } from './search/search.ts';

export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

/** A list page; a search also names the categories the query names. */
export interface PackagePage extends Page<PackageRecord> {
  matching_categories?: CategoryHint[];
}

export function pageOf<T>(all: readonly T[], paging: Paging): Page<T> {
  const start = (paging.page - 1) * paging.perPage;
  return {
    items: all.slice(start, start + paging.perPage),
    page: paging.page,
    per_page: paging.perPage,
    total: all.length,
    total_pages: Math.ceil(all.length / paging.perPage),
  };
}

function passesFilters(record: PackageRecord, query: ListQuery): boolean {
  if (query.kind !== null && record.kind !== query.kind) return false;
  if (
    query.minSecurity !== null &&
    (record.security_score === null || record.security_score < query.minSecurity)
  )
    return false;
  if (
    query.minReliability !== null &&
    (record.reliability_score === null || record.reliability_score < query.minReliability)
  ) {
    return false;
  }
  return true;
}

function categoryIssue(index: PackageIndex, category: string): ParameterIssue {
  return {
    parameter: 'category',
    message: `"${category}" is not a category`,
    hint: `use one of ${[...index.categories.keys()].join(', ')}`,
  };
}

export function listPackages(index: PackageIndex, query: ListQuery): ParseResult<PackagePage> {
  const scope = query.category ?? ALL;
  const orders = index.orders.get(scope);
  if (!orders) return { ok: false, issues: [categoryIssue(index, query.category!)] };
  // Searching without an explicit order ranks by where the words matched, then by af_score.
  const base = orders[query.sort ?? 'af_score'];
  let matches = base.filter((record) => passesFilters(record, query));
  if (query.q !== null) {
    const found = searchPackages(index.search, query.q);
    const ranked = matches.flatMap((record, position) => {
      const rank = found.get(record.id);
      return rank === undefined ? [] : [{ record, rank, position }];
    });
    if (query.sort === null) ranked.sort((a, b) => a.rank - b.rank || a.position - b.position);
    matches = ranked.map((entry) => entry.record);
    return {
      ok: true,
      value: { ...pageOf(matches, query), matching_categories: categoryHints(index.search, query.q) },
    };
  }
  return { ok: true, value: pageOf(matches, query) };
}
