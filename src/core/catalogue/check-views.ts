import { checksFor, findCheck } from '../rubric/checks.ts';
import { rubricVersionOf } from '../rubric/versions.ts';
import type { EvaluationDocument } from '../types.ts';
import type { CheckOutcome, CheckView, PackageDetail, PackageRecord } from './catalogue-types.ts';

/** The representative evaluation's outcomes for the catalogue, in catalogue order. */
export function checkOutcomes(doc: EvaluationDocument | undefined): CheckOutcome[] {
  if (!doc) return [];
  const results = new Map(doc.checks.map((check) => [check.id, check]));
  return checksFor(doc.package.kind, rubricVersionOf(doc.rubric_version)).map((definition) => {
    const result = results.get(definition.id);
    const outcome: CheckOutcome = { id: definition.id, status: result?.status ?? 'not_run' };
    if (result?.value !== undefined) outcome.value = result.value;
    if (result?.message !== undefined) outcome.message = result.message;
    if (result?.evidence !== undefined && result.evidence.length > 0) outcome.evidence = result.evidence;
    return outcome;
  });
}

/** Outcomes joined with the titles, weights and advice of the rubric they were graded under. */
export function checkViews(
  kind: PackageRecord['kind'],
  outcomes: readonly CheckOutcome[],
  rubricVersion?: string | null,
): CheckView[] {
  const version = rubricVersionOf(rubricVersion ?? undefined);
  return outcomes.flatMap((outcome) => {
    const definition = findCheck(kind, outcome.id, version);
    if (!definition) return [];
    const failed = outcome.status === 'fail' || outcome.status === 'partial' || outcome.status === 'error';
    return [
      {
        id: outcome.id,
        title: definition.title,
        dimension: definition.dimension,
        severity: definition.severity,
        method: definition.method,
        status: outcome.status,
        value: outcome.value ?? (outcome.status === 'pass' ? 1 : outcome.status === 'fail' ? 0 : null),
        message: outcome.message ?? null,
        evidence: outcome.evidence ?? [],
        remediation: failed ? definition.remediation : null,
      },
    ];
  });
}

export function packageDetail(record: PackageRecord): PackageDetail {
  return { ...record, checks: checkViews(record.kind, record.checks, record.rubric_version) };
}
