/**
 * The rubric's definitions of the MCP server checks in `tool-names.ts` (INT-03): tool names.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const TOOL_NAMES_CHECKS: readonly CheckEntry[] = [
  {
    id: 'INT-03',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Tool names follow the rules',
    passes:
      'Names are 1–64 characters of [A-Za-z0-9_-] and unique. Partial: names use "." or "/", which some clients reject.',
    remediation: 'Rename tools to letters, digits, underscores and hyphens.',
  },
];
