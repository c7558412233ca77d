/** When the agent guide says use, use with care, or avoid. Data, reviewed like code. */
import type { PackageFlag } from '../aggregate/package-aggregate.ts';
import type { Severity } from '../types.ts';

export const AVOID_FLAGS: readonly PackageFlag[] = ['critical-security-finding', 'does-not-start'];
export const CARE_FLAGS: readonly PackageFlag[] = [
  'evaluators-disagree',
  'reproducibility-mismatch',
  'undisclosed-self-evaluation',
  'spot-check-diverged',
];
/**
 * A failed security check of these severities means "use with care" whatever the scores: a
 * credential shipped in the package matters to the person installing it even at af_score 85.
 * (A failed critical check already caps the scores and flags the package: avoid.)
 */
export const CARE_SECURITY_SEVERITIES: readonly Severity[] = ['high'];
/** Below this af_score: avoid. */
export const AVOID_BELOW = 50;
/** Below this af_score or security_score: use with care. */
export const CARE_BELOW = 70;

export const FLAG_EXPLANATIONS: Readonly<Record<PackageFlag, string>> = {
  'critical-security-finding':
    'An evaluator found a critical security problem, such as hidden instructions in tool metadata.',
  'does-not-start': 'An evaluator could not start the package.',
  'evaluators-disagree': 'Independent evaluations disagree by more than the cross-validation tolerance.',
  'reproducibility-mismatch':
    'Two evaluations of the same artifact disagree on a check that should be reproducible.',
  'self-evaluated': 'A maintainer evaluated their own package; it counts with little weight.',
  'undisclosed-self-evaluation':
    'A maintainer evaluated their own package without saying so; it is under review.',
  'spot-check-diverged': 'An operator re-run did not reproduce one of the evaluations; it was left out.',
};
