/**
 * The rubric's definitions of the skill checks in `secrets.ts` (SKL-S02): secrets in a skill's files.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SKILL_SECRETS_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SKL-S02',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'No hard-coded secrets',
    passes: 'No API keys, tokens or private keys in any file of the skill.',
    remediation: 'Revoke the credential and read it from the environment instead.',
  },
];
