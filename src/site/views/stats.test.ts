import { describe, expect, it } from 'vitest';
import type { CheckOutcome, PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import { CHECKS } from '../../core/rubric/checks.ts';
import { checkFailureCounts } from '../../core/stats/check-failures.ts';
import { scoreDistribution } from '../../core/stats/stats.ts';
import { distributionRows, mostFailedChecks, startFailureRows } from './stats.ts';

const scored = (score: number | null, checks: CheckOutcome[]) => ({ af_score: score, checks });
const outcome = (id: string, status: CheckOutcome['status']): CheckOutcome => ({ id, status });

describe('the score distribution rows', () => {
  it('label each band, include 100 in the last, and scale bars to the largest band', () => {
    const rows = distributionRows(scoreDistribution([12.5, 55, 58.9, 91, 100]));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ label: '0–9.9', count: 0, percent: 0, grade: 'F' });
    expect(rows[1]).toEqual({ label: '10–19.9', count: 1, percent: 50, grade: 'F' });
    expect(rows[5]).toEqual({ label: '50–59.9', count: 2, percent: 100, grade: 'D' });
    expect(rows[9]).toEqual({ label: '90–100', count: 2, percent: 100, grade: 'A' });
  });

  it('draws no bar when nothing is scored', () => {
    expect(distributionRows(scoreDistribution([])).every((row) => row.percent === 0)).toBe(true);
  });
});

describe('the most failed checks', () => {
  it('counts failures among scored packages only, most first, with the rubric title and the rate', () => {
    const rows = mostFailedChecks(
      checkFailureCounts([
        scored(40, [outcome('LIC-01', 'fail'), outcome('SEC-01', 'fail'), outcome('SEC-02', 'pass')]),
        scored(70, [outcome('LIC-01', 'fail'), outcome('SEC-01', 'partial'), outcome('SEC-02', 'not_run')]),
        scored(90, [outcome('LIC-01', 'pass'), outcome('SEC-01', 'not_applicable')]),
        // Not scored (did not start): its outcomes say nothing about quality.
        scored(null, [outcome('SEC-02', 'fail'), outcome('SEC-02', 'fail')]),
      ]),
      CHECKS,
    );
    expect(rows).toEqual([
      {
        id: 'LIC-01',
        title: 'Open licence',
        dimension: 'licensing',
        severity: 'high',
        failed: 2,
        graded: 3,
        percent: 67,
      },
      {
        id: 'SEC-01',
        title: 'No hidden or deceptive characters',
        dimension: 'security',
        severity: 'critical',
        failed: 1,
        graded: 2,
        percent: 50,
      },
    ]);
  });

  it('breaks ties by failure rate, then id, and keeps at most the limit', () => {
    const packages = [
      scored(50, [outcome('B-01', 'fail'), outcome('A-01', 'fail'), outcome('C-01', 'fail')]),
      scored(50, [outcome('C-01', 'pass')]),
    ];
    expect(
      mostFailedChecks(checkFailureCounts(packages), [], 2).map((row) => [row.id, row.title, row.percent]),
    ).toEqual([
      ['A-01', 'A-01', 100],
      ['B-01', 'B-01', 100],
    ]);
  });
});

describe('why packages do not start', () => {
  it('groups the failure records by class, most first', () => {
    const failure = (cls: string) =>
      ({ start_failure: { class: cls } }) as unknown as Pick<PackageRecord, 'start_failure'>;
    expect(
      startFailureRows([
        failure('missing-variable'),
        failure('timed-out'),
        failure('missing-variable'),
        { start_failure: null },
      ]),
    ).toEqual([
      { label: 'Needs an environment variable', count: 2 },
      { label: 'Timed out before initialize', count: 1 },
    ]);
  });
});
