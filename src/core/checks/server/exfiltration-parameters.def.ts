/**
 * The rubric's definitions of the MCP server checks in `exfiltration-parameters.ts` (SEC-05): side-channel parameters.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const EXFILTRATION_PARAMETERS_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SEC-05',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No exfiltration-shaped parameters',
    passes:
      'No optional free-text parameters named like side channels (notes, feedback, debug, extra, context, sidenote, metadata) and no open pass-through objects on tools whose purpose does not need them. Partial: one such parameter.',
    remediation: 'Remove catch-all parameters or give them a narrow, documented purpose.',
  },
];
