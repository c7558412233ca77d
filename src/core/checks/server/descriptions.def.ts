/**
 * The rubric's definitions of the MCP server checks in `descriptions.ts` (INT-04, INT-05): tool and parameter descriptions.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const DESCRIPTIONS_CHECKS: readonly CheckEntry[] = [
  {
    id: 'INT-04',
    dimension: 'interface',
    severity: 'high',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Every tool is described',
    passes:
      'Every tool has a description of at least 20 characters that does not merely repeat its name. Partial: graded by the share of tools that do.',
    remediation: 'Say what each tool does, when to use it and what it returns.',
  },
  {
    id: 'INT-05',
    dimension: 'interface',
    severity: 'medium',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Parameters are described',
    passes:
      'Every parameter has a description. A tool that takes one object parameter wrapping its arguments (`params`) is judged on the properties inside it. Partial: graded by the share that do.',
    remediation: 'Describe each parameter’s meaning, format and default.',
    before: [
      {
        until: '2.1',
        was: { passes: 'Every parameter has a description. Partial: graded by the share that do.' },
      },
    ],
  },
];
