import { describe, expect, it } from 'vitest';
import { evaluatorNotes } from './evaluation-entry.ts';

describe('who made an evaluation, in the evaluations table', () => {
  it("discloses the operator's worker next to its tier", () => {
    expect(
      evaluatorNotes({ tier: 'contributor', operator: true, self_evaluation: 'none', spot_check: null }),
    ).toBe('contributor · operator’s worker');
  });

  it('says nothing of the operator for anyone else, and keeps self-evaluation and spot-checks', () => {
    expect(
      evaluatorNotes({
        tier: 'newcomer',
        operator: false,
        self_evaluation: 'disclosed',
        spot_check: 'confirmed',
      }),
    ).toBe('newcomer · Maintainer (disclosed) · spot-check confirmed');
  });
});
