import { checksFor } from '../rubric/checks.ts';
import type { EvaluationDocument } from '../types.ts';
import type { CheckView } from './catalogue-types.ts';

/** The representative evaluation's outcomes joined with the catalogue, in catalogue order. */
export function checkViews(doc: EvaluationDocument | undefined): CheckView[] {
  if (!doc) return [];
  const results = new Map(doc.checks.map((check) => [check.id, check]));
  return checksFor(doc.package.kind).map((definition) => {
    const result = results.get(definition.id);
    return {
      id: definition.id,
      title: definition.title,
      dimension: definition.dimension,
      severity: definition.severity,
      method: definition.method,
      status: result?.status ?? 'not_run',
      value: result?.value ?? (result?.status === 'pass' ? 1 : result?.status === 'fail' ? 0 : null),
      message: result?.message ?? null,
      evidence: result?.evidence ?? [],
      remediation: definition.remediation,
    };
  });
}
