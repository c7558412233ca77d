import { describe, expect, it } from 'vitest';
import type { ScoreBasis } from '../../core/catalogue/score-basis.ts';
import { basisPhrases, basisSentences, listInWords, restsOnSingleEvaluation } from './score-basis.ts';

const DBHUB: ScoreBasis = {
  caps: [],
  confidence: 'single',
  evaluations_counted: 1,
  operator_evaluations: 0,
  dimensions_counted: ['security', 'reliability', 'interface', 'efficiency', 'licensing'],
  dimensions_not_counted: ['documentation', 'maintenance'],
  model_judged: false,
};

describe('what a score rests on, for a list row', () => {
  it('says a single evaluation, deterministic checks only, 5 of 7 dimensions', () => {
    expect(basisPhrases(DBHUB)).toEqual([
      'single evaluation',
      'deterministic checks only',
      '5 of 7 dimensions',
    ]);
    expect(restsOnSingleEvaluation(DBHUB)).toBe(true);
  });

  it("discloses a single evaluation that is the operator's own worker's", () => {
    expect(basisPhrases({ ...DBHUB, operator_evaluations: 1 })[0]).toBe('single evaluation, by the operator');
    // Two evaluators, one of them the operator: no longer a single evaluation.
    const two = {
      ...DBHUB,
      evaluations_counted: 2,
      operator_evaluations: 1,
      confidence: 'corroborated' as const,
    };
    expect(restsOnSingleEvaluation(two)).toBe(false);
    expect(basisPhrases(two)[0]).toBe('2 evaluations');
    expect(basisSentences(two)[0]).toContain(
      "one of them is the operator's own worker's, counted as one evaluator",
    );
    expect(restsOnSingleEvaluation(null)).toBe(false);
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
    expect(text).toContain('It rests on a single evaluation, not yet confirmed by a second evaluator');
    expect(basisSentences({ ...DBHUB, operator_evaluations: 1 })[0]).toContain(
      "It rests on a single evaluation, by the operator's own worker, not yet confirmed by an independent evaluator",
    );
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
