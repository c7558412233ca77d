/**
 * Where a package stands: Not yet evaluated → Evaluated → Needs re-evaluation, with the reasons.
 * The clock is passed in (`asOf`), so the same data and time always give the same state.
 */

import type { PackageAggregate } from '../aggregate/package-aggregate.ts';
import { STALE_AFTER_DAYS } from '../aggregate/policy.ts';
import { failedTo } from '../checks/server/start-failure.ts';
import type { FailureRecord } from '../failures/failure-record.ts';
import { isCurrentFor, RUBRIC_VERSION } from '../rubric/versions.ts';
import type { CheckResult, EvaluationStatusText, PackageFile } from '../types.ts';

export type StateReasonCode =
  | 'no-evaluation'
  | 'only-partial-evaluations'
  | 'new-version'
  | 'stale'
  | 'rubric-changed'
  | 'retry-start';

export interface StateReason {
  code: StateReasonCode;
  text: string;
}

export interface PackageState {
  status: EvaluationStatusText;
  reasons: StateReason[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysBetween(fromIso: string, toMs: number): number {
  return Math.floor((toMs - Date.parse(fromIso)) / DAY_MS);
}

function staleness(aggregate: PackageAggregate, asOfMs: number): StateReason[] {
  if (aggregate.lastEvaluatedAt === null) return [];
  const age = daysBetween(aggregate.lastEvaluatedAt, asOfMs);
  if (age <= STALE_AFTER_DAYS) return [];
  return [
    {
      code: 'stale',
      text: `The newest evaluation is ${age} days old (re-evaluated after ${STALE_AFTER_DAYS}).`,
    },
  ];
}

function versionChange(pkg: PackageFile, aggregate: PackageAggregate): StateReason[] {
  if (
    pkg.version === undefined ||
    aggregate.scoredVersion === null ||
    pkg.version === aggregate.scoredVersion
  )
    return [];
  return [
    {
      code: 'new-version',
      text: `Version ${pkg.version} is out; the score is for ${aggregate.scoredVersion}.`,
    },
  ];
}

/** The rubric an evaluation the score rests on was graded under, and whether it had a judge. */
export interface CountedRubric {
  version: string;
  judged: boolean;
}

function rubricChange(kind: PackageFile['kind'], counted: readonly CountedRubric[]): StateReason[] {
  const outdated = [
    ...new Set(
      counted
        .filter(({ version, judged }) => !isCurrentFor(version, judged, kind))
        .map(({ version }) => version),
    ),
  ].sort();
  return outdated.length > 0
    ? [
        {
          code: 'rubric-changed',
          text: `Scored under rubric ${outdated.join(', ')}; the current rubric is ${RUBRIC_VERSION}.`,
        },
      ]
    : [];
}

/** A package that did not start is tried again once its back-off has passed. */
function retryDue(failure: FailureRecord | null, asOfMs: number): StateReason[] {
  if (!failure || Date.parse(failure.retry_after) > asOfMs) return [];
  const tries = failure.attempts === 1 ? 'once' : `${failure.attempts} times in a row`;
  return [
    {
      code: 'retry-start',
      text: `It ${failedTo(failure.class)}${failure.class === 'unclassified' ? '' : ` (${failure.label})`} in ${failure.version}, evaluated ${tries}; due for another try since ${failure.retry_after.slice(0, 10)}.`,
    },
  ];
}

/**
 * Why an evaluation covered too few checks: the reason most of its security checks give for not
 * running (the server listed nothing, it needs a credential), so the page says more than "too few".
 */
export function partialReason(checks: readonly CheckResult[]): string | null {
  const counts = new Map<string, number>();
  for (const check of checks)
    if (check.id.startsWith('SEC-') && check.status === 'not_run' && check.message)
      counts.set(check.message, (counts.get(check.message) ?? 0) + 1);
  let best: [string, number] | null = null;
  for (const entry of counts) if (best === null || entry[1] > best[1]) best = entry;
  return best && best[1] > 1 ? best[0] : null;
}

/**
 * `countedRubrics`: the rubric versions of the evaluations the score rests on, and whether a judge
 * was set up for each; `failure`: the failure record when every counted evaluation says it does not
 * start; `whyPartial`: what the newest evaluation says when none could be counted (`partialReason`).
 */
export function packageState(
  pkg: PackageFile,
  aggregate: PackageAggregate,
  countedRubrics: readonly CountedRubric[],
  asOfMs: number,
  failure: FailureRecord | null = null,
  whyPartial: string | null = null,
): PackageState {
  if (aggregate.status === 'none') {
    const onlyPartial = aggregate.evaluations.length > 0;
    return {
      status: 'Not yet evaluated',
      reasons: [
        onlyPartial
          ? {
              code: 'only-partial-evaluations',
              text: `Evaluations so far covered too few checks to publish a score.${whyPartial ? ` The newest: ${whyPartial}` : ''}`,
            }
          : { code: 'no-evaluation', text: 'No evaluation yet.' },
      ],
    };
  }
  const reasons = [
    ...retryDue(failure, asOfMs),
    ...versionChange(pkg, aggregate),
    ...staleness(aggregate, asOfMs),
    ...rubricChange(pkg.kind, countedRubrics),
  ];
  return { status: reasons.length > 0 ? 'Needs re-evaluation' : 'Evaluated', reasons };
}
