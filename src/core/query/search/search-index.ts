/**
 * The full-text index over the catalogue, built once per data version: an inverted index from
 * word stems to the packages whose fields hold them, with the best field rank per package, and a
 * sorted vocabulary so a query word finds every stem it begins in a binary search. Whole names,
 * ids and registry names are kept apart for exact matches, and the words of names and ids for
 * matches inside a word ("sql" in "mysql").
 */
import type { CategorySummary } from '../../catalogue/catalogue-types.ts';
import { compareStrings } from '../../order.ts';
import type { Distribution, PackageKind } from '../../types.ts';
import { stems, words } from './fold.ts';
import { FIELD_RANK, KIND_WORDS, type SearchField } from './search-vocabulary.ts';

/** What search reads of a package. */
export interface SearchSource {
  id: string;
  name: string;
  kind: PackageKind;
  category: string;
  description: string;
  distribution: Distribution;
  keywords: readonly string[];
  tools: readonly string[];
}

/** Packages holding one stem, by their position in `ids`, with the best rank they hold it at. */
export interface Postings {
  docs: Uint32Array;
  ranks: Uint8Array;
}

export interface SearchIndex {
  /** Document number → package id. */
  ids: readonly string[];
  /** Every indexed stem, sorted. */
  vocabulary: readonly string[];
  postings: ReadonlyMap<string, Postings>;
  /** Stems of names and ids, sorted, with their packages: for matches inside a word. */
  nameVocabulary: readonly string[];
  namePostings: ReadonlyMap<string, Uint32Array>;
  /** A whole name, id or registry name, its words joined by spaces → documents. */
  exact: ReadonlyMap<string, readonly number[]>;
  categories: readonly CategoryEntry[];
}

export interface CategoryEntry {
  slug: string;
  name: string;
  package_count: number;
  stems: readonly string[];
}

function registryNames(distribution: Distribution): string[] {
  return [distribution.npm, distribution.pypi, distribution.oci].filter(
    (name): name is string => typeof name === 'string',
  );
}

/** Each field's text, as the index reads it. */
function fieldTexts(
  source: SearchSource,
  categoryNames: ReadonlyMap<string, string>,
): [SearchField, string][] {
  return [
    ['name', `${source.name} ${source.id}`],
    ['registry', registryNames(source.distribution).join(' ')],
    ['category', `${source.category} ${categoryNames.get(source.category) ?? ''}`],
    ['keywords', source.keywords.join(' ')],
    ['kind', KIND_WORDS[source.kind]],
    ['description', source.description],
    ['tools', source.tools.join(' ')],
  ];
}

class PostingsBuilder {
  private readonly byStem = new Map<string, Map<number, number>>();

  add(stem: string, doc: number, rank: number): void {
    let docs = this.byStem.get(stem);
    if (!docs) {
      docs = new Map();
      this.byStem.set(stem, docs);
    }
    const previous = docs.get(doc);
    if (previous === undefined || rank < previous) docs.set(doc, rank);
  }

  build(): Map<string, Postings> {
    const postings = new Map<string, Postings>();
    for (const [stem, docs] of this.byStem) {
      const sorted = [...docs.keys()].sort((a, b) => a - b);
      postings.set(stem, {
        docs: Uint32Array.from(sorted),
        ranks: Uint8Array.from(sorted.map((doc) => docs.get(doc)!)),
      });
    }
    return postings;
  }
}

function sortedKeys(map: ReadonlyMap<string, unknown>): string[] {
  return [...map.keys()].sort(compareStrings);
}

export function buildSearchIndex(
  sources: readonly SearchSource[],
  categories: readonly Pick<CategorySummary, 'slug' | 'name' | 'package_count'>[],
): SearchIndex {
  const categoryNames = new Map(categories.map((category) => [category.slug, category.name]));
  const all = new PostingsBuilder();
  const names = new Map<string, Set<number>>();
  const exact = new Map<string, number[]>();
  sources.forEach((source, doc) => {
    for (const [field, text] of fieldTexts(source, categoryNames))
      for (const stem of stems(text)) all.add(stem, doc, FIELD_RANK[field]);
    for (const stem of stems(`${source.name} ${source.id}`)) {
      const docs = names.get(stem) ?? new Set();
      docs.add(doc);
      names.set(stem, docs);
    }
    for (const whole of [source.name, source.id, ...registryNames(source.distribution)]) {
      const key = words(whole).join(' ');
      const docs = exact.get(key) ?? [];
      if (!docs.includes(doc)) docs.push(doc);
      exact.set(key, docs);
    }
  });
  const postings = all.build();
  const namePostings = new Map(
    [...names].map(([stem, docs]) => [stem, Uint32Array.from([...docs].sort((a, b) => a - b))]),
  );
  return {
    ids: sources.map((source) => source.id),
    vocabulary: sortedKeys(postings),
    postings,
    nameVocabulary: sortedKeys(namePostings),
    namePostings,
    exact,
    categories: categories.map((category) => ({
      slug: category.slug,
      name: category.name,
      package_count: category.package_count,
      stems: stems(`${category.slug} ${category.name}`),
    })),
  };
}
