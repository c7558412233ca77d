import type { CheckDefinition } from '../rubric/checks.ts';
import { DEFAULT_PARTIAL_VALUE } from '../rubric/policy.ts';
import type { CheckResult } from '../types.ts';

/**
 * The credit a check outcome earns, or `null` when the outcome does not count toward the score
 * (not applicable, not run, or an error on a check that is not fail-closed).
 */
export function creditFor(definition: CheckDefinition, result: CheckResult | undefined): number | null {
  switch (result?.status) {
    case 'pass':
      return 1;
    case 'fail':
      return 0;
    case 'partial':
      return result.value ?? DEFAULT_PARTIAL_VALUE;
    case 'error':
      return definition.failClosed ? 0 : null;
    default:
      return null;
  }
}

/** Whether the outcome is a failure that can trigger a cap. */
export function isFailure(definition: CheckDefinition, result: CheckResult | undefined): boolean {
  return result?.status === 'fail' || (result?.status === 'error' && definition.failClosed === true);
}

export function isApplicable(result: CheckResult | undefined): boolean {
  return result?.status !== 'not_applicable';
}
