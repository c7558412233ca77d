/**
 * How often each check fails among scored packages, counting each package's shown (representative)
 * evaluation once: what the statistics page ranks as the most failed checks. The build counts it
 * as it writes each record, so the page never reads every package's checks (at 100,000 packages,
 * every row of the catalogue database).
 */
import type { PackageRecord } from '../catalogue/catalogue-types.ts';

export interface CheckFailureCount {
  id: string;
  /** Scored packages whose shown evaluation failed it. */
  failed: number;
  /** Scored packages whose shown evaluation ran it with a pass, partial or fail outcome. */
  graded: number;
}

export class CheckFailureTally {
  private readonly byId = new Map<string, { failed: number; graded: number }>();

  add(pkg: Pick<PackageRecord, 'af_score' | 'checks'>): void {
    // Not scored (did not start): its outcomes say nothing about quality.
    if (pkg.af_score === null) return;
    for (const check of pkg.checks) {
      if (check.status !== 'pass' && check.status !== 'partial' && check.status !== 'fail') continue;
      const counts = this.byId.get(check.id) ?? { failed: 0, graded: 0 };
      counts.graded += 1;
      if (check.status === 'fail') counts.failed += 1;
      this.byId.set(check.id, counts);
    }
  }

  /** The counts by check id, in id order. */
  counts(): CheckFailureCount[] {
    return [...this.byId.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, { failed, graded }]) => ({ id, failed, graded }));
  }
}

export function checkFailureCounts(
  packages: Iterable<Pick<PackageRecord, 'af_score' | 'checks'>>,
): CheckFailureCount[] {
  const tally = new CheckFailureTally();
  for (const pkg of packages) tally.add(pkg);
  return tally.counts();
}
