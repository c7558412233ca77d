/**
 * A package whose evaluations say it does not start gets a public failure record: why (the
 * classified start failure of its newest evaluation), since when, how many evaluations in a row
 * found it so, and when it is tried again. Retries back off (1, 2, 4 … days, up to a cap) so a
 * worker draining the queue does not start the same broken server every run; a new version
 * brings it back at once (package-state's `new-version`). Pure: the clock is passed in.
 */
import type { EvaluationEntry, PackageAggregate } from '../aggregate/package-aggregate.ts';
import { failureLabel, START_FAILURE_CLASSES, type StartFailure } from '../checks/server/start-failure.ts';
import type { EvaluationDocument } from '../types.ts';
import { FIRST_RETRY_DAYS, MAX_RETRY_DAYS } from './failure-policy.ts';

export interface FailureRecord {
  /** Short: "missing variable GITHUB_TOKEN", "timed out in initialize". */
  label: string;
  class: StartFailure['class'] | 'unclassified';
  reason: string;
  advice: string | null;
  version: string;
  evaluation_id: string;
  failed_at: string;
  /** Evaluations in a row, newest back, that found it not starting. */
  attempts: number;
  /** When it is due for another try. */
  retry_after: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function retryDelayDays(attempts: number): number {
  return Math.min(MAX_RETRY_DAYS, FIRST_RETRY_DAYS * 2 ** Math.max(0, attempts - 1));
}

function recordedFailure(doc: EvaluationDocument | undefined): StartFailure | null {
  const launch = (doc?.inputs as { launch?: { failure?: unknown } } | undefined)?.launch;
  const failure = launch?.failure as Partial<StartFailure> | undefined;
  if (!failure || typeof failure.reason !== 'string' || typeof failure.advice !== 'string') return null;
  if (!START_FAILURE_CLASSES.includes(failure.class as StartFailure['class'])) return null;
  return failure as StartFailure;
}

function consecutiveFailures(entries: readonly EvaluationEntry[]): EvaluationEntry[] {
  const counted = entries.filter((entry) => entry.counted);
  const run: EvaluationEntry[] = [];
  for (const entry of counted) {
    if (entry.status !== 'unrunnable') break;
    run.push(entry);
  }
  return run;
}

/**
 * The failure record of a package whose counted evaluations all say "does not start"; null when
 * any of them scored. `newest` is the newest of them (the aggregate's representative then).
 */
export function failureRecord(
  aggregate: PackageAggregate,
  newest: EvaluationDocument | undefined,
): FailureRecord | null {
  if (aggregate.status !== 'unrunnable') return null;
  const run = consecutiveFailures(aggregate.evaluations);
  const latest = run[0];
  if (!latest) return null;
  const failure = newest?.evaluation_id === latest.evaluation_id ? recordedFailure(newest) : null;
  const rel01 = newest?.checks.find((check) => check.id === 'REL-01')?.message;
  const retry = Date.parse(latest.finished_at) + retryDelayDays(run.length) * DAY_MS;
  return {
    label: failure ? failureLabel(failure) : 'does not start',
    class: failure?.class ?? 'unclassified',
    reason: failure?.reason ?? rel01 ?? 'The server did not start.',
    advice: failure?.advice ?? null,
    version: latest.version,
    evaluation_id: latest.evaluation_id,
    failed_at: latest.finished_at,
    attempts: run.length,
    retry_after: new Date(retry).toISOString(),
  };
}
