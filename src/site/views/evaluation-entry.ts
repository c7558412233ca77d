/**
 * What the evaluations table says about who made each evaluation: the contributor's tier, that
 * it is the operator's own worker (one evaluator like any other, disclosed as such), a
 * maintainer's self-evaluation, and the spot-check outcome.
 */
import type { EvaluationEntry } from '../../core/aggregate/package-aggregate.ts';
import { SELF_EVALUATION_LABELS } from '../format.ts';

export const OPERATOR_LABEL = 'operator’s worker';

export function evaluatorNotes(
  entry: Pick<EvaluationEntry, 'tier' | 'operator' | 'self_evaluation' | 'spot_check'>,
): string {
  return [
    entry.tier,
    entry.operator ? OPERATOR_LABEL : null,
    SELF_EVALUATION_LABELS[entry.self_evaluation],
    entry.spot_check ? `spot-check ${entry.spot_check}` : null,
  ]
    .filter((note): note is string => note !== null)
    .join(' · ');
}
