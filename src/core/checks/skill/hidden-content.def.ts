/**
 * The rubric's definitions of the skill checks in `hidden-content.ts` (SKL-S01): hidden content in a skill's files.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SKILL_HIDDEN_CONTENT_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SKL-S01',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No hidden content',
    passes:
      'No invisible Unicode (tag, bidi, zero-width) anywhere in the skill, and no HTML comments that hold instructions. Fail: tag or bidi characters or hidden instructions. Partial: other invisible characters.',
    remediation:
      'Remove hidden characters and comments; the user must be able to read everything the model reads.',
  },
];
