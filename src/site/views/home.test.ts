import { describe, expect, it } from 'vitest';
import type { ScoreBasis } from '../../core/catalogue/score-basis.ts';
import { changeTag, footingSentence, scoreFooting } from './home.ts';

const basis = (evaluations: number, modelJudged = false): { score_basis: ScoreBasis } => ({
  score_basis: {
    caps: [],
    confidence: evaluations === 1 ? 'single' : 'corroborated',
    evaluations_counted: evaluations,
    operator_evaluations: 0,
    dimensions_counted: ['security'],
    dimensions_not_counted: [],
    model_judged: modelJudged,
  },
});

describe('what the home page says the scores rest on', () => {
  it('says so when every score rests on one deterministic evaluation', () => {
    const footing = scoreFooting([basis(1), basis(1), { score_basis: null }]);
    expect(footing).toEqual({ scored: 2, single: 2, modelJudged: 0 });
    expect(footingSentence(footing)).toBe(
      'All 2 scored packages rest on a single evaluation so far, and none had its model-judged checks run: each score says what it rests on.',
    );
  });

  it('counts the ones that combine several', () => {
    expect(footingSentence(scoreFooting([basis(1), basis(3, true), basis(2)]))).toBe(
      '1 of the 3 scored packages rests on a single evaluation so far, and 1 had model-judged checks run: each score says what it rests on.',
    );
    expect(footingSentence(scoreFooting([basis(2)]))).toContain('Every one of the 1 scored package combines');
  });

  it('says nothing when nothing is scored', () => {
    expect(footingSentence(scoreFooting([]))).toBeNull();
  });
});

describe('the label of each change on the home page', () => {
  it('names every kind of change, new versions and deprecations included', () => {
    expect(changeTag('new-version')).toEqual({ word: 'New version', tone: '' });
    expect(changeTag('deprecated')).toEqual({ word: 'Deprecated', tone: 'bad' });
    expect(changeTag('evaluated').tone).toBe('evaluated');
    expect(changeTag('removed').tone).toBe('bad');
  });
});
