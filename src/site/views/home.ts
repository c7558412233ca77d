/** What the home page claims about the scores, from the data rather than from hope. */
import type { ChangeEntry, ChangeKind, PackageSummary } from '../../core/catalogue/catalogue-types.ts';
import { summaryOf } from '../../core/catalogue/package-record.ts';
import { statsView } from '../../core/query/catalogue-summaries.ts';
import { listPackages } from '../../core/query/list-packages.ts';
import { parseListQuery } from '../../core/query/list-query.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';
import { plural } from '../format.ts';
import { paramsOf } from '../request.ts';

export interface ScoreFooting {
  scored: number;
  single: number;
  modelJudged: number;
}

export function scoreFooting(records: readonly Pick<PackageSummary, 'score_basis'>[]): ScoreFooting {
  const bases = records.flatMap((record) => (record.score_basis ? [record.score_basis] : []));
  return {
    scored: bases.length,
    single: bases.filter((basis) => basis.evaluations_counted === 1).length,
    modelJudged: bases.filter((basis) => basis.model_judged).length,
  };
}

/** "All 12 scored packages rest on a single evaluation so far, …": what the scores stand on today. */
export function footingSentence(footing: ScoreFooting): string | null {
  if (footing.scored === 0) return null;
  const scored = plural(footing.scored, 'scored package');
  const resting =
    footing.single === footing.scored
      ? `${footing.scored === 1 ? 'The' : `All ${footing.scored}`} ${footing.scored === 1 ? 'scored package rests' : 'scored packages rest'} on a single evaluation so far`
      : footing.single === 0
        ? `Every one of the ${scored} combines several evaluations`
        : `${footing.single} of the ${scored} ${footing.single === 1 ? 'rests' : 'rest'} on a single evaluation so far`;
  const judged =
    footing.modelJudged === 0
      ? 'and none had its model-judged checks run'
      : `and ${footing.modelJudged} had model-judged checks run`;
  return `${resting}, ${judged}: each score says what it rests on.`;
}

/** How the home page labels each kind of change: a word and a tag style, for every kind there is. */
const CHANGE_TAGS: Readonly<Record<ChangeKind, { word: string; tone: '' | 'evaluated' | 'bad' }>> = {
  added: { word: 'Added', tone: '' },
  updated: { word: 'Updated', tone: '' },
  'new-version': { word: 'New version', tone: '' },
  deprecated: { word: 'Deprecated', tone: 'bad' },
  evaluated: { word: 'Evaluated', tone: 'evaluated' },
  removed: { word: 'Removed', tone: 'bad' },
};

export function changeTag(change: ChangeKind): { word: string; tone: '' | 'evaluated' | 'bad' } {
  return CHANGE_TAGS[change];
}

export interface HomeCount {
  label: string;
  value: number;
  href: string;
}

export interface HomeView {
  /** The catalogue in numbers, each linking to where the number comes from. */
  counts: HomeCount[];
  /** The ten best af scores. */
  scored: PackageSummary[];
  /** What those scores rest on, in a sentence (null when nothing is scored). */
  footing: string | null;
  categoryNames: ReadonlyMap<string, string>;
  /** The latest changes, newest first, with the name of the package (or of the removed one). */
  recent: { change: ChangeEntry; name: string }[];
}

export function homeView(index: PackageIndex): HomeView {
  const stats = statsView(index);
  const query = parseListQuery(paramsOf({ sort: 'af_score', per_page: '10' }));
  const top = query.ok ? listPackages(index, query.value) : null;
  return {
    counts: [
      { label: 'Packages', value: stats.packages_total, href: '/packages' },
      { label: 'Evaluated', value: stats.packages_evaluated, href: '/packages?sort=af_score' },
      { label: 'Awaiting a first evaluation', value: stats.packages_needing_evaluation, href: '/queue' },
      { label: 'Awaiting re-evaluation', value: stats.packages_needing_reevaluation, href: '/queue' },
      { label: 'Evaluations', value: stats.evaluations_total, href: '/stats' },
      { label: 'Contributors', value: stats.contributors_total, href: '/contributors' },
    ],
    scored: top?.ok ? top.value.items.filter((record) => record.af_score !== null).map(summaryOf) : [],
    footing: footingSentence(scoreFooting(index.catalogue.packages)),
    categoryNames: new Map(index.catalogue.categories.map((category) => [category.slug, category.name])),
    // The change feed's order (oldest first), read from its end: the latest changes, newest first.
    recent: index.catalogue.changes
      .slice(-8)
      .reverse()
      .map((change) => ({
        change,
        name: index.byId.get(change.id)?.name ?? index.removed.get(change.id)?.name ?? change.id,
      })),
  };
}
