/**
 * Where a package stands: Not yet evaluated → Evaluated → Needs re-evaluation, with the reasons.
 * The clock is passed in (`asOf`), so the same data and time always give the same state.
 */
import type { PackageAggregate } from '../aggregate/package-aggregate.ts';
import { STALE_AFTER_DAYS } from '../aggregate/policy.ts';
import { isBefore, isRubricVersion, RUBRIC_VERSION } from '../rubric/versions.ts';
import type { EvaluationStatusText, PackageFile } from '../types.ts';

export type StateReasonCode =
  | 'no-evaluation'
  | 'only-partial-evaluations'
  | 'new-version'
  | 'stale'
  | 'rubric-changed';

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

function rubricChange(rubricVersions: readonly string[]): StateReason[] {
  const outdated = [
    ...new Set(
      rubricVersions.filter((version) => !isRubricVersion(version) || isBefore(version, RUBRIC_VERSION)),
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

/** `countedRubricVersions`: the rubric versions of the evaluations the score rests on. */
export function packageState(
  pkg: PackageFile,
  aggregate: PackageAggregate,
  countedRubricVersions: readonly string[],
  asOfMs: number,
): PackageState {
  if (aggregate.status === 'none') {
    const onlyPartial = aggregate.evaluations.length > 0;
    return {
      status: 'Not yet evaluated',
      reasons: [
        onlyPartial
          ? {
              code: 'only-partial-evaluations',
              text: 'Evaluations so far covered too few checks to publish a score.',
            }
          : { code: 'no-evaluation', text: 'No evaluation yet.' },
      ],
    };
  }
  const reasons = [
    ...versionChange(pkg, aggregate),
    ...staleness(aggregate, asOfMs),
    ...rubricChange(countedRubricVersions),
  ];
  return { status: reasons.length > 0 ? 'Needs re-evaluation' : 'Evaluated', reasons };
}
