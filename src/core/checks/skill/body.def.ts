/**
 * The rubric's definitions of the skill checks in `body.ts` (SKL-D01, SKL-E01, SKL-M01): SKILL.md's body and shipped evaluations.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SKILL_BODY_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SKL-D01',
    dimension: 'documentation',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Structured instructions',
    passes: 'The SKILL.md body is not empty and is organised under headings. Partial: an unstructured body.',
    remediation: 'Organise the body into headed steps and examples.',
  },
  {
    id: 'SKL-E01',
    dimension: 'efficiency',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Compact body',
    passes: 'The body is at most 500 lines and 5,000 tokens. Partial: at most 800 lines.',
    remediation: 'Move detail into reference files loaded on demand.',
  },
  {
    id: 'SKL-M01',
    dimension: 'maintenance',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Evaluations shipped',
    passes: 'evals/evals.json (or an equivalent test set) is present and valid JSON.',
    remediation: 'Ship a few example tasks with expected outcomes.',
  },
];
