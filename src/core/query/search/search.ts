/**
 * Full-text search (DESIGN §3 `q`): every word of the query must match somewhere (name, id,
 * registry names, category, keywords, kind, description or tool names), as the start of a word,
 * through a synonym, or inside a name or id; a package ranks by where its words matched.
 */
import type { CategorySummary } from '../../catalogue/catalogue-types.ts';
import { stem, words } from './fold.ts';
import type { SearchIndex } from './search-index.ts';
import {
  COMMON_WORD_SHARE,
  EXACT_RANK,
  INFIX_RANK,
  MIN_INFIX_LENGTH,
  MIN_PREFIX_LENGTH,
  STOP_WORDS,
  SYNONYMS,
} from './search-vocabulary.ts';

/** One word (or synonym phrase) of a query: its ways of matching, each a list of stems that must all match. */
export interface SearchTerm {
  text: string;
  alternatives: readonly (readonly string[])[];
}

export interface ParsedSearch {
  terms: SearchTerm[];
  /** The whole query's words, for exact matches of a name, id or registry name. */
  whole: string;
}

const SYNONYM_GROUPS: readonly (readonly (readonly string[])[])[] = SYNONYMS.map((group) =>
  group.map((member) => words(member).map(stem)),
);

const key = (stems: readonly string[]) => stems.join(' ');

/** Synonym phrase (stems joined by spaces) → every member of its groups. */
const SYNONYMS_OF: ReadonlyMap<string, readonly (readonly string[])[]> = (() => {
  const map = new Map<string, (readonly string[])[]>();
  for (const group of SYNONYM_GROUPS) {
    for (const member of group) {
      const known = map.get(key(member)) ?? [];
      for (const other of group) if (!known.some((seen) => key(seen) === key(other))) known.push(other);
      map.set(key(member), known);
    }
  }
  return map;
})();

function termOf(stems: readonly string[], text: string): SearchTerm {
  return { text, alternatives: SYNONYMS_OF.get(key(stems)) ?? [stems] };
}

export function parseSearch(q: string): ParsedSearch {
  const all = words(q);
  const meaningful = all.filter((word) => !STOP_WORDS.has(word));
  const kept = meaningful.length > 0 ? meaningful : all;
  const terms: SearchTerm[] = [];
  for (let index = 0; index < kept.length; index += 1) {
    // Two words that together name one thing ("file system", "vector db") are one term.
    const pair = index + 1 < kept.length ? [stem(kept[index]!), stem(kept[index + 1]!)] : null;
    if (pair && SYNONYMS_OF.has(key(pair))) {
      terms.push(termOf(pair, `${kept[index]} ${kept[index + 1]}`));
      index += 1;
    } else {
      terms.push(termOf([stem(kept[index]!)], kept[index]!));
    }
  }
  return { terms, whole: all.join(' ') };
}

/** The first position in sorted `list` not before `value`. */
function lowerBound(list: readonly string[], value: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Indexed stems that a query stem matches: itself, or every stem it begins when it is long enough. */
function stemsMatching(vocabulary: readonly string[], wanted: string): string[] {
  const start = lowerBound(vocabulary, wanted);
  const found: string[] = [];
  for (let index = start; index < vocabulary.length; index += 1) {
    const candidate = vocabulary[index]!;
    if (!candidate.startsWith(wanted)) break;
    if (candidate !== wanted && wanted.length < MIN_PREFIX_LENGTH) break;
    found.push(candidate);
  }
  return found;
}

type Ranks = Map<number, number>;

function keepBest(ranks: Ranks, doc: number, rank: number): void {
  const previous = ranks.get(doc);
  if (previous === undefined || rank < previous) ranks.set(doc, rank);
}

/** Documents one stem matches, with the best rank of each. */
function matchStem(index: SearchIndex, wanted: string): Ranks {
  const ranks: Ranks = new Map();
  for (const found of stemsMatching(index.vocabulary, wanted)) {
    const postings = index.postings.get(found)!;
    for (let position = 0; position < postings.docs.length; position += 1)
      keepBest(ranks, postings.docs[position]!, postings.ranks[position]!);
  }
  if (wanted.length >= MIN_INFIX_LENGTH) {
    for (const name of index.nameVocabulary) {
      if (name.startsWith(wanted) || !name.includes(wanted)) continue;
      for (const doc of index.namePostings.get(name)!) keepBest(ranks, doc, INFIX_RANK);
    }
  }
  return ranks;
}

/** Documents where every stem of a phrase matches; a phrase ranks at its worst word. */
function matchAlternative(index: SearchIndex, stems: readonly string[]): Ranks {
  let result: Ranks | null = null;
  for (const wanted of stems) {
    const ranks = matchStem(index, wanted);
    if (result === null) {
      result = ranks;
      continue;
    }
    const both: Ranks = new Map();
    for (const [doc, rank] of result) {
      const other = ranks.get(doc);
      if (other !== undefined) both.set(doc, Math.max(rank, other));
    }
    result = both;
  }
  return result ?? new Map();
}

function matchTerm(index: SearchIndex, term: SearchTerm): Ranks {
  const ranks: Ranks = new Map();
  for (const alternative of term.alternatives)
    for (const [doc, rank] of matchAlternative(index, alternative)) keepBest(ranks, doc, rank);
  return ranks;
}

/**
 * Package id → rank (lower is better) of every package that matches all the words of `q`: the sum
 * of each word's best field rank (nothing for a word most packages match), or the exact rank when
 * the query is a whole name, id or registry name.
 */
export function searchPackages(index: SearchIndex, q: string): Map<string, number> {
  const parsed = parseSearch(q);
  const perTerm = parsed.terms.map((term) => matchTerm(index, term));
  perTerm.sort((a, b) => a.size - b.size);
  // A common word only filters, when a rarer word is there to rank by.
  const rarest = perTerm[0]?.size ?? 0;
  for (const ranks of perTerm)
    if (ranks.size > rarest && ranks.size > COMMON_WORD_SHARE * index.ids.length)
      for (const doc of ranks.keys()) ranks.set(doc, 0);
  const matched = new Map<string, number>();
  const [first, ...rest] = perTerm;
  for (const [doc, rank] of first ?? new Map<number, number>()) {
    let total = rank;
    let everyTerm = true;
    for (const other of rest) {
      const more = other.get(doc);
      if (more === undefined) {
        everyTerm = false;
        break;
      }
      total += more;
    }
    if (everyTerm) matched.set(index.ids[doc]!, total);
  }
  for (const doc of index.exact.get(parsed.whole) ?? []) matched.set(index.ids[doc]!, EXACT_RANK);
  return matched;
}

/** A category the query names, for "Databases, 9 packages" beside the results. */
export type CategoryHint = Pick<CategorySummary, 'slug' | 'name' | 'package_count'>;

function termNames(term: SearchTerm, categoryStems: readonly string[]): boolean {
  return term.alternatives.some((alternative) =>
    alternative.every((wanted) =>
      categoryStems.some(
        (candidate) =>
          candidate === wanted || (wanted.length >= MIN_PREFIX_LENGTH && candidate.startsWith(wanted)),
      ),
    ),
  );
}

/** The categories whose name or slug every word of the query belongs to. */
export function categoryHints(index: SearchIndex, q: string): CategoryHint[] {
  const { terms } = parseSearch(q);
  if (terms.length === 0) return [];
  return index.categories
    .filter((category) => terms.every((term) => termNames(term, category.stems)))
    .map(({ slug, name, package_count }) => ({ slug, name, package_count }));
}
