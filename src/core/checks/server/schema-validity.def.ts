/**
 * The rubric's definitions of the MCP server checks in `schema-validity.ts` (INT-01): valid input and output schemas.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SCHEMA_VALIDITY_CHECKS: readonly CheckEntry[] = [
  {
    id: 'INT-01',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Valid input schemas',
    passes: 'Every inputSchema is a valid JSON Schema whose root has type "object".',
    remediation: 'Give every tool an object inputSchema that validates against the JSON Schema metaschema.',
  },
];
