/**
 * The rubric's definitions of the MCP server checks in `annotations.ts` (INT-06, INT-07): annotations and output schemas.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const ANNOTATIONS_CHECKS: readonly CheckEntry[] = [
  {
    id: 'INT-06',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Annotations declared',
    passes:
      'Every tool declares readOnlyHint, and non-read-only tools declare destructiveHint. Partial: graded by the share of tools that do.',
    remediation: 'Add MCP tool annotations so clients know which calls are safe.',
  },
  {
    id: 'INT-07',
    dimension: 'interface',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Output schemas declared',
    passes: 'Tools declare an outputSchema. Partial: graded by the share of tools that do.',
    remediation: 'Declare outputSchema and return structuredContent.',
  },
];
