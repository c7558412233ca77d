/**
 * The rubric's definitions of the MCP server checks in `definition-changes.ts` (SEC-06): definitions that change between clients or during a session.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const DEFINITION_CHANGES_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SEC-06',
    dimension: 'security',
    severity: 'critical',
    method: 'deterministic',
    fromSnapshot: true,
    title: 'Same definitions for every client, all session long',
    passes:
      'Tools, prompts, resources and server instructions are identical on eight fresh connections (the client names of Claude Code, Cursor, Claude Desktop, VS Code, Gemini CLI and Codex, and a scanner-like one), after tool calls, and after any list_changed notification; values that vary by nature (dates, counters, ids) are ignored. The same tool calls, made again under each client name, answer alike: a result that adds a passage of 40 characters or more for some client names and not others fails, when each of those names got one answer all session. Fail: any other difference, which is deception (bait-and-switch) or a rug pull; the evidence holds the difference.',
    remediation:
      'Serve the same definitions and the same answers to every client; never change tools after they were approved.',
    before: [
      {
        until: '2.1',
        was: {
          severity: 'high',
          fromSnapshot: false,
          title: 'Stable tool definitions (no rug-pull)',
          passes:
            'The canonical tools/list hash (tools sorted by name) is identical across three fresh connections and two client identities, and no list_changed notification arrives after the tools were first listed.',
        },
      },
      {
        until: '2.3',
        was: {
          passes:
            'Tools, prompts, resources and server instructions are identical on five fresh connections (the client names of Claude Code, Cursor and Claude Desktop, and a scanner-like one), after tool calls, and after any list_changed notification; values that vary by nature (dates, counters, ids) are ignored. Fail: any other difference, which is deception (bait-and-switch) or a rug pull; the evidence holds the difference.',
        },
      },
    ],
  },
];
