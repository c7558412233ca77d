import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import type { EvaluationEntry } from '../aggregate/package-aggregate.ts';
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import { registryView } from '../registry/registry-view.ts';
import type { StateReason } from '../states/package-state.ts';
import { QUEUE_WEIGHTS, type QueueWeights } from './queue-policy.ts';
import { downloadPoints, queuePriority } from './queue-priority.ts';

const AS_OF = Date.parse('2026-11-01T00:00:00Z');

const NEW_VERSION: StateReason = {
  code: 'new-version',
  text: 'Version 2.2.0 is out; the score is for 2.1.0.',
};
const STALE: StateReason = {
  code: 'stale',
  text: 'The newest evaluation is 200 days old (re-evaluated after 180).',
};
const PARTIAL: StateReason = {
  code: 'only-partial-evaluations',
  text: 'Evaluations so far covered too few checks to publish a score.',
};

function used(
  monthly: number,
  sources: PackageRecord['registry']['sources'] = [],
): PackageRecord['registry'] {
  return { ...registryView(undefined), downloads_monthly: monthly, sources };
}

function npmSource(status: 'ok' | 'unpublished' | 'not-found'): PackageRecord['registry']['sources'][number] {
  return {
    registry: 'npm',
    name: '@example/pg-query',
    url: 'https://www.npmjs.com/package/@example/pg-query',
    status,
    latest_version: '2.2.0',
    previous_version: '2.1.0',
    published_at: '2026-10-20T09:00:00Z',
    deprecated: null,
    checked_at: '2026-10-31T06:00:00Z',
    changed_at: '2026-10-31T06:00:00Z',
    etag: null,
    last_error: null,
  };
}

function attempt(
  version: string,
  finishedAt: string,
  overrides: Partial<EvaluationEntry> = {},
): EvaluationEntry {
  return {
    evaluation_id: `eval-${finishedAt}`,
    contributor: 'ana',
    operator: false,
    tier: 'contributor',
    version,
    rubric_version: '2.1',
    finished_at: finishedAt,
    published_at: finishedAt,
    status: 'partial',
    af_score: null,
    security_score: null,
    reliability_score: null,
    caps_applied: [],
    self_evaluation: 'none',
    spot_check: null,
    counted: false,
    weight: 0,
    excluded_because: 'coverage-too-low',
    evaluator: { kind: 'cli', name: 'afscore', version: '0.4.0', config_sha256: 'a'.repeat(64) },
    model: null,
    ...overrides,
  };
}

/** A package scored at 2.1.0 whose registry now has 2.2.0, as sync leaves it. */
const outdated: Partial<PackageRecord> = {
  evaluation_status: 'Needs re-evaluation',
  version: '2.2.0',
  evaluated_version: '2.1.0',
  state_reasons: [NEW_VERSION],
  last_evaluated_at: '2026-10-25T00:00:00Z',
};

type Row = [factor: string, points: number, text: string];

