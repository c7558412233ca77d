/**
 * The rubric's definitions of the MCP server checks in `risk-annotations.ts` (SEC-11, SEC-12): risky capabilities and the annotations that should declare them.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const RISK_ANNOTATIONS_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SEC-11',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Risky capabilities are declared',
    passes:
      'Tools whose names say they delete, write, send, execute or fetch carry destructive/open-world annotations. Partial: some do.',
    remediation:
      'Annotate risky tools (destructiveHint, openWorldHint) so clients can ask before calling them.',
  },
  {
    id: 'SEC-12',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Annotations do not contradict names',
    passes: 'No tool named like a write (delete_*, write_*, send_*, create_*) claims readOnlyHint: true.',
    remediation: 'Make annotations tell the truth; clients skip confirmation for read-only tools.',
  },
];
