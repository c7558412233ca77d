/**
 * The rubric's definitions of the skill checks in `code-safety.ts` (SKL-S03, SKL-S04): pipe-to-shell and code fetched at run time.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SKILL_CODE_SAFETY_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SKL-S03',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No pipe-to-shell or decode-and-run',
    passes:
      'No `curl … | sh`, no base64/hex decoding piped into an interpreter, no eval/exec of fetched data, no download-and-run URLs.',
    remediation: 'Ship the code in the skill folder, where it can be reviewed.',
  },
  {
    id: 'SKL-S04',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No instructions or code fetched at run time',
    passes:
      'The skill does not fetch instructions or code from mutable URLs (raw GitHub branches, gists, pastebins) at run time.',
    remediation: 'Vendor what you need into the skill, pinned and reviewable.',
  },
];
