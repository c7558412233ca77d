/**
 * The operator's own evaluator identity. The operator runs the worker (`afscore work --local`)
 * to evaluate what nobody has yet; its evaluations are attributed to this login like anyone's and
 * count as one evaluator in the cross-validation rules: one vote per package (a newer run
 * supersedes its older one), weighted by the tier its history earns, never two evaluators
 * however many machines run it. Pages and the API say which evaluations are the operator's, so
 * a score that rests only on the operator's run is not mistaken for independent agreement.
 * Tunable as data: a deployment lists its own.
 */
import { loginKey } from '../ids.ts';

export const OPERATOR_LOGINS: readonly string[] = ['afscore-team'];

const operators = new Set(OPERATOR_LOGINS.map(loginKey));

export function isOperator(login: string): boolean {
  return operators.has(loginKey(login));
}