/** Each case: the record, the factors that make its priority (largest first), and the sum. */
const CASES: { name: string; record: Partial<PackageRecord>; factors: Row[]; priority: number }[] = [
  {
    name: 'a package added today, never evaluated, nobody uses yet',
    record: { added: '2026-11-01' },
    factors: [['status', 100, 'never evaluated']],
    priority: 100,
  },
  {
    name: 'a new version of a much-used package: needs re-evaluation since 2.2.0, downloads count twice',
    record: { ...outdated, registry: used(2_000_000, [npmSource('ok')]) },
    factors: [
      ['status', 50, 'score out of date'],
      ['popularity', 33, '2,000,000 downloads a month'],
      ['new-version-popularity', 33, 'a new version of a much-used package'],
      ['reason', 20, 'needs re-evaluation since 2.2.0 (score for 2.1.0)'],
    ],
    priority: 136,
  },
  {
    name: 'a new version of a package nobody downloads',
    record: { ...outdated, registry: used(40) },
    factors: [
      ['status', 50, 'score out of date'],
      ['reason', 20, 'needs re-evaluation since 2.2.0 (score for 2.1.0)'],
    ],
    priority: 70,
  },
  {
    name: 'a stale score of a used package, waited 200 days, requested by three people',
    record: {
      evaluation_status: 'Needs re-evaluation',
      state_reasons: [STALE],
      evaluated_version: '2.1.0',
      last_evaluated_at: '2026-04-15T00:00:00Z',
      requests: 3,
      registry: used(25_000),
    },
    factors: [
      ['status', 50, 'score out of date'],
      ['requests', 15, 'requested by 3 people'],
      ['popularity', 14, '25,000 downloads a month'],
      ['reason', 10, 'The newest evaluation is 200 days old (re-evaluated after 180)'],
      ['waiting', 9, 'waiting 200 days'],
    ],
    priority: 98,
  },
  {
    name: 'requests stop adding at the cap; one request reads "1 person"',
    record: { added: '2026-11-01', requests: 12 },
    factors: [
      ['status', 100, 'never evaluated'],
      ['requests', 25, 'requested by 12 people'],
    ],
    priority: 125,
  },
  {
    name: 'two failed attempts at the version asked for, the latest half a day ago: held back 2 days',
    record: {
      added: '2026-10-20',
      state_reasons: [PARTIAL],
      evaluations: [
        attempt('2.1.0', '2026-10-31T12:00:00Z'),
        attempt('2.1.0', '2026-10-22T00:00:00Z', { status: 'unrunnable', excluded_because: null }),
      ],
    },
    factors: [
      ['status', 100, 'never evaluated'],
      ['reason', 5, 'Evaluations so far covered too few checks to publish a score'],
      ['waiting', 1, 'waiting 12 days'],
      ['failed-attempts', -30, '2 failed attempts at 2.1.0: held back until 2026-11-02'],
    ],
    priority: 76,
  },
  {
    name: 'one failed attempt 2 days ago: its 1-day back-off is over, so it is offered again',
    record: {
      added: '2026-10-20',
      state_reasons: [PARTIAL],
      evaluations: [attempt('2.1.0', '2026-10-30T00:00:00Z')],
    },
    factors: [
      ['status', 100, 'never evaluated'],
      ['reason', 5, 'Evaluations so far covered too few checks to publish a score'],
      ['waiting', 1, 'waiting 12 days'],
    ],
    priority: 106,
  },
  {
    name: 'a server that did not start three times is back once its retry is due, and says why',
    record: {
      evaluation_status: 'Needs re-evaluation',
      version: '2.1.0',
      evaluated_version: '2.1.0',
      last_evaluated_at: '2026-10-20T00:00:00Z',
      state_reasons: [
        {
          code: 'retry-start',
          text: 'It did not start (missing variable ACME_TOKEN) in 2.1.0, evaluated 3 times in a row; due for another try since 2026-10-24.',
        },
      ],
      evaluations: [
        attempt('2.1.0', '2026-10-20T00:00:00Z', {
          status: 'unrunnable',
          excluded_because: null,
          counted: true,
        }),
        attempt('2.1.0', '2026-10-18T00:00:00Z', {
          status: 'unrunnable',
          excluded_because: null,
          counted: true,
        }),
        attempt('2.1.0', '2026-10-17T00:00:00Z', {
          status: 'unrunnable',
          excluded_because: null,
          counted: true,
        }),
      ],
      start_failure: {
        label: 'missing variable ACME_TOKEN',
        class: 'missing-variable',
        reason:
          'The server exited with code 1 before answering initialize: it needs the variable ACME_TOKEN.',
        advice: 'It needs the variable ACME_TOKEN.',
        version: '2.1.0',
        evaluation_id: 'eval-2026-10-20T00:00:00Z',
        failed_at: '2026-10-20T00:00:00Z',
        attempts: 3,
        retry_after: '2026-10-24T00:00:00.000Z',
      },
    },
    factors: [
      ['status', 50, 'score out of date'],
      [
        'reason',
        5,
        'It did not start (missing variable ACME_TOKEN) in 2.1.0, evaluated 3 times in a row; due for another try since 2026-10-24',
      ],
      ['waiting', 1, 'waiting 12 days'],
    ],
    priority: 56,
  },
  {
    name: 'a failure at the previous version does not hold back the new one',
    record: { ...outdated, evaluations: [attempt('2.1.0', '2026-10-30T00:00:00Z')] },
    factors: [
      ['status', 50, 'score out of date'],
      ['reason', 20, 'needs re-evaluation since 2.2.0 (score for 2.1.0)'],
    ],
    priority: 70,
  },
  {
    name: 'a deprecated package sinks below an ordinary outdated one, however used',
    record: {
      ...outdated,
      deprecated: { date: '2026-10-30', reason: 'Moved to @example/pg-query-next.' },
      registry: used(2_000_000),
    },
    factors: [
      ['status', 50, 'score out of date'],
      ['popularity', 33, '2,000,000 downloads a month'],
      ['new-version-popularity', 33, 'a new version of a much-used package'],
      ['reason', 20, 'needs re-evaluation since 2.2.0 (score for 2.1.0)'],
      ['deprecated', -80, 'deprecated on its registry'],
    ],
    priority: 56,
  },
  {
    name: 'a package unpublished from npm sinks to the bottom',
    record: { added: '2026-11-01', registry: used(5_000, [npmSource('unpublished')]) },
    factors: [
      ['status', 100, 'never evaluated'],
      ['popularity', 7, '5,000 downloads a month'],
      ['removed', -100, 'unpublished from npm'],
    ],
    priority: 7,
  },
];

