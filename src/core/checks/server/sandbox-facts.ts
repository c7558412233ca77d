/**
 * What the evaluator's sandbox saw and stopped while a package installed and ran: the limits it
 * hit and the network attempts it saw. The evaluator gathers them (I/O); `sandbox-checks.ts`
 * checks them (pure). They are also kept in the document's `inputs.sandbox`, so a reviewer reads
 * the facts behind SEC-13 and REL-10.
 */

/** When something happened: fetching the package, its install scripts, the server starting and being listed, or the evaluator calling its tools. */
export type SandboxPhase = 'fetch' | 'scripts' | 'start' | 'calls';

export type LimitKind = 'memory' | 'processes' | 'cpu' | 'wall' | 'file-size' | 'open-files';

export interface LimitHit {
  limit: LimitKind;
  phase: SandboxPhase;
  /** How it was seen: a signal, the kernel's refusal in the output, or the evaluator's own measurement. */
  detail: string;
}

export interface NetworkAttempt {
  phase: SandboxPhase;
  /** `tcp` and `udp` are connections, `dns` a name lookup, `proxy` a request through the install proxy. */
  kind: 'tcp' | 'udp' | 'dns' | 'proxy';
  /** `host:port` (or the name looked up). */
  destination: string;
  /** `allowed`: the install proxy let it through; `connected`: it reached its destination (network on, or loopback inside the sandbox); otherwise it was refused or failed. */
  outcome: 'allowed' | 'denied' | 'connected' | 'failed';
  /** The host appears in the configuration the contributor gave the server (an --env value or an argument). */
  configured: boolean;
  count: number;
}

export interface SandboxFacts {
  /** False for a run made with --no-sandbox: nothing was contained or observed. */
  contained: boolean;
  /** Whether the server ran with the network (--network). */
  network: boolean;
  limitsHit: LimitHit[];
  networkAttempts: NetworkAttempt[];
  /** Install scripts ran and failed (the evaluation went on with what was installed). */
  scriptsFailed?: string;
}
