import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checksFor } from '../rubric/checks.ts';
import { CHECK_STATUSES, type CheckResult, type CheckStatus, type PackageKind } from '../types.ts';
import { scoreChecks as scoreUnder, toScoresReport } from './score-checks.ts';

/**
 * The golden values below were worked out by hand for rubric 2.0's weights and caps, which old
 * evaluations are still scored under; rubric 2.1's changes have their own tests at the end.
 */
const GOLDEN_RUBRIC = '2.0';
const scoreChecks = (kind: PackageKind, checks: readonly CheckResult[]) =>
  scoreUnder(kind, checks, GOLDEN_RUBRIC);

/** Every check of the kind with the given status, then the overrides. */
function outcomes(
  kind: PackageKind,
  base: CheckStatus,
  overrides: Record<string, Partial<CheckResult>> = {},
): CheckResult[] {
  return checksFor(kind, GOLDEN_RUBRIC).map(
    (check) => ({ id: check.id, status: base, ...overrides[check.id] }) as CheckResult,
  );
}

function deterministicPass(
  kind: PackageKind,
  overrides: Record<string, Partial<CheckResult>> = {},
): CheckResult[] {
  return checksFor(kind, GOLDEN_RUBRIC).map((check) => ({
    id: check.id,
    status: check.method === 'llm' ? 'not_run' : 'pass',
    ...overrides[check.id],
  })) as CheckResult[];
}