describe('queue priority', () => {
  it.each(CASES)('$name', ({ record, factors, priority }) => {
    const result = queuePriority(packageRecord(record), AS_OF);
    expect(result.factors.map((f) => [f.factor, f.points, f.text])).toEqual(factors);
    expect(result.priority).toBe(priority);
  });

  it('makes the factors add up to the priority, largest first, for every case', () => {
    for (const { record } of CASES) {
      const { priority, factors } = queuePriority(packageRecord(record), AS_OF);
      expect(factors.reduce((sum, factor) => sum + factor.points, 0)).toBe(priority);
      expect(factors.map((f) => f.points)).toEqual([...factors.map((f) => f.points)].sort((a, b) => b - a));
    }
  });

  it('ranks the cases as a contributor should meet them', () => {
    const ranked = CASES.map(({ name, record }) => ({ name, ...queuePriority(packageRecord(record), AS_OF) }))
      .sort((a, b) => b.priority - a.priority)
      .map((entry) => entry.name);
    expect(ranked[0]).toMatch(/much-used package/);
    expect(ranked.at(-1)).toMatch(/unpublished from npm/);
  });

  it('gives an evaluated package no priority', () => {
    expect(queuePriority(packageRecord({ evaluation_status: 'Evaluated' }), AS_OF)).toEqual({
      priority: 0,
      factors: [],
    });
  });

  it('takes its weights as data', () => {
    const weights: QueueWeights = { ...QUEUE_WEIGHTS, requests: { pointsEach: 50, max: 50 } };
    const record = packageRecord({ added: '2026-11-01', requests: 1 });
    expect(queuePriority(record, AS_OF, weights).factors).toContainEqual({
      factor: 'requests',
      text: 'requested by 1 person',
      points: 50,
    });
  });

  it('reads the clock it is given: the same record waits longer later', () => {
    const record = packageRecord({ added: '2026-06-01' });
    const early = queuePriority(record, Date.parse('2026-06-21T00:00:00Z'));
    const late = queuePriority(record, Date.parse('2026-09-01T00:00:00Z'));
    expect(early.priority).toBe(102);
    expect(late.priority).toBe(109);
  });

  it('counts downloads from a floor, by the tenfold, up to a cap', () => {
    expect(downloadPoints(null)).toBe(0);
    expect(downloadPoints(1_000)).toBe(0);
    expect(downloadPoints(10_000)).toBe(10);
    expect(downloadPoints(1_000_000)).toBe(30);
    expect(downloadPoints(10 ** 12)).toBe(40);
  });
});
