/**
 * The rubric's definitions of the MCP server checks in `sandbox-checks.ts` (SEC-13, REL-10): what the sandbox saw: network use and limits.
 * Each entry holds the check's current form and, under `before`, what it was in earlier versions;
 * `rubric/checks.ts` assembles every definition into the catalogue.
 */
import type { CheckEntry } from '../../rubric/check-definition.ts';

export const SANDBOX_CHECKS: readonly CheckEntry[] = [
  {
    id: 'SEC-13',
    dimension: 'security',
    severity: 'medium',
    method: 'deterministic',
    title: 'Reaches the network only when asked',
    passes:
      'While it starts and is listed, before any tool is called, the server tries to reach no host its configuration does not name (TCP, UDP or DNS, seen by the evaluator’s sandbox). Partial: only its install scripts tried hosts outside the install allowlist. Attempts during tool calls and resource reads are recorded, not judged. Not applicable to remote servers; not run without the sandbox.',
    remediation:
      'Connect only when a tool that needs the network is called, or to hosts the user configured; no telemetry or update checks at start-up without the user’s consent.',
    since: '2.1',
  },
  {
    id: 'REL-10',
    dimension: 'reliability',
    severity: 'high',
    method: 'deterministic',
    title: 'Stays within resource limits',
    passes:
      'Installed and run in the evaluator’s sandbox, the server stays within its limits on memory, processes, CPU time, wall time, file size and open files (see the evaluation guide, "The sandbox"). Partial: only installing the package ran into one. Not applicable to remote servers; not run without the sandbox.',
    remediation:
      'Bound what the server allocates, spawns and computes; do not leave processes behind or spin the CPU while idle.',
    since: '2.1',
  },
];
