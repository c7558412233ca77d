/**
 * The rubric's definitions of the MCP server checks in `schema-hygiene.ts` (INT-02): typed, bounded schemas.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SCHEMA_HYGIENE_CHECKS: readonly CheckEntry[] = [
  {
    id: 'INT-02',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Schema hygiene',
    passes:
      'Required parameters exist in properties, every property has a type, no enum is empty and nesting is at most 5 levels. Partial: graded by the share of tools without problems.',
    remediation: 'Fix the listed schema problems.',
  },
];
