/**
 * Evaluations that gave no usable score: the attempts in a row, newest first, that failed at the
 * version the queue asks for (a failure at an older version says little about a new release), and
 * why the latest evaluation failed, in words a contributor can act on.
 */

import type { EvaluationEntry } from '../aggregate/package-aggregate.ts';
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import { failedTo } from '../checks/server/start-failure.ts';

export interface FailedAttempts {
  count: number;
  /** When the newest of them finished (RFC 3339); null without failures. */
  latestAt: string | null;
}

function failed(entry: EvaluationEntry): boolean {
  return (
    entry.status !== 'scored' ||
    entry.excluded_because === 'coverage-too-low' ||
    entry.excluded_because === 'spot-check-diverged'
  );
}

export function failedAttempts(record: Pick<PackageRecord, 'evaluations' | 'version'>): FailedAttempts {
  let count = 0;
  for (const entry of record.evaluations) {
    if (!failed(entry) || (record.version !== null && entry.version !== record.version)) break;
    count += 1;
  }
  return { count, latestAt: count > 0 ? record.evaluations[0]!.finished_at : null };
}

/** What the start check said, when the failed evaluation is the one whose checks the record shows. */
function startMessage(record: PackageRecord, latest: EvaluationEntry): string | null {
  if (record.representative_evaluation_id !== latest.evaluation_id) return null;
  const start = record.checks.find(
    (check) => (check.id === 'REL-01' || check.id === 'SKL-R01') && check.status !== 'pass',
  );
  return start?.message || null;
}

/** Why the latest evaluation gave no usable score: it did not start, covered too few checks, or did not hold up. */
export function lastFailure(record: PackageRecord): string | null {
  const latest = record.evaluations[0];
  if (!latest || !failed(latest)) return null;
  const which = `The latest evaluation (${latest.version})`;
  const start = record.start_failure;
  // A classified start failure (failures/failure-record.ts) says what broke and what to do.
  if (start && start.evaluation_id === latest.evaluation_id && start.class !== 'unclassified')
    return `${which} ${failedTo(start.class) === 'did not start' ? 'could not start it' : 'could not install it'} (${start.label}).${start.advice ? ` ${start.advice}` : ''}`;
  if (latest.status === 'unrunnable') {
    const message = startMessage(record, latest);
    return `${which} could not start it${message ? `: ${message}` : '.'}`;
  }
  if (latest.excluded_because === 'spot-check-diverged')
    return `${which} did not hold up when the operator re-ran it.`;
  return `${which} covered too few checks to score; run the checks it skipped.`;
}
