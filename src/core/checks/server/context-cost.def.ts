/**
 * The rubric's definitions of the MCP server checks in `context-cost.ts` (EFF-01, EFF-02, EFF-03): what the tool list costs a model's context.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const CONTEXT_COST_CHECKS: readonly CheckEntry[] = [
  {
    id: 'EFF-01',
    dimension: 'efficiency',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Tool list fits in context',
    passes: 'The canonical tools/list costs at most 4,000 tokens (characters ÷ 4). Partial: at most 12,000.',
    remediation: 'Trim descriptions and schemas; every client pays this cost on every turn.',
  },
  {
    id: 'EFF-02',
    dimension: 'efficiency',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Reasonable tool count',
    passes: '1–15 tools. Partial: 16–50. Fail: none, or more than 50.',
    remediation: 'Split very large servers or group related operations into fewer tools.',
  },
  {
    id: 'EFF-03',
    dimension: 'efficiency',
    severity: 'low',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'No description bloat',
    passes: 'No description exceeds 2,000 characters and no long passage is repeated across tools.',
    remediation: 'Move long guidance into a resource or the README.',
  },
];
