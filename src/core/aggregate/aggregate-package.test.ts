import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEvaluation, type EvaluationSpec, uuidFor } from '../../../test/support/evaluation-builder.ts';
import { PG_QUERY } from '../../../test/support/package-fixture.ts';
import { scoreChecks } from '../scoring/score-checks.ts';
import { tierRule } from '../trust/tiers.ts';
import { aggregatePackage, type TierLookup } from './aggregate-package.ts';
import type { ScoredEvaluation } from './scored-evaluation.ts';

const pkg = PG_QUERY;

const everyoneContributor: TierLookup = () => tierRule('contributor');

function scored(
  spec: Omit<EvaluationSpec, 'packageId'>,
  spotCheck: ScoredEvaluation['spotCheck'] = null,
): ScoredEvaluation {
  // Scores below are worked out under rubric 2.0's weights.
  const doc = buildEvaluation({ version: '2.1.0', rubricVersion: '2.0', ...spec, packageId: 'pg-query' });
  return {
    doc,
    breakdown: scoreChecks('mcp-server', doc.checks, doc.rubric_version),
    publishedAt: doc.timestamps.finished_at,
    spotCheck,
  };
}

const fail = { status: 'fail' } as const;
/** af 40: a critical finding. */
const poisoned = { 'SEC-01': fail };
/**
 * af 97: one high-severity security failure. Judged checks are not run here, so security weighs
 * 82.5 (75/82.5 = 90.9) and documentation is unpublished: af = (30·90.9 + 60·100) / 90 = 96.97.
 */
const leakyKey = { 'SEC-07': fail };