describe('scoreChecks (golden values worked out by hand)', () => {
  it('gives 100 everywhere when every check passes', () => {
    const result = scoreChecks('mcp-server', outcomes('mcp-server', 'pass'));
    expect(result.status).toBe('scored');
    expect(result.afScore).toBe(100);
    expect(result.grade).toBe('A');
    expect(result.dimensions.security).toMatchObject({ score: 100, coverage: 1, published: true });
  });

  it('weights a failed check by its severity within its dimension', () => {
    // Security checks of an MCP server, weights: SEC-01 10, SEC-02/03/04/06/07/08/10 7.5 each, SEC-05/09/11/12 5 each,
    // SEC-L1 7.5 → total 10 + 8·7.5 + 4·5 = 90. Failing SEC-07 (7.5): 100·82.5/90 = 91.666… → 91.7.
    const result = scoreChecks(
      'mcp-server',
      outcomes('mcp-server', 'pass', { 'SEC-07': { status: 'fail' } }),
    );
    expect(result.dimensions.security.score).toBe(91.7);
    // af = (30·91.666… rounded to 91.7 + 20·100 + 20·100 + 10·100 + 5·100 + 10·100 + 5·100) / 100 = 97.51 → 97.5
    expect(result.afScore).toBe(97.5);
  });

  it('credits a partial by its value, or one half without one', () => {
    // Efficiency: EFF-01 medium 5, EFF-02 low 2.5, EFF-03 low 2.5 → 10. EFF-01 at 0.2: (1 + 2.5 + 2.5)/10 = 60.
    const graded = scoreChecks(
      'mcp-server',
      outcomes('mcp-server', 'pass', { 'EFF-01': { status: 'partial', value: 0.2 } }),
    );
    expect(graded.dimensions.efficiency.score).toBe(60);
    const plain = scoreChecks(
      'mcp-server',
      outcomes('mcp-server', 'pass', { 'EFF-01': { status: 'partial' } }),
    );
    expect(plain.dimensions.efficiency.score).toBe(75);
  });

  it('leaves not-applicable checks out of both score and coverage', () => {
    const result = scoreChecks(
      'mcp-server',
      outcomes('mcp-server', 'pass', { 'SEC-10': { status: 'not_applicable' } }),
    );
    expect(result.dimensions.security).toMatchObject({ score: 100, coverage: 1 });
  });

  it('publishes a dimension only at 80% coverage of its applicable weight', () => {
    // Documentation: DOC-01 5, DOC-02 2.5, DOC-03 2.5, DOC-L1 5 → 15. Without the judge: 10/15 = 0.667 < 0.8.
    const result = scoreChecks('mcp-server', deterministicPass('mcp-server'));
    expect(result.dimensions.documentation).toMatchObject({ coverage: 0.667, published: false, score: null });
    // Interface: 40 deterministic of 47.5 (INT-L1 medium 5, INT-L2 low 2.5 not run) → 0.842, published.
    expect(result.dimensions.interface).toMatchObject({ coverage: 0.842, published: true, score: 100 });
    // af over the published dimensions (90 of 100 weight ≥ 75%).
    expect(result.afScore).toBe(100);
  });

  it('withholds af_score when security or reliability is not published', () => {
    const checks = deterministicPass('mcp-server', {
      'SEC-01': { status: 'not_run' },
      'SEC-02': { status: 'not_run' },
    });
    const result = scoreChecks('mcp-server', checks);
    expect(result.dimensions.security.published).toBe(false);
    expect(result.status).toBe('partial');
    expect(result.afScore).toBeNull();
    expect(result.grade).toBeNull();
  });

  it('caps security at 20 and af_score at 40 on a critical security failure', () => {
    const result = scoreChecks(
      'mcp-server',
      outcomes('mcp-server', 'pass', { 'SEC-01': { status: 'fail' } }),
    );
    expect(result.dimensions.security.score).toBe(20);
    expect(result.afScore).toBe(40);
    expect(result.capsApplied).toEqual(['critical-security-finding']);
  });

  it('publishes no af_score and reliability 0 when the server does not start', () => {
    const result = scoreChecks(
      'mcp-server',
      outcomes('mcp-server', 'pass', { 'REL-01': { status: 'error' } }),
    );
    expect(result.status).toBe('unrunnable');
    expect(result.afScore).toBeNull();
    expect(result.dimensions.reliability.score).toBe(0);
    expect(result.capsApplied).toEqual(['does-not-start']);
  });

  it('counts an error on a check that is not fail-closed as not evaluated', () => {
    const result = scoreChecks(
      'mcp-server',
      outcomes('mcp-server', 'pass', { 'REL-05': { status: 'error' } }),
    );
    expect(result.dimensions.reliability.score).toBe(100);
    // Reliability weights: REL-01 10, REL-02 5, REL-03 5, REL-04 7.5, REL-05 2.5, REL-06 7.5, REL-07 5, REL-08 2.5 = 45.
    expect(result.dimensions.reliability.coverage).toBe(0.944);
  });

  it('caps af_score at 60 without an open licence', () => {
    const result = scoreChecks('skill', outcomes('skill', 'pass', { 'SKL-L01': { status: 'fail' } }));
    expect(result.afScore).toBe(60);
    expect(result.capsApplied).toEqual(['no-licence']);
  });

  it('scores skills with the skill weights', () => {
    // Skill security: SKL-S01 10, S02/S03/S04 7.5 each, S05 5, SL1 5 → 42.5; failing SKL-S03: 35/42.5 = 82.4.
    // af = (35·82.4 + 65·100) / 100 = 93.84 → 93.8
    const result = scoreChecks('skill', outcomes('skill', 'pass', { 'SKL-S03': { status: 'fail' } }));
    expect(result.dimensions.security.score).toBe(82.4);
    expect(result.afScore).toBe(93.8);
    expect(result.grade).toBe('A');
  });

  it('does not depend on the order of the checks', () => {
    const checks = outcomes('mcp-server', 'pass', {
      'SEC-07': { status: 'fail' },
      'INT-05': { status: 'partial', value: 0.3 },
    });
    expect(toScoresReport(scoreChecks('mcp-server', [...checks].reverse()))).toEqual(
      toScoresReport(scoreChecks('mcp-server', checks)),
    );
  });

  it('keeps every score within 0–100, whatever the outcomes', () => {
    const kind = fc.constantFrom<PackageKind>('mcp-server', 'skill');
    const outcome = fc.record({
      status: fc.constantFrom(...CHECK_STATUSES),
      value: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
    });
    fc.assert(
      fc.property(kind, fc.array(outcome, { minLength: 60, maxLength: 60 }), (chosen, draws) => {
        const checks = checksFor(chosen, GOLDEN_RUBRIC).map((check, index) => {
          const draw = draws[index]!;
          return draw.status === 'partial'
            ? { id: check.id, status: draw.status, value: draw.value }
            : { id: check.id, status: draw.status };
        });
        const result = scoreChecks(chosen, checks);
        const scores = [
          result.afScore,
          ...Object.values(result.dimensions).map((dimension) => dimension.score),
        ];
        return scores.every((score) => score === null || (score >= 0 && score <= 100));
      }),
    );
  });
});

