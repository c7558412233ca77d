/**
 * Puts check results in catalogue order, one per check. A check nobody produced a result for is
 * listed as not run, so a document always covers the whole catalogue.
 */
import { checksFor } from '../rubric/checks.ts';
import type { CheckResult, PackageKind } from '../types.ts';
import { notRun } from './results.ts';

export function inCatalogueOrder(kind: PackageKind, results: readonly CheckResult[]): CheckResult[] {
  const byId = new Map<string, CheckResult>();
  for (const result of results) if (!byId.has(result.id)) byId.set(result.id, result);
  return checksFor(kind).map(
    (check) => byId.get(check.id) ?? notRun(check.id, 'This evaluator did not produce a result.'),
  );
}
