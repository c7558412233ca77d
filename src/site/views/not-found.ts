/**
 * What a 404 suggests instead: the packages, categories, contributors or sections whose id is
 * closest to what was asked for (a typo, an old id, a name typed as a path), best first.
 */
import type { PackageIndex } from '../../core/query/package-index.ts';
import { searchPackages } from '../../core/query/search/search.ts';
import { MAIN_NAV } from '../navigation.ts';

export interface NearMatch {
  href: string;
  label: string;
}

const MAX_SUGGESTIONS = 5;

/** Edits (insert, delete, substitute, swap two neighbours) that turn one text into the other. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** Candidates within a typo's reach of `wanted` (a third of its length, at least 2), closest first. */
function closest<T>(wanted: string, candidates: readonly T[], key: (candidate: T) => string): T[] {
  const reach = Math.max(2, Math.floor(wanted.length / 3));
  return candidates
    .map((candidate) => ({ candidate, distance: editDistance(wanted, key(candidate).toLowerCase()) }))
    .filter((entry) => entry.distance <= reach)
    .sort((a, b) => a.distance - b.distance || key(a.candidate).localeCompare(key(b.candidate)))
    .map((entry) => entry.candidate);
}

function packageMatches(index: PackageIndex, wanted: string): NearMatch[] {
  const records = index.catalogue.packages;
  const byId = closest(wanted, records, (record) => record.id);
  // A name or words typed as an id ("/packages/postgres-server"): what a search for them finds.
  const found = searchPackages(index.search, wanted.replace(/[-_.]+/g, ' '));
  const searched = records
    .filter((record) => found.has(record.id))
    .sort((a, b) => found.get(a.id)! - found.get(b.id)!);
  const seen = new Set<string>();
  return [...byId, ...searched]
    .filter((record) => !seen.has(record.id) && seen.add(record.id))
    .slice(0, MAX_SUGGESTIONS)
    .map((record) => ({ href: `/packages/${record.id}`, label: record.name }));
}

export function nearMatches(index: PackageIndex, path: string): NearMatch[] {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.toLowerCase());
  const [section, id] = segments;
  if (section === 'packages' && id) return packageMatches(index, id);
  if (section === 'categories' && id)
    return closest(id, index.catalogue.categories, (category) => category.slug)
      .slice(0, MAX_SUGGESTIONS)
      .map((category) => ({ href: `/categories/${category.slug}`, label: category.name }));
  if (section === 'contributors' && id)
    return closest(id, index.catalogue.contributors, (contributor) => contributor.login)
      .slice(0, MAX_SUGGESTIONS)
      .map((contributor) => ({ href: `/contributors/${contributor.login}`, label: contributor.login }));
  const last = segments[segments.length - 1];
  if (!last) return [];
  const sections = closest(last, MAIN_NAV, (item) => item.href.slice(1)).map((item) => ({
    href: item.href,
    label: item.label,
  }));
  return [...sections, ...packageMatches(index, last)].slice(0, MAX_SUGGESTIONS);
}