describe('scoreChecks under rubric 2.1', () => {
  const passing = (overrides: Record<string, Partial<CheckResult>> = {}) =>
    checksFor('mcp-server', '2.1').map(
      (check) =>
        ({
          id: check.id,
          status: check.method === 'llm' ? 'not_run' : 'pass',
          ...overrides[check.id],
        }) as CheckResult,
    );

  it.each(['SEC-02', 'SEC-03', 'SEC-04', 'SEC-06', 'SEC-14'])(
    'caps a fail of %s inside F, as 2.0 did not',
    (id) => {
      const outcomes = passing({ [id]: { status: 'fail' } });
      const capped = scoreUnder('mcp-server', outcomes, '2.1');
      expect(capped).toMatchObject({ afScore: 40, grade: 'F', capsApplied: ['critical-security-finding'] });
      expect(capped.dimensions.security.score).toBe(20);
      // SEC-14 did not exist in 2.0; the others weighed 7.5 and capped nothing.
      if (id !== 'SEC-14') expect(scoreUnder('mcp-server', outcomes, '2.0').grade).toBe('A');
    },
  );

  it('weighs the critical security checks at 10', () => {
    // Security under 2.1: SEC-01..04, 06, 14 critical (6 × 10), SEC-07, 08, 10 high (3 × 7.5),
    // SEC-05, 09, 11, 12, 13 medium (5 × 5); SEC-L1 not run → 60 + 22.5 + 25 = 107.5 evaluated.
    // A partial SEC-02 at 0.5 costs 5: 100 · 102.5 / 107.5 = 95.34… → 95.3; coverage 107.5 / 115.
    const result = scoreUnder('mcp-server', passing({ 'SEC-02': { status: 'partial', value: 0.5 } }), '2.1');
    expect(result.dimensions.security).toMatchObject({ score: 95.3, coverage: 0.935 });
  });
});

describe('scoreChecks under rubric 2.5', () => {
  const judged = (status: CheckStatus) =>
    checksFor('mcp-server', '2.5').map(
      (check) =>
        ({
          id: check.id,
          status: check.id === 'SEC-L1' ? status : check.method === 'llm' ? 'not_run' : 'pass',
        }) as CheckResult,
    );

  it('holds a package the judge flags to a D, which 2.4 did not', () => {
    const capped = scoreUnder('mcp-server', judged('fail'), '2.5');
    expect(capped).toMatchObject({ afScore: 60, grade: 'D', capsApplied: ['judged-security-finding'] });
    expect(capped.dimensions.security.score).toBe(50);
    const before = scoreUnder('mcp-server', judged('fail'), '2.4');
    expect(before.capsApplied).toEqual([]);
    expect(before.grade).toBe('A');
  });

  it('does not cap a judge that gave no verdict, nor one that found nothing', () => {
    expect(scoreUnder('mcp-server', judged('error'), '2.5').capsApplied).toEqual([]);
    expect(scoreUnder('mcp-server', judged('pass'), '2.5')).toMatchObject({ afScore: 100, capsApplied: [] });
  });
});
