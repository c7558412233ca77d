/**
 * The runtime checks of an MCP server (SEC-10, REL-01..08), computed from what the evaluator
 * observed. Timings stay out of check evidence (they go to `metrics`), so two runs on the same
 * artifact give the same check results. SEC-06 compares the faces in the snapshot instead
 * (`definition-changes.ts`).
 */
import type { CheckResult, Evidence } from '../../types.ts';
import {
  LIST_LATENCY_PARTIAL_MS,
  LIST_LATENCY_PASS_MS,
  PUBLISHED_PROTOCOL_VERSIONS,
  STARTUP_TIMEOUT_MS,
  STDIN_EXIT_TIMEOUT_MS,
} from '../check-policy.ts';
import { countOf, fail, graded, notApplicable, notRun, partial, pass } from '../results.ts';
import type { InvalidCallFacts, ProbeFacts } from './probe-facts.ts';
import { failureLabel } from './start-failure.ts';

export const RUNTIME_CHECK_IDS = [
  'SEC-10',
  'REL-01',
  'REL-02',
  'REL-03',
  'REL-04',
  'REL-05',
  'REL-06',
  'REL-07',
  'REL-08',
] as const;

export function started(facts: ProbeFacts): boolean {
  return facts.connections[0]?.started === true;
}

/**
 * A start that timed out was retried once with a longer limit (the machine may have been busy), so
 * a server fails only when no attempt started it; starting only after the limit earns half.
 */
export function checkStartup(facts: ProbeFacts): CheckResult {
  const primary = facts.connections[0];
  if (!primary?.started) {
    const failure = primary?.failure;
    if (!failure)
      return fail('REL-01', `The server did not initialize: ${primary?.error ?? 'no connection was made'}.`);
    // The reason quotes the line that says why; the advice says what would fix it.
    return fail('REL-01', `${primary.error ?? failure.reason} ${failure.advice}`, [
      {
        location: 'start',
        value: failureLabel(failure),
        ...(failure.quote ? { excerpt: failure.quote } : {}),
      },
    ]);
  }
  const retried = (primary.attempts ?? 1) > 1 ? ' on the second attempt' : '';
  if ((primary.initializeMs ?? 0) > STARTUP_TIMEOUT_MS) {
    return partial(
      'REL-01',
      0.5,
      `Initialized${retried}, but only after more than ${STARTUP_TIMEOUT_MS / 1000} s.`,
    );
  }
  return pass('REL-01', `Started and initialized within ${STARTUP_TIMEOUT_MS / 1000} s${retried}.`);
}

export function checkTransportSecurity(facts: ProbeFacts): CheckResult {
  if (facts.transport === 'stdio') return notApplicable('SEC-10', 'stdio server: no network endpoint.');
  const url = facts.url ?? '';
  if (url.startsWith('https://')) {
    return pass(
      'SEC-10',
      'Served over HTTPS. Whether private tools require authentication is not judged automatically.',
    );
  }
  return fail('SEC-10', 'The endpoint is plain HTTP: traffic and credentials travel unencrypted.', [
    { location: 'url', excerpt: url },
  ]);
}

export function checkServerInfo(facts: ProbeFacts): CheckResult {
  const problems: string[] = [];
  if (!facts.protocolVersion || !PUBLISHED_PROTOCOL_VERSIONS.includes(facts.protocolVersion)) {
    problems.push(`protocol version ${JSON.stringify(facts.protocolVersion ?? null)} is not a published one`);
  }
  if (!facts.serverName) problems.push('serverInfo has no name');
  if (!facts.serverVersion) problems.push('serverInfo has no version');
  const evidence = [
    {
      location: 'initialize',
      value: `${facts.protocolVersion ?? '?'} ${facts.serverName ?? '?'}@${facts.serverVersion ?? '?'}`,
    },
  ];
  if (problems.length === 0)
    return pass('REL-02', 'Published protocol version; serverInfo has a name and a version.', evidence);
  if (problems.length === 1 && !problems[0]!.startsWith('protocol'))
    return partial('REL-02', 0.5, `${problems[0]}.`, evidence);
  return fail('REL-02', `${problems.join('; ')}.`, evidence);
}

