/**
 * What the statistics page shows beyond the counts: the score distribution as labelled rows, the
 * checks that fail most often across scored packages, and why the packages that do not start do
 * not. Computed from the catalogue's records (each package's representative evaluation), so the
 * page only renders.
 */
import type { PackageRecord, ScoreBucket } from '../../core/catalogue/catalogue-types.ts';
import type { CheckDefinition } from '../../core/rubric/checks.ts';
import { gradeFor } from '../../core/scoring/grade.ts';
import type { CheckFailureCount } from '../../core/stats/check-failures.ts';
import type { Grade } from '../../core/types.ts';

export interface DistributionRow {
  /** "0–9.9", …, "90–100": scores have one decimal, the last band includes 100. */
  label: string;
  count: number;
  /** Bar length: the share of the largest band, 0–100. */
  percent: number;
  grade: Grade;
}

export function distributionRows(buckets: readonly ScoreBucket[]): DistributionRow[] {
  const largest = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const last = buckets.length - 1;
  return buckets.map((bucket, position) => ({
    label:
      position === last ? `${bucket.min}–${bucket.max}` : `${bucket.min}–${(bucket.max - 0.1).toFixed(1)}`,
    count: bucket.count,
    percent: (bucket.count / largest) * 100,
    grade: gradeFor(bucket.min),
  }));
}

export interface FailedCheckRow {
  id: string;
  title: string;
  dimension: string;
  severity: string;
  /** Scored packages whose shown evaluation failed the check. */
  failed: number;
  /** Scored packages whose shown evaluation ran it with a pass, partial or fail outcome. */
  graded: number;
  /** failed / graded, as a whole percentage. */
  percent: number;
}

/**
 * The checks failed by the most scored packages, most first (ties: the higher failure rate, then
 * the id), from the counts the build made (core/stats/check-failures.ts): only the evaluation a
 * package's page shows is counted, so a package counts once.
 */
export function mostFailedChecks(
  counts: readonly CheckFailureCount[],
  definitions: readonly CheckDefinition[],
  limit = 10,
): FailedCheckRow[] {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  return counts
    .filter((count) => count.failed > 0)
    .map(({ id, ...count }) => {
      const definition = byId.get(id);
      return {
        id,
        title: definition?.title ?? id,
        dimension: definition?.dimension ?? '',
        severity: definition?.severity ?? '',
        failed: count.failed,
        graded: count.graded,
        percent: Math.round((count.failed / count.graded) * 100),
      };
    })
    .sort(
      (a, b) =>
        b.failed - a.failed ||
        b.failed / b.graded - a.failed / a.graded ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, limit);
}

export interface StartFailureRow {
  label: string;
  count: number;
}

/** Packages that do not start, by the class of their failure ("missing variable", "timed out"…), most first. */
export function startFailureRows(
  packages: readonly Pick<PackageRecord, 'start_failure'>[],
): StartFailureRow[] {
  const counts = new Map<string, number>();
  for (const pkg of packages) {
    if (!pkg.start_failure) continue;
    const label = CLASS_LABELS[pkg.start_failure.class] ?? pkg.start_failure.class;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1));
}

const CLASS_LABELS: Readonly<Record<string, string>> = {
  'missing-variable': 'Needs an environment variable',
  'needs-runtime': 'Needs another runtime (Python, Docker…)',
  'needs-arguments': 'Needs arguments or a subcommand',
  'http-only': 'Serves HTTP only, not stdio',
  'native-module': 'A native module failed to load',
  'missing-module': 'A module is missing',
  'timed-out': 'Timed out before initialize',
  exited: 'Exited before initialize',
  killed: 'Killed before initialize',
  closed: 'Closed the connection',
  'no-command': 'Declares no command to start',
  unclassified: 'Other',
};
