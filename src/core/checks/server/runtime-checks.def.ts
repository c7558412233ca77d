/**
 * The rubric's definitions of the MCP server checks in `runtime-checks.ts` (SEC-10, REL-01, REL-02, REL-03, REL-04, REL-05, REL-06, REL-07, REL-08): what the evaluator observed while running the server.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const RUNTIME_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SEC-10',
    dimension: 'security',
    severity: 'high',
    method: 'deterministic',
    title: 'Remote endpoint uses TLS and authentication',
    passes:
      'A remote server is reachable only over HTTPS, and tools that act on private data require authentication. Not applicable to stdio servers.',
    remediation: 'Serve over HTTPS and authenticate clients before exposing private tools.',
  },
  {
    id: 'REL-01',
    dimension: 'reliability',
    severity: 'critical',
    method: 'deterministic',
    failClosed: true,
    title: 'Starts and initializes',
    passes:
      'The server starts and completes initialize within 10 seconds. A start that times out is retried once with a longer limit before it counts as a failure, so a busy machine does not fail a server. Partial: it only starts on the retry, after more than 10 seconds.',
    remediation: 'Fix start-up errors; a server that does not start cannot be used at all.',
    before: [
      { until: '2.1', was: { passes: 'The server starts and completes initialize within 10 seconds.' } },
    ],
  },
  {
    id: 'REL-02',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Protocol version and server info',
    passes: 'initialize returns a published protocol version and serverInfo with a name and a version.',
    remediation: 'Use a current SDK and set serverInfo.name and serverInfo.version.',
  },
  {
    id: 'REL-03',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Capabilities are honest',
    passes:
      'Every advertised capability’s list method works; methods of capabilities not advertised return method-not-found.',
    remediation: 'Advertise exactly the capabilities you implement.',
  },
  {
    id: 'REL-04',
    dimension: 'reliability',
    severity: 'high',
    method: 'deterministic',
    title: 'Clean stdio',
    passes:
      'Nothing but JSON-RPC is written to stdout, and the process exits within 5 seconds of stdin closing. Not applicable to remote servers.',
    remediation: 'Log to stderr, never stdout, and exit when stdin closes.',
  },
  {
    id: 'REL-05',
    dimension: 'reliability',
    severity: 'low',
    method: 'deterministic',
    title: 'Listing latency',
    passes: 'tools/list p95 over five calls is under 1 s. Partial: under 3 s.',
    remediation: 'Build tool definitions once at start-up rather than on every list call.',
  },
  {
    id: 'REL-06',
    dimension: 'reliability',
    severity: 'high',
    method: 'deterministic',
    title: 'Handles invalid calls',
    passes:
      'An unknown tool gets a JSON-RPC error or an isError result; schema-invalid arguments get -32602 or an isError result; the server keeps answering afterwards.',
    remediation: 'Validate arguments and return errors instead of crashing.',
  },
  {
    id: 'REL-07',
    dimension: 'reliability',
    severity: 'medium',
    method: 'deterministic',
    title: 'Safe smoke calls succeed',
    passes:
      'Read-only tools the harness can call without side effects (not open-world, required arguments supplied by the schema itself) return within 30 s, and structured output matches the declared outputSchema. A clean isError result earns half. Not applicable when no tool qualifies.',
    remediation: 'Make read-only tools return valid results for their documented inputs.',
  },
  {
    id: 'REL-08',
    dimension: 'reliability',
    severity: 'low',
    method: 'deterministic',
    title: 'Ping and pagination',
    passes:
      'ping is answered, and list cursors (when returned) lead to further pages without repeats. A list method that fails outright is REL-03’s finding and is not counted here again.',
    remediation: 'Answer ping and return stable cursors.',
    before: [
      {
        until: '2.1',
        was: {
          passes: 'ping is answered, and list cursors (when returned) lead to further pages without repeats.',
        },
      },
    ],
  },
];
