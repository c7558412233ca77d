/**
 * The rubric's definitions of the skill checks in `scripts.ts` (SKL-R03): the skill's scripts.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SKILL_SCRIPTS_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SKL-R03',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Scripts parse',
    passes:
      'Every script has a shebang or a known interpreter and parses (bash -n, node --check, python -m py_compile). Not applicable without scripts.',
    remediation: 'Fix the syntax errors reported for each script.',
  },
];
