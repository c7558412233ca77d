import { describe, expect, it } from 'vitest';
import type { ScoreBasis } from '../../core/catalogue/score-basis.ts';
import { basisPhrases, basisSentences, listInWords } from './score-basis.ts';

const DBHUB: ScoreBasis = {
  caps: [],
  confidence: 'single',
  evaluations_counted: 1,
  dimensions_counted: ['security', 'reliability', 'interface', 'efficiency', 'licensing'],
  dimensions_not_counted: ['documentation', 'maintenance'],
  model_judged: false,
};

describe('what a score rests on, for a list row', () => {
  it('says one evaluation, deterministic checks only, 5 of 7 dimensions', () => {
    expect(basisPhrases(DBHUB)).toEqual(['1 evaluation', 'deterministic checks only', '5 of 7 dimensions']);
  });

  it('puts a cap first, with the most it allows and why', () => {
    const capped = { ...DBHUB, caps: [{ id: 'no-licence', max_af_score: 60 }] };
    expect(basisPhrases(capped)[0]).toBe('Capped at 60: no licence');
  });

  it('names consensus and disagreement', () => {
    expect(
      basisPhrases({ ...DBHUB, evaluations_counted: 3, confidence: 'consensus', model_judged: true }),
    ).toEqual(['3 evaluations, consensus', 'model-judged checks included', '5 of 7 dimensions']);
    expect(basisPhrases({ ...DBHUB, evaluations_counted: 2, confidence: 'disputed' })[0]).toBe(
      '2 evaluations that disagree',
    );
  });

  it('says nothing without a score', () => {
    expect(basisPhrases(null)).toEqual([]);
  });
});

describe('what a score rests on, for the package page', () => {
  it('explains a single deterministic evaluation over part of the dimensions', () => {
    const text = basisSentences(DBHUB).join(' ');
    expect(text).toContain('It rests on 1 evaluation, not yet confirmed by a second evaluator');
    expect(text).toContain('Only deterministic checks ran');
    expect(text).toContain(
      'It weighs 5 of 7 dimensions, rescaled to 100: Documentation and Maintenance had too few checks run',
    );
  });

  it('says a median of several cannot be moved far by one', () => {
    const text = basisSentences({
      ...DBHUB,
      evaluations_counted: 3,
      confidence: 'consensus',
      dimensions_not_counted: [],
    }).join(' ');
    expect(text).toContain('combines 3 evaluations by a weighted median');
    expect(text).toContain('all 7 dimensions');
  });
});

it('lists in words', () => {
  expect(listInWords(['A'])).toBe('A');
  expect(listInWords(['A', 'B', 'C'])).toBe('A, B and C');
});
