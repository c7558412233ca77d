import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { DIMENSIONS } from '../rubric/dimensions.ts';
import { scoreBasis } from './score-basis.ts';

const dimensions = (scored: readonly string[]) =>
  Object.fromEntries(
    DIMENSIONS.map((dimension) => [
      dimension,
      { score: scored.includes(dimension) ? 100 : null, weight: 10 },
    ]),
  ) as ReturnType<typeof packageRecord>['dimensions'];

describe('scoreBasis', () => {
  it('is null without a score', () => {
    expect(scoreBasis(packageRecord())).toBeNull();
  });

  it('names the caps with the most they allow, the evaluations counted and the dimensions scored', () => {
    const basis = scoreBasis(
      packageRecord({
        af_score: 60,
        confidence: 'single',
        caps_applied: ['no-licence'],
        dimensions: dimensions(['security', 'reliability', 'interface', 'efficiency', 'licensing']),
        rubric_version: '2.1',
        evaluations: [{ counted: true }, { counted: false }] as never,
      }),
    );
    expect(basis).toEqual({
      caps: [{ id: 'no-licence', max_af_score: 60 }],
      confidence: 'single',
      evaluations_counted: 1,
      operator_evaluations: 0,
      dimensions_counted: ['security', 'reliability', 'interface', 'efficiency', 'licensing'],
      dimensions_not_counted: ['documentation', 'maintenance'],
      model_judged: false,
    });
  });

  it('says model-judged checks ran only when one did, not when it was skipped', () => {
    const base = { af_score: 90, dimensions: dimensions(['security']), rubric_version: '2.1' };
    const skipped = packageRecord({ ...base, checks: [{ id: 'SEC-L1', status: 'not_run' }] });
    const judged = packageRecord({ ...base, checks: [{ id: 'SEC-L1', status: 'pass' }] });
    const deterministic = packageRecord({ ...base, checks: [{ id: 'SEC-01', status: 'pass' }] });
    expect(scoreBasis(skipped)!.model_judged).toBe(false);
    expect(scoreBasis(judged)!.model_judged).toBe(true);
    expect(scoreBasis(deterministic)!.model_judged).toBe(false);
  });
});