describe('aggregatePackage', () => {
  it('publishes a single evaluation as it is, labelled single', () => {
    const result = aggregatePackage(
      pkg,
      [scored({ id: uuidFor('a'), contributor: 'ada', outcomes: leakyKey })],
      everyoneContributor,
    );
    expect(result).toMatchObject({
      status: 'scored',
      afScore: 97,
      grade: 'A',
      confidence: 'single',
      crossValidated: false,
    });
    expect(result.dimensions.security).toBe(90.9);
  });

  it('cross-validates independent evaluations within the tolerance', () => {
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada' }),
        scored({ id: uuidFor('b'), contributor: 'grace', outcomes: leakyKey }),
      ],
      everyoneContributor,
    );
    expect(result).toMatchObject({
      afScore: 98.5,
      confidence: 'corroborated',
      crossValidated: true,
      spread: 3,
    });
  });

  it('reports disagreement beyond the tolerance', () => {
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada' }),
        scored({ id: uuidFor('b'), contributor: 'grace', outcomes: poisoned }),
      ],
      everyoneContributor,
    );
    expect(result.confidence).toBe('disputed');
    expect(result.flags).toContain('evaluators-disagree');
    // A critical finding stays visible even when it does not carry the aggregate.
    expect(result.flags).toContain('critical-security-finding');
  });

  it('reaches consensus with three agreeing evaluators, one of them trusted', () => {
    const tiers: TierLookup = (login) => tierRule(login === 'tess' ? 'trusted' : 'contributor');
    const evaluations = [
      scored({ id: uuidFor('a'), contributor: 'ada' }),
      scored({ id: uuidFor('b'), contributor: 'grace', outcomes: leakyKey }),
      scored({ id: uuidFor('c'), contributor: 'tess' }),
    ];
    expect(aggregatePackage(pkg, evaluations, tiers).confidence).toBe('consensus');
    expect(aggregatePackage(pkg, evaluations, everyoneContributor).confidence).toBe('corroborated');
  });

  it('gives a disclosed self-evaluation a tenth of the weight', () => {
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada', outcomes: leakyKey }),
        scored({ id: uuidFor('m'), contributor: 'pg-maint', affiliated: true }),
      ],
      everyoneContributor,
    );
    const self = result.evaluations.find((entry) => entry.contributor === 'pg-maint')!;
    expect(self).toMatchObject({ self_evaluation: 'disclosed', weight: 0.1, counted: true });
    // (97·1 + 100·0.1) / 1.1 = 97.27 → 97.3
    expect(result.afScore).toBe(97.3);
    expect(result.flags).toContain('self-evaluated');
    expect(result.confidence).toBe('single');
  });

  it('labels a package scored only by its maintainers as self-reported', () => {
    const result = aggregatePackage(
      pkg,
      [scored({ id: uuidFor('m'), contributor: 'pg-maint', affiliated: true })],
      everyoneContributor,
    );
    expect(result.confidence).toBe('self-reported');
    expect(result.afScore).toBe(100);
  });

  it('excludes and flags an undisclosed self-evaluation that diverges from independent ones', () => {
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada', outcomes: poisoned }),
        scored({ id: uuidFor('b'), contributor: 'grace', outcomes: poisoned }),
        scored({ id: uuidFor('m'), contributor: 'PG-Maint' }),
      ],
      everyoneContributor,
    );
    expect(result.afScore).toBe(40);
    expect(result.evaluations.find((entry) => entry.contributor === 'PG-Maint')).toMatchObject({
      counted: false,
      excluded_because: 'undisclosed-self-evaluation-diverges',
    });
    expect(result.flags).toContain('undisclosed-self-evaluation');
  });

  it('keeps but flags an undisclosed self-evaluation that agrees', () => {
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada' }),
        scored({ id: uuidFor('m'), contributor: 'pg-maint', outcomes: leakyKey }),
      ],
      everyoneContributor,
    );
    expect(result.evaluations.find((entry) => entry.contributor === 'pg-maint')).toMatchObject({
      counted: true,
      weight: 0.1,
    });
    expect(result.flags).toEqual(expect.arrayContaining(['undisclosed-self-evaluation', 'self-evaluated']));
  });

  it('counts only the newest version evaluated and each contributor once', () => {
    const result = aggregatePackage(
      pkg,
      [
        scored({
          id: uuidFor('old'),
          contributor: 'ada',
          version: '2.0.0',
          finishedAt: '2026-08-01T00:00:00Z',
          outcomes: poisoned,
        }),
        scored({
          id: uuidFor('first'),
          contributor: 'grace',
          finishedAt: '2026-09-01T00:00:00Z',
          outcomes: poisoned,
        }),
        scored({ id: uuidFor('second'), contributor: 'grace', finishedAt: '2026-10-01T00:00:00Z' }),
      ],
      everyoneContributor,
    );
    expect(result.scoredVersion).toBe('2.1.0');
    expect(result.afScore).toBe(100);
    const reasons = Object.fromEntries(
      result.evaluations.map((entry) => [entry.evaluation_id, entry.excluded_because]),
    );
    expect(reasons).toEqual({
      [uuidFor('second')]: null,
      [uuidFor('first')]: 'superseded',
      [uuidFor('old')]: 'older-version',
    });
  });

  it('stops counting older-rubric evaluations once the version has one under a newer rubric', () => {
    const current = (spec: Omit<EvaluationSpec, 'packageId'>): ScoredEvaluation => {
      const doc = buildEvaluation({ version: '2.1.0', rubricVersion: '2.1', ...spec, packageId: 'pg-query' });
      return {
        doc,
        breakdown: scoreChecks('mcp-server', doc.checks, '2.1'),
        publishedAt: doc.timestamps.finished_at,
        spotCheck: null,
      };
    };
    const old = scored({ id: uuidFor('graded-2.0'), contributor: 'ada', finishedAt: '2026-10-02T00:00:00Z' });
    const alone = aggregatePackage(pkg, [old], everyoneContributor);
    expect(alone.evaluations[0]).toMatchObject({ rubric_version: '2.0', counted: true });
    const result = aggregatePackage(
      pkg,
      [
        old,
        current({
          id: uuidFor('graded-2.1'),
          contributor: 'grace',
          finishedAt: '2026-10-01T00:00:00Z',
          outcomes: { 'SEC-02': fail },
        }),
      ],
      everyoneContributor,
    );
    // The 2.1 evaluation found a hidden instruction that 2.0 did not read: its F is the score.
    expect(result.afScore).toBeLessThanOrEqual(40);
    expect(
      Object.fromEntries(result.evaluations.map((entry) => [entry.evaluation_id, entry.excluded_because])),
    ).toEqual({
      [uuidFor('graded-2.0')]: 'older-rubric',
      [uuidFor('graded-2.1')]: null,
    });
  });

  it('keeps counting an evaluation made without a judge when the newer rubric changed only judged checks', () => {
    const under = (
      rubricVersion: '2.4' | '2.5',
      spec: Omit<EvaluationSpec, 'packageId'>,
    ): ScoredEvaluation => {
      const doc = buildEvaluation({ version: '2.1.0', rubricVersion, ...spec, packageId: 'pg-query' });
      return {
        doc,
        breakdown: scoreChecks('mcp-server', doc.checks, rubricVersion),
        publishedAt: doc.timestamps.finished_at,
        spotCheck: null,
      };
    };
    const unjudged = under('2.4', {
      id: uuidFor('unjudged-2.4'),
      contributor: 'ada',
      finishedAt: '2026-11-20T00:00:00Z',
    });
    const judged = under('2.4', {
      id: uuidFor('judged-2.4'),
      contributor: 'sam',
      finishedAt: '2026-11-21T00:00:00Z',
      llmDefault: 'pass',
    });
    const newer = under('2.5', {
      id: uuidFor('graded-2.5'),
      contributor: 'grace',
      finishedAt: '2026-11-28T00:00:00Z',
    });
    const result = aggregatePackage(pkg, [unjudged, judged, newer], everyoneContributor);
    expect(
      Object.fromEntries(result.evaluations.map((entry) => [entry.evaluation_id, entry.excluded_because])),
    ).toEqual({
      [uuidFor('graded-2.5')]: null,
      [uuidFor('unjudged-2.4')]: null,
      // A judge ran in it, and 2.5 changed what the judge reads: it waits to be evaluated again.
      [uuidFor('judged-2.4')]: 'older-rubric',
    });
  });

  it('leaves out evaluations whose spot-check diverged or whose coverage is too low', () => {
    const tooThin = { 'SEC-01': { status: 'not_run' as const }, 'SEC-02': { status: 'not_run' as const } };
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada', outcomes: leakyKey }),
        scored({ id: uuidFor('s'), contributor: 'sam' }, 'diverged'),
        scored({ id: uuidFor('t'), contributor: 'tim', outcomes: tooThin }),
      ],
      everyoneContributor,
    );
    expect(result.afScore).toBe(97);
    const reasons = Object.fromEntries(
      result.evaluations.map((entry) => [entry.contributor, entry.excluded_because]),
    );
    expect(reasons).toEqual({ ada: null, sam: 'spot-check-diverged', tim: 'coverage-too-low' });
    expect(result.flags).toContain('spot-check-diverged');
  });

  it('publishes no score but says so when the server did not start', () => {
    const result = aggregatePackage(
      pkg,
      [scored({ id: uuidFor('a'), contributor: 'ada', outcomes: { 'REL-01': { status: 'error' } } })],
      everyoneContributor,
    );
    expect(result).toMatchObject({ status: 'unrunnable', afScore: null, grade: null });
    expect(result.dimensions.reliability).toBe(0);
    expect(result.flags).toContain('does-not-start');
  });

  it('flags evaluations of one artifact that disagree on a snapshot check', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada', digest }),
        scored({
          id: uuidFor('b'),
          contributor: 'grace',
          digest,
          outcomes: { 'INT-05': { status: 'partial', value: 0.5 } },
        }),
      ],
      everyoneContributor,
    );
    expect(result.flags).toContain('reproducibility-mismatch');
  });

  it('picks the counted evaluation closest to the published score as representative', () => {
    const result = aggregatePackage(
      pkg,
      [
        scored({ id: uuidFor('a'), contributor: 'ada' }),
        scored({ id: uuidFor('b'), contributor: 'grace', outcomes: leakyKey }),
        scored({ id: uuidFor('c'), contributor: 'tess', outcomes: poisoned }),
      ],
      everyoneContributor,
    );
    expect(result.afScore).toBe(97);
    expect(result.representativeId).toBe(uuidFor('b'));
  });

  it('does not depend on the order of the evaluations', () => {
    const pool = [
      scored({ id: uuidFor('a'), contributor: 'ada', finishedAt: '2026-10-01T00:00:00Z' }),
      scored({
        id: uuidFor('b'),
        contributor: 'grace',
        finishedAt: '2026-10-02T00:00:00Z',
        outcomes: leakyKey,
      }),
      scored({
        id: uuidFor('c'),
        contributor: 'tess',
        finishedAt: '2026-10-02T00:00:00Z',
        outcomes: poisoned,
      }),
      scored({
        id: uuidFor('m'),
        contributor: 'pg-maint',
        affiliated: true,
        finishedAt: '2026-10-03T00:00:00Z',
      }),
      scored({ id: uuidFor('o'), contributor: 'ada', version: '2.0.0', finishedAt: '2026-09-01T00:00:00Z' }),
    ];
    const expected = JSON.stringify(aggregatePackage(pkg, pool, everyoneContributor));
    fc.assert(
      fc.property(fc.shuffledSubarray(pool, { minLength: pool.length }), (shuffled) => {
        expect(JSON.stringify(aggregatePackage(pkg, shuffled, everyoneContributor))).toBe(expected);
      }),
    );
  });
});
