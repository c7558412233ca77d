/**
 * The rubric's definitions of the MCP server checks in `resources-prompts.ts` (INT-08): resources and prompts.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const RESOURCES_PROMPTS_CHECKS: readonly CheckEntry[] = [
  {
    id: 'INT-08',
    dimension: 'interface',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Resources and prompts described',
    passes:
      'Resources have a valid URI and a MIME type; prompt arguments are described. Not applicable when the server offers neither.',
    remediation: 'Add MIME types to resources and descriptions to prompt arguments.',
  },
];