export function checkCapabilities(facts: ProbeFacts): CheckResult {
  if (facts.capabilityProbes.length === 0) return notRun('REL-03', 'No capability was probed.');
  const evidence: Evidence[] = [];
  for (const probe of facts.capabilityProbes) {
    const honest = probe.advertised ? probe.outcome === 'ok' : probe.outcome === 'method-not-found';
    if (honest) continue;
    evidence.push({
      location: probe.method,
      value: probe.advertised
        ? `${probe.capability} is advertised but ${probe.method} failed${probe.detail ? `: ${probe.detail}` : ''}`
        : `${probe.capability} is not advertised but ${probe.method} answered ${probe.outcome === 'ok' ? 'a result' : (probe.detail ?? 'an error other than method-not-found')}`,
    });
  }
  const total = facts.capabilityProbes.length;
  const honest = total - evidence.length;
  return graded(
    'REL-03',
    honest / total,
    `${countOf(honest, total, 'capability probes')} matched what initialize advertised.`,
    evidence,
  );
}

export function checkStdioHygiene(facts: ProbeFacts): CheckResult {
  if (facts.transport !== 'stdio' || !facts.stdio) return notApplicable('REL-04', 'Remote server: no stdio.');
  const { strayLines, strayLineCount, exitAfterStdinCloseMs } = facts.stdio;
  const evidence: Evidence[] = strayLines.map((line, index) => ({
    location: `stdout, stray line ${index + 1}`,
    excerpt: line,
  }));
  const exited = exitAfterStdinCloseMs !== null && exitAfterStdinCloseMs <= STDIN_EXIT_TIMEOUT_MS;
  if (strayLineCount > 0) {
    return fail(
      'REL-04',
      `${strayLineCount} line(s) on stdout were not JSON-RPC; clients may drop the connection.`,
      evidence,
    );
  }
  if (!exited) {
    return partial(
      'REL-04',
      0.5,
      `Only JSON-RPC on stdout, but the process did not exit within ${STDIN_EXIT_TIMEOUT_MS / 1000} s of stdin closing.`,
    );
  }
  return pass(
    'REL-04',
    `Only JSON-RPC on stdout; exited within ${STDIN_EXIT_TIMEOUT_MS / 1000} s of stdin closing.`,
  );
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

export function checkListLatency(facts: ProbeFacts): CheckResult {
  if (!facts.toolsAdvertised) return notApplicable('REL-05', 'The server offers no tools.');
  if (facts.listLatenciesMs.length === 0) return notRun('REL-05', 'tools/list could not be timed.');
  const p95 = percentile(facts.listLatenciesMs, 0.95);
  if (p95 < LIST_LATENCY_PASS_MS)
    return pass('REL-05', `tools/list p95 under ${LIST_LATENCY_PASS_MS / 1000} s.`);
  if (p95 < LIST_LATENCY_PARTIAL_MS)
    return partial(
      'REL-05',
      0.5,
      `tools/list p95 under ${LIST_LATENCY_PARTIAL_MS / 1000} s but over ${LIST_LATENCY_PASS_MS / 1000} s.`,
    );
  return fail('REL-05', `tools/list p95 is ${LIST_LATENCY_PARTIAL_MS / 1000} s or more.`);
}

function invalidCallHandled(call: InvalidCallFacts): boolean {
  if (call.outcome === 'is-error-result') return true;
  if (call.outcome !== 'json-rpc-error') return false;
  return call.probe === 'unknown-tool' || call.code === -32602;
}

function invalidCallEvidence(call: InvalidCallFacts): Evidence {
  const answer =
    call.outcome === 'json-rpc-error'
      ? `JSON-RPC error ${call.code ?? '?'}`
      : call.outcome.replaceAll('-', ' ');
  return {
    location:
      call.probe === 'unknown-tool'
        ? 'tools/call (unknown tool)'
        : `tools/call ${call.tool ?? ''} (invalid arguments)`,
    value: `${answer}${call.detail ? `: ${call.detail}` : ''}`,
  };
}

export function checkInvalidCalls(facts: ProbeFacts): CheckResult {
  if (!facts.toolsAdvertised) return notApplicable('REL-06', 'The server offers no tools.');
  if (facts.invalidCalls.length === 0) return notRun('REL-06', 'No invalid call could be made.');
  const evidence = facts.invalidCalls.map(invalidCallEvidence);
  if (facts.aliveAfterInvalidCalls === false) {
    return fail('REL-06', 'The server stopped answering after an invalid call.', evidence);
  }
  const handled = facts.invalidCalls.filter(invalidCallHandled).length;
  const total = facts.invalidCalls.length;
  const untested = facts.invalidCalls.some((call) => call.probe === 'invalid-arguments')
    ? ''
    : ' No tool takes arguments that could be made invalid.';
  return graded(
    'REL-06',
    handled / total,
    `${countOf(handled, total, 'invalid calls')} were answered with an error.${untested}`,
    evidence,
  );
}

export function checkSmokeCalls(facts: ProbeFacts): CheckResult {
  if (facts.smokeCalls.length === 0) {
    const skipped =
      facts.smokeSkipped.length > 0
        ? ` (${facts.smokeSkipped.join(', ')} need arguments the harness cannot invent)`
        : '';
    return notApplicable('REL-07', `No read-only tool the harness can call without side effects${skipped}.`);
  }
  const evidence: Evidence[] = facts.smokeCalls
    .filter((call) => call.outcome !== 'ok')
    .map((call) => ({
      location: `tools/call ${call.tool}`,
      value: `${call.outcome}${call.detail ? `: ${call.detail}` : ''}`,
    }));
  const total = facts.smokeCalls.length;
  const good = facts.smokeCalls.filter((call) => call.outcome === 'ok').length;
  // A tool that answers with a clean error result (often: something the sandbox lacks) still
  // returned in time; it earns half, a crash, a hang or invalid structured output nothing.
  const reported = facts.smokeCalls.filter((call) => call.outcome === 'is-error').length;
  const note = reported > 0 ? ` ${reported} returned an error result.` : '';
  return graded(
    'REL-07',
    (good + reported / 2) / total,
    `${countOf(good, total, 'read-only smoke calls')} succeeded.${note}`,
    evidence,
  );
}

export function checkPingAndPagination(facts: ProbeFacts): CheckResult {
  const paging: Evidence[] = [];
  for (const list of facts.pagination) {
    // A list method that fails outright is REL-03's finding; one defect is deducted once.
    if (list.error) continue;
    if (list.cursorLoop)
      paging.push({ location: list.method, value: 'a cursor led back to an earlier page' });
    else if (list.repeatedItems.length > 0) {
      paging.push({
        location: list.method,
        value: `repeated across pages: ${list.repeatedItems.slice(0, 5).join(', ')}`,
      });
    }
  }
  const pingOk = facts.ping?.ok === true;
  const pagingOk = paging.length === 0;
  const evidence = pingOk
    ? paging
    : [{ location: 'ping', value: facts.ping?.detail ?? 'not answered' }, ...paging];
  const paged = facts.pagination.filter((list) => list.pages > 1).map((list) => list.method);
  const pagingText =
    paged.length === 0 && pagingOk
      ? 'no list was paginated'
      : `paging of ${paged.join(', ') || 'lists'} ${pagingOk ? 'returned no repeats' : 'misbehaved'}`;
  const message = `${pingOk ? 'ping answered' : 'ping not answered'}; ${pagingText}.`;
  return graded('REL-08', (Number(pingOk) + Number(pagingOk)) / 2, message, evidence);
}

/** All runtime checks; when the server did not start, REL-01 fails and the rest cannot run. */
export function runtimeChecks(facts: ProbeFacts): CheckResult[] {
  if (!started(facts)) {
    const reason = 'The server did not start, so this could not be checked.';
    return [
      checkTransportSecurity(facts),
      checkStartup(facts),
      ...RUNTIME_CHECK_IDS.filter((id) => id.startsWith('REL-') && id !== 'REL-01').map((id) =>
        id === 'REL-04' && facts.transport !== 'stdio'
          ? notApplicable(id, 'Remote server: no stdio.')
          : notRun(id, reason),
      ),
    ];
  }
  return [
    checkTransportSecurity(facts),
    checkStartup(facts),
    checkServerInfo(facts),
    checkCapabilities(facts),
    checkStdioHygiene(facts),
    checkListLatency(facts),
    checkInvalidCalls(facts),
    checkSmokeCalls(facts),
    checkPingAndPagination(facts),
  ];
}
