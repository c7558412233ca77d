/**
 * SEC-13 and REL-10, from what the evaluator's sandbox saw and stopped (`sandbox-facts.ts`):
 * whether the server reached for the network without being asked to, and whether it stayed
 * within the sandbox's limits on memory, processes, CPU and time.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { fail, notApplicable, notRun, partial, pass } from '../results.ts';
import type { LimitHit, NetworkAttempt, SandboxFacts, SandboxPhase } from './sandbox-facts.ts';

export const SANDBOX_CHECK_IDS = ['SEC-13', 'REL-10'] as const;

const PHASE_WORDS: Readonly<Record<SandboxPhase, string>> = {
  fetch: 'while npm fetched the package',
  scripts: 'in its install scripts',
  start: 'while starting and being listed',
  calls: 'while the evaluator called its tools',
};

function describeAttempt(attempt: NetworkAttempt): string {
  const times = attempt.count > 1 ? ` ×${attempt.count}` : '';
  return `${attempt.destination} (${attempt.kind}, ${attempt.outcome}${times})`;
}

function attemptEvidence(attempts: readonly NetworkAttempt[], all: readonly NetworkAttempt[]): Evidence[] {
  return attempts.map((attempt) => ({
    location: `/sandbox/networkAttempts/${all.indexOf(attempt)}`,
    path: `sandbox.networkAttempts[${attempt.destination}]`,
    excerpt: `${PHASE_WORDS[attempt.phase]}: ${describeAttempt(attempt)}`,
  }));
}

function listed(attempts: readonly NetworkAttempt[]): string {
  const shown = attempts.slice(0, 5).map(describeAttempt).join(', ');
  return attempts.length > 5 ? `${shown} and ${attempts.length - 5} more` : shown;
}

/** SEC-13: the server reaches the network only when a call asks it to, or for hosts it was configured with. */
export function checkNetworkUse(facts: SandboxFacts): CheckResult {
  const attempts = facts.networkAttempts;
  // npm's own requests in the fetch step are the evaluator's, not the package's.
  const unprompted = attempts.filter(
    (attempt) => attempt.phase === 'start' && !attempt.configured && attempt.kind !== 'proxy',
  );
  const scripts = attempts.filter(
    (attempt) => attempt.phase === 'scripts' && attempt.outcome === 'denied' && !attempt.configured,
  );
  if (unprompted.length > 0) {
    return fail(
      'SEC-13',
      `The server tried to reach the network ${PHASE_WORDS.start}, before any tool was called and to hosts its configuration does not name: ${listed(unprompted)}${facts.network ? '' : '. The sandbox had no network, so nothing left'}.`,
      attemptEvidence(unprompted, attempts),
    );
  }
  if (scripts.length > 0) {
    return partial(
      'SEC-13',
      0.5,
      `Install scripts tried to reach hosts outside the install allowlist (the registry and the hosts prebuilt binaries come from); the sandbox refused: ${listed(scripts)}.`,
      attemptEvidence(scripts, attempts),
    );
  }
  const duringCalls = attempts.filter((attempt) => attempt.phase === 'calls');
  return pass(
    'SEC-13',
    duringCalls.length > 0
      ? `No network attempt outside tool calls and resource reads; during them: ${listed(duringCalls)}.`
      : 'No network attempt while starting, being listed or being called.',
  );
}

function describeHit(hit: LimitHit): string {
  return `${hit.limit} ${PHASE_WORDS[hit.phase]} (${hit.detail})`;
}

function hitEvidence(hits: readonly LimitHit[], all: readonly LimitHit[]): Evidence[] {
  return hits.map((hit) => ({
    location: `/sandbox/limitsHit/${all.indexOf(hit)}`,
    path: `sandbox.limitsHit[${hit.limit}]`,
    excerpt: describeHit(hit),
  }));
}

/** REL-10: the server runs within the sandbox's limits on memory, processes, CPU, time, file size and open files. */
export function checkLimits(facts: SandboxFacts): CheckResult {
  const hits = facts.limitsHit;
  const server = hits.filter((hit) => hit.phase === 'start' || hit.phase === 'calls');
  if (server.length > 0) {
    return fail(
      'REL-10',
      `The server ran into the sandbox's limits: ${server.map(describeHit).join('; ')}.`,
      hitEvidence(server, hits),
    );
  }
  if (hits.length > 0) {
    return partial(
      'REL-10',
      0.5,
      `Installing the package ran into the sandbox's limits: ${hits.map(describeHit).join('; ')}.`,
      hitEvidence(hits, hits),
    );
  }
  return pass('REL-10', 'Installing and running the server stayed within every limit of the sandbox.');
}

export function sandboxChecks(facts: SandboxFacts | null): CheckResult[] {
  if (!facts) {
    const reason = 'Remote server: it runs elsewhere, not in the evaluator’s sandbox.';
    return [notApplicable('SEC-13', reason), notApplicable('REL-10', reason)];
  }
  if (!facts.contained) {
    const reason = 'Evaluated without the sandbox (--no-sandbox): nothing was contained or observed.';
    return [notRun('SEC-13', reason), notRun('REL-10', reason)];
  }
  return [checkNetworkUse(facts), checkLimits(facts)];
}
