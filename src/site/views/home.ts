/** What the home page claims about the scores, from the data rather than from hope. */
import type { ChangeKind, PackageSummary } from '../../core/catalogue/catalogue-types.ts';
import { plural } from '../format.ts';

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
