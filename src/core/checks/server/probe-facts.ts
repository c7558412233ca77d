/**
 * What the evaluator observed while running an MCP server: the measurements the runtime checks
 * are computed from. The evaluator gathers them (I/O); `runtime-checks.ts` checks them (pure).
 */

import type { StartFailure } from './start-failure.ts';

export interface ConnectionFacts {
  /** The `clientInfo.name` the evaluator introduced itself with. */
  identity: string;
  /** 1-based position among the evaluator's connections. */
  connection?: number;
  started: boolean;
  /** Why the connection did not start or initialize. */
  error?: string;
  /** The same, classified: the line that matters, and what to do about it. */
  failure?: StartFailure;
  /** Why a later connection that started could not list its definitions (so it was not compared). */
  listingError?: string;
  /** Starts tried: a start that timed out is tried once more with a longer limit. */
  attempts?: number;
  initializeMs?: number;
  /** SHA-256 of the canonical tools/list (tools sorted by name). */
  toolsSha256?: string;
  /** Names of the tools, to say which ones changed between connections. */
  toolDigests?: Record<string, string>;
  /** tools/list_changed notifications after the tools were first listed (a change the client saw). */
  listChangedNotifications: number;
  /** Notifications before the first listing: the server finishing its own setup, shown but not held against it. */
  listChangedBeforeListing?: number;
}

export interface CapabilityProbe {
  capability: string;
  method: string;
  advertised: boolean;
  outcome: 'ok' | 'method-not-found' | 'error';
  detail?: string;
}

export interface PaginationFacts {
  method: string;
  pages: number;
  repeatedItems: string[];
  cursorLoop: boolean;
  error?: string;
}

export type InvalidCallOutcome = 'json-rpc-error' | 'is-error-result' | 'success-result' | 'no-answer';

export interface InvalidCallFacts {
  probe: 'unknown-tool' | 'invalid-arguments';
  tool?: string;
  /** The arguments sent, for the record. */
  arguments?: unknown;
  outcome: InvalidCallOutcome;
  code?: number;
  detail?: string;
}

export type SmokeOutcome = 'ok' | 'is-error' | 'invalid-structured-content' | 'no-answer' | 'protocol-error';

export interface SmokeCallFacts {
  tool: string;
  arguments: unknown;
  outcome: SmokeOutcome;
  detail?: string;
}

export interface StdioFacts {
  /** Lines on stdout that were not JSON-RPC messages (first few, escaped). */
  strayLines: string[];
  strayLineCount: number;
  /** Milliseconds from closing stdin to exit; null when it had not exited by the deadline. */
  exitAfterStdinCloseMs: number | null;
}

export interface ProbeFacts {
  transport: 'stdio' | 'streamable-http';
  url?: string;
  connections: ConnectionFacts[];
  protocolVersion?: string;
  serverName?: string;
  serverVersion?: string;
  capabilityProbes: CapabilityProbe[];
  toolsAdvertised: boolean;
  listLatenciesMs: number[];
  ping: { ok: boolean; detail?: string } | null;
  pagination: PaginationFacts[];
  invalidCalls: InvalidCallFacts[];
  /** Whether the server still answered after the invalid calls; null when none could be made. */
  aliveAfterInvalidCalls: boolean | null;
  smokeCalls: SmokeCallFacts[];
  /** Read-only tools left out of smoke calls because the harness could not fill their arguments. */
  smokeSkipped: string[];
  stdio?: StdioFacts;
}
