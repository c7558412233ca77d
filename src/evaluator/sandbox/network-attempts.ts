/**
 * The network attempts of one evaluation, from the two places they are seen: the install proxy's
 * log (fetch and install-script steps) and the lines the in-sandbox watch wrote while the server
 * ran. Each attempt gets the phase it happened in (from the evaluator's own timeline), whether the
 * contributor's configuration names its host, and a count; connections a server made to its own
 * loopback inside the sandbox are its own business and left out.
 */
import type { NetworkAttempt, SandboxPhase } from '../../core/checks/server/sandbox-facts.ts';
import type { EgressRecord } from './egress-proxy.ts';

export interface WatchLine {
  t: number;
  kind: 'tcp' | 'tcp-result' | 'udp' | 'dns';
  id?: string;
  host?: string;
  port?: number;
  outcome?: string;
}

/** When each phase of the server run began, oldest first. */
export type Timeline = readonly { at: number; phase: SandboxPhase }[];

const MAX_ATTEMPTS = 50;
const MAX_LINES = 5_000;

/** Parses the watch file; lines that are not the watch's own (a package can write there too) are skipped. */
export function parseWatchLines(text: string): WatchLine[] {
  const lines: WatchLine[] = [];
  for (const raw of text.split('\n').slice(0, MAX_LINES)) {
    if (raw.trim() === '') continue;
    try {
      const value = JSON.parse(raw) as Partial<WatchLine>;
      if (typeof value.t !== 'number' || !['tcp', 'tcp-result', 'udp', 'dns'].includes(String(value.kind)))
        continue;
      lines.push({
        t: value.t,
        kind: value.kind as WatchLine['kind'],
        ...(typeof value.id === 'string' ? { id: value.id.slice(0, 64) } : {}),
        ...(typeof value.host === 'string' ? { host: value.host.slice(0, 253) } : {}),
        ...(typeof value.port === 'number' ? { port: value.port } : {}),
        ...(typeof value.outcome === 'string' ? { outcome: value.outcome } : {}),
      });
    } catch {
      // not a watch line
    }
  }
  return lines;
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(bare) ||
    bare === '::1' ||
    bare === '::ffff:127.0.0.1' ||
    bare === '0.0.0.0' ||
    bare === '::'
  );
}

function phaseAt(timeline: Timeline, at: number): SandboxPhase {
  let phase: SandboxPhase = 'start';
  for (const entry of timeline) if (entry.at <= at) phase = entry.phase;
  return phase;
}

function hostOf(destination: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(destination);
  if (bracketed) return bracketed[1]!;
  return destination.replace(/:\d+$/, '');
}

/** Whether a host is named in the configuration the contributor gave (values of --env, server arguments). */
export function configuredHost(host: string, configuration: readonly string[]): boolean {
  const wanted = host.toLowerCase();
  return wanted !== '' && configuration.some((value) => value.toLowerCase().includes(wanted));
}

export function networkAttempts(
  lines: readonly WatchLine[],
  timeline: Timeline,
  proxy: readonly EgressRecord[],
  configuration: readonly string[],
  networkOn: boolean,
): NetworkAttempt[] {
  const results = new Map<string, string>();
  for (const line of lines)
    if (line.kind === 'tcp-result' && line.id && line.outcome) results.set(line.id, line.outcome);
  const counted = new Map<string, NetworkAttempt>();
  const add = (attempt: Omit<NetworkAttempt, 'count' | 'configured'>) => {
    const key = `${attempt.phase}|${attempt.kind}|${attempt.destination}|${attempt.outcome}`;
    const known = counted.get(key);
    if (known) known.count += 1;
    else
      counted.set(key, {
        ...attempt,
        configured: configuredHost(hostOf(attempt.destination), configuration),
        count: 1,
      });
  };
  for (const record of proxy) {
    add({
      phase: record.step === 'scripts' ? 'scripts' : 'fetch',
      kind: 'proxy',
      destination: `${record.host}:${record.port}`,
      outcome: record.allowed ? 'allowed' : 'denied',
    });
  }
  for (const line of lines) {
    if (line.kind === 'tcp-result' || !line.host) continue;
    const phase = phaseAt(timeline, line.t);
    if (line.kind === 'dns') {
      // Without the network no lookup can succeed; with it, the watch does not see the answer.
      if (!isLoopback(line.host))
        add({ phase, kind: 'dns', destination: line.host, outcome: networkOn ? 'allowed' : 'failed' });
      continue;
    }
    const outcome =
      line.kind === 'tcp' && line.id && results.get(line.id) === 'connected' ? 'connected' : 'failed';
    // A server talking to its own helper on the sandbox's loopback is not reaching the network.
    if (isLoopback(line.host) && outcome === 'connected') continue;
    if (line.kind === 'udp' && isLoopback(line.host)) continue;
    add({ phase, kind: line.kind, destination: `${line.host}:${line.port ?? 0}`, outcome });
  }
  return [...counted.values()].slice(0, MAX_ATTEMPTS);
}
