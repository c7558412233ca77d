/**
 * Immutable indexes over the catalogue, one per data version: records by id, every sort order for
 * all packages and per category, and the full-text search index, each order and the search index
 * made when first asked for and kept. A list query then only walks one sorted order and filters.
 */
import type {
  Catalogue,
  CategoryRecord,
  ContributorRecord,
  PackageRecord,
  Tombstone,
} from '../catalogue/catalogue-types.ts';
import { loginKey } from '../ids.ts';
import { compareStrings } from '../order.ts';
import { type CheckFailureCount, checkFailureCounts } from '../stats/check-failures.ts';
import { SORT_KEYS, type SortKey } from './list-query.ts';
import { buildSearchIndex, type SearchIndex } from './search/search-index.ts';

export interface PackageIndex {
  catalogue: Catalogue;
  byId: ReadonlyMap<string, PackageRecord>;
  removed: ReadonlyMap<string, Tombstone>;
  categories: ReadonlyMap<string, CategoryRecord>;
  /** By lower-case login. */
  contributors: ReadonlyMap<string, ContributorRecord>;
  /** sort key → records in that order; `all` and per category slug. */
  orders: ReadonlyMap<string, Readonly<Record<SortKey, readonly PackageRecord[]>>>;
  /** The full-text index of `q` (search/search-index.ts). */
  search: SearchIndex;
  /** How often each check fails among scored packages (the statistics page). */
  checkFailures: readonly CheckFailureCount[];
}

export const ALL = '\u0000all';

type ScoreKey = 'af_score' | 'security_score' | 'reliability_score';

/** Highest first; packages without that score last; ties by id. */
function byScore(key: ScoreKey) {
  return (a: PackageRecord, b: PackageRecord): number => {
    const left = a[key];
    const right = b[key];
    if (left === right) return compareStrings(a.id, b.id);
    if (left === null) return 1;
    if (right === null) return -1;
    return right - left;
  };
}

type Comparator = (a: PackageRecord, b: PackageRecord) => number;

const unevaluated = (record: PackageRecord) => Number(record.evaluation_status === 'Not yet evaluated');

/**
 * DESIGN §3: unevaluated packages sort last whatever the sort, so a listing by name or recency
 * still leads with packages an agent can judge. (The score sorts already put every package
 * without that score last.)
 */
function evaluatedFirst(compare: Comparator): Comparator {
  return (a, b) => unevaluated(a) - unevaluated(b) || compare(a, b);
}

const COMPARATORS: Record<SortKey, Comparator> = {
  af_score: byScore('af_score'),
  security_score: byScore('security_score'),
  reliability_score: byScore('reliability_score'),
  name: evaluatedFirst(
    (a, b) => compareStrings(a.name.toLowerCase(), b.name.toLowerCase()) || compareStrings(a.id, b.id),
  ),
  updated_at: evaluatedFirst(
    (a, b) => compareStrings(b.updated_at, a.updated_at) || compareStrings(a.id, b.id),
  ),
};

export function sortRecords(records: readonly PackageRecord[], key: SortKey): PackageRecord[] {
  return [...records].sort(COMPARATORS[key]);
}

/**
 * Every sort of some records, each made the first time it is read: at 100,000 packages the sorts
 * and the search index are seconds of work, and a server answers its first requests (a package, a
 * badge) without them.
 */
function ordersFor(records: readonly PackageRecord[]): Record<SortKey, readonly PackageRecord[]> {
  const orders = {} as Record<SortKey, readonly PackageRecord[]>;
  for (const key of SORT_KEYS) {
    Object.defineProperty(orders, key, {
      enumerable: true,
      configurable: true,
      get() {
        const sorted = sortRecords(records, key);
        Object.defineProperty(orders, key, { value: sorted, enumerable: true });
        return sorted;
      },
    });
  }
  return orders;
}

/**
 * `precomputed.checkFailures`: the counts the build made; without them (a catalogue built in
 * memory, or a database from before they were stored) they are counted on first use.
 */
export function buildPackageIndex(
  catalogue: Catalogue,
  precomputed: { checkFailures?: readonly CheckFailureCount[] } = {},
): PackageIndex {
  const members = new Map<string, PackageRecord[]>();
  for (const record of catalogue.packages) {
    const list = members.get(record.category);
    if (list) list.push(record);
    else members.set(record.category, [record]);
  }
  const orders = new Map<string, Record<SortKey, readonly PackageRecord[]>>([
    [ALL, ordersFor(catalogue.packages)],
  ]);
  for (const category of catalogue.categories)
    orders.set(category.slug, ordersFor(members.get(category.slug) ?? []));
  let search: SearchIndex | undefined;
  let checkFailures = precomputed.checkFailures;
  return {
    catalogue,
    byId: new Map(catalogue.packages.map((record) => [record.id, record])),
    removed: new Map(catalogue.removed.map((tombstone) => [tombstone.id, tombstone])),
    categories: new Map(catalogue.categories.map((category) => [category.slug, category])),
    contributors: new Map(
      catalogue.contributors.map((contributor) => [loginKey(contributor.login), contributor]),
    ),
    orders,
    // Built by the first query that searches.
    get search() {
      search ??= buildSearchIndex(catalogue.packages, catalogue.categories);
      return search;
    },
    get checkFailures() {
      checkFailures ??= checkFailureCounts(catalogue.packages);
      return checkFailures;
    },
  };
}
