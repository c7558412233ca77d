import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { buildQueue, popularityPoints, priorityFactors } from './queue.ts';

const AS_OF = Date.parse('2026-11-01T00:00:00Z');
const newVersion = [
  { code: 'new-version' as const, text: 'Version 2.0.0 was released after the evaluated 1.0.0.' },
];

describe('queue priority', () => {
  it('grows with a tenfold of downloads, from a floor, up to a cap', () => {
    expect(popularityPoints(500)).toBe(0);
    expect(popularityPoints(10_000)).toBe(10);
    expect(popularityPoints(1_000_000)).toBe(30);
    expect(popularityPoints(10 ** 12)).toBe(40);
  });

  it('puts a new version of a much-used package ahead of a never-evaluated obscure one', () => {
    const popular = packageRecord({
      id: 'popular',
      added: '2026-10-30',
      evaluation_status: 'Needs re-evaluation',
      state_reasons: newVersion,
      last_evaluated_at: '2026-10-30T00:00:00Z',
      popularity: { monthly_downloads: 2_000_000, source: 'npm', as_of: '2026-10-31' },
    });
    const obscure = packageRecord({ id: 'obscure', added: '2026-10-30' });
    const queue = buildQueue([obscure, popular], AS_OF);
    expect(queue.map((entry) => entry.id)).toEqual(['popular', 'obscure']);
    expect(queue[0]!.priority_factors.map((factor) => [factor.factor, factor.points])).toEqual([
      ['status', 50],
      ['popularity', 33],
      ['new-version-popularity', 33],
      ['reason', 20],
    ]);
    expect(queue[0]!.priority).toBe(136);
    expect(queue[1]!.priority).toBe(100);
  });

  it('raises requested packages and says how many asked', () => {
    const factors = priorityFactors(packageRecord({ added: '2026-10-30', requests: 3 }), AS_OF);
    expect(factors).toContainEqual({ factor: 'requests', text: 'requested by 3 people', points: 15 });
  });

  it('says why the latest evaluation failed', () => {
    const [entry] = buildQueue(
      [
        packageRecord({
          evaluation_status: 'Needs re-evaluation',
          state_reasons: [{ code: 'only-partial-evaluations', text: 'No evaluation covered enough checks.' }],
          evaluations: [
            { version: '2.1.0', status: 'partial', excluded_because: 'coverage-too-low' },
          ] as never,
        }),
      ],
      AS_OF,
    );
    expect(entry!.last_failure).toBe(
      'The latest evaluation (2.1.0) covered too few checks to score; run the checks it skipped.',
    );
  });
});
