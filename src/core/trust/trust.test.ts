import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSelectedForSpotCheck, SPOT_CHECK_RATE, spotCheckDraw } from './spot-check.ts';
import { type ContributorHistory, tierFor } from './tiers.ts';

function history(overrides: Partial<ContributorHistory> = {}): ContributorHistory {
  return { accepted: 0, deviations: [], confirmedSpotChecks: 0, divergedSpotChecks: 0, ...overrides };
}

describe('tierFor', () => {
  it('starts everyone as a newcomer', () => {
    expect(tierFor(history(), null).name).toBe('newcomer');
    expect(tierFor(history({ accepted: 2 }), null).name).toBe('newcomer');
  });

  it('makes a contributor of three accepted evaluations that do not stray far', () => {
    expect(tierFor(history({ accepted: 3 }), null).name).toBe('contributor');
    expect(tierFor(history({ accepted: 3, deviations: [20, 30] }), 25).name).toBe('newcomer');
  });

  it('trusts twenty accepted evaluations, five close comparisons and a confirmed spot-check', () => {
    const trusted = history({ accepted: 20, deviations: [1, 2, 3, 4, 5], confirmedSpotChecks: 1 });
    expect(tierFor(trusted, 3).name).toBe('trusted');
    expect(tierFor({ ...trusted, confirmedSpotChecks: 0 }, 3).name).toBe('contributor');
    expect(tierFor({ ...trusted, deviations: [1, 2, 3, 4] }, 2.5).name).toBe('contributor');
    expect(tierFor(trusted, 8).name).toBe('contributor');
  });

  it('drops one tier per diverged spot-check', () => {
    const trusted = history({ accepted: 20, deviations: [1, 2, 3, 4, 5], confirmedSpotChecks: 1 });
    expect(tierFor({ ...trusted, divergedSpotChecks: 1 }, 3).name).toBe('contributor');
    expect(tierFor({ ...trusted, divergedSpotChecks: 5 }, 3).name).toBe('newcomer');
  });
});

describe('spot-check selection', () => {
  it('draws the same published number for a key on every machine', () => {
    // Anyone can re-derive a pick: SHA-256 of "afscore-spot-check:<key>", first 4 bytes over 2^32.
    expect(spotCheckDraw('sub_1')).toBe(0.46145752584561706);
    expect(spotCheckDraw('pr-42')).toBe(0.8960203756578267);
    const picked = Array.from({ length: 20 }, (_, index) => `sub_${index + 1}`).filter((key) =>
      isSelectedForSpotCheck(key, 'newcomer'),
    );
    expect(picked).toEqual(['sub_3', 'sub_8', 'sub_13']);
  });

  it('draws within [0, 1)', () => {
    fc.assert(fc.property(fc.string(), (key) => spotCheckDraw(key) >= 0 && spotCheckDraw(key) < 1));
  });

  it('selects about one newcomer submission in ten', () => {
    const keys = Array.from({ length: 20_000 }, (_, index) => `sub_${index}`);
    const share = keys.filter((key) => isSelectedForSpotCheck(key, 'newcomer')).length / keys.length;
    expect(share).toBeGreaterThan(SPOT_CHECK_RATE - 0.01);
    expect(share).toBeLessThan(SPOT_CHECK_RATE + 0.01);
  });

  it('never selects established contributors', () => {
    const keys = Array.from({ length: 1000 }, (_, index) => `sub_${index}`);
    expect(
      keys.some(
        (key) => isSelectedForSpotCheck(key, 'contributor') || isSelectedForSpotCheck(key, 'trusted'),
      ),
    ).toBe(false);
  });
});
