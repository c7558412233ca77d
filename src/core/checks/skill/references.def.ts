/**
 * The rubric's definitions of the skill checks in `references.ts` (SKL-R02, SKL-E02): the files SKILL.md refers to.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SKILL_REFERENCES_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SKL-R02',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'References resolve',
    passes:
      'Every file the skill references exists, paths use forward slashes, and no file is left unreferenced. Partial: unreferenced files only.',
    remediation: 'Fix broken links and remove or reference stray files.',
  },
  {
    id: 'SKL-E02',
    dimension: 'efficiency',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Progressive disclosure',
    passes:
      'References are one level deep from SKILL.md, and reference files over 100 lines start with a table of contents.',
    remediation: 'Link every reference from SKILL.md and add contents to long files.',
  },
];
