/**
 * Puts check results in catalogue order, one per check, each labelled with its dimension and
 * severity. A check nobody produced a result for is listed as not run, so a document always covers
 * the whole catalogue.
 */
import { checksFor } from '../rubric/checks.ts';
import { RUBRIC_VERSION, type RubricVersion } from '../rubric/versions.ts';
import type { CheckResult, PackageKind } from '../types.ts';
import { notRun } from './results.ts';

export function inCatalogueOrder(
  kind: PackageKind,
  results: readonly CheckResult[],
  version: RubricVersion = RUBRIC_VERSION,
): CheckResult[] {
  const byId = new Map<string, CheckResult>();
  for (const result of results) if (!byId.has(result.id)) byId.set(result.id, result);
  return checksFor(kind, version).map((check) => {
    const {
      id: _id,
      dimension: _dimension,
      severity: _severity,
      ...outcome
    } = byId.get(check.id) ?? notRun(check.id, 'This evaluator did not produce a result.');
    return { id: check.id, dimension: check.dimension, severity: check.severity, ...outcome };
  });
}
