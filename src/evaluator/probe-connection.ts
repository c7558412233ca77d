/**
 * One connection to the server under evaluation, as a given client: the SDK client introduces
 * itself with that identity and the capabilities an ordinary client declares (roots, sampling,
 * elicitation: see probe-server-requests.ts), the start is timed, and a start that times out is
 * retried once with a longer limit, since a busy machine must not fail a server. list_changed notifications are counted so a listing can be repeated.
 */
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ListRootsRequestSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ClientIdentity } from '../core/checks/check-policy.ts';
import { escapeInvisible } from '../core/checks/escape-text.ts';
import type { ConnectionFacts } from '../core/checks/server/probe-facts.ts';
import {
  classifyStartFailure,
  type StartFailure,
  type StartObservation,
} from '../core/checks/server/start-failure.ts';
import {
  recordServerRequests,
  SERVER_REQUEST_CAPABILITIES,
  type ServerRequestRecord,
} from './probe-server-requests.ts';
import type { ProcessTransport } from './stdio-transport.ts';
import { TapTransport } from './tap-transport.ts';

/** What a process left behind when it did not start: how it ended and what it printed. */
export type StartEvidence = Pick<StartObservation, 'exit' | 'stderr' | 'stdout' | 'url'>;

/** A way to open fresh connections to the server under evaluation. */
export interface ServerLauncher {
  transport: 'stdio' | 'streamable-http';
  url?: string;
  /**
   * `failure` says what the server left behind (or, for in-process servers, a sentence), or why
   * nothing could be started at all, already classified.
   */
  open(): {
    transport: Transport;
    stdio?: ProcessTransport;
    failure(): Promise<StartEvidence | string | StartFailure>;
  };
}

export interface OpenConnection {
  client: Client;
  tap: TapTransport;
  stdio?: ProcessTransport;
  facts: ConnectionFacts;
  /** list_changed notifications of any list since the counter was last read. */
  takeNotifications(): string[];
  /** Sampling and elicitation requests the server sent since they were last taken. */
  takeServerRequests(): ServerRequestRecord[];
}

export function errorText(error: unknown): string {
  return escapeInvisible(error instanceof Error ? error.message : String(error)).slice(0, 300);
}

export function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

export async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

class TimedOut extends Error {}

interface Attempt {
  connection: OpenConnection;
  timedOut: boolean;
}

async function attempt(
  launcher: ServerLauncher,
  identity: ClientIdentity,
  connectionNumber: number,
  timeoutMs: number,
): Promise<Attempt> {
  const opened = launcher.open();
  const tap = new TapTransport(opened.transport);
  const client = new Client(
    { name: identity.name, version: identity.version },
    { capabilities: { roots: { listChanged: true }, ...SERVER_REQUEST_CAPABILITIES } },
  );
  const facts: ConnectionFacts = {
    identity: identity.name,
    connection: connectionNumber,
    started: false,
    listChangedNotifications: 0,
    listChangedBeforeListing: 0,
  };
  const pending: string[] = [];
  const notified = (method: string) => () => {
    pending.push(method);
    if (facts.toolsSha256 === undefined)
      facts.listChangedBeforeListing = (facts.listChangedBeforeListing ?? 0) + 1;
    else facts.listChangedNotifications += 1;
  };
  client.setNotificationHandler(
    ToolListChangedNotificationSchema,
    notified('notifications/tools/list_changed'),
  );
  client.setNotificationHandler(
    PromptListChangedNotificationSchema,
    notified('notifications/prompts/list_changed'),
  );
  client.setNotificationHandler(
    ResourceListChangedNotificationSchema,
    notified('notifications/resources/list_changed'),
  );
  // An ordinary client answers roots/list; the evaluator shares no folder.
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
  const serverRequests = recordServerRequests(client);
  const connection: OpenConnection = {
    client,
    tap,
    ...(opened.stdio ? { stdio: opened.stdio } : {}),
    facts,
    takeNotifications: () => pending.splice(0),
    takeServerRequests: () => serverRequests.splice(0),
  };
  const started = performance.now();
  try {
    await withDeadline(client.connect(tap, { timeout: timeoutMs }), timeoutMs, 'initialize');
    facts.started = true;
    facts.initializeMs = Math.round(performance.now() - started);
    return { connection, timedOut: false };
  } catch (error) {
    const left = await opened.failure();
    if (typeof left !== 'string' && 'class' in left) {
      facts.error = left.reason;
      facts.failure = left;
      return { connection, timedOut: false };
    }
    const evidence: StartEvidence =
      typeof left === 'string' ? { exit: null, stderr: left, stdout: [] } : left;
    const timedOut =
      error instanceof TimedOut ||
      /timed? ?out|took longer/i.test(error instanceof Error ? error.message : '');
    const failure = classifyStartFailure({
      ...evidence,
      // A start that timed out was still running: any exit seen now is the evaluator's own kill.
      ...(timedOut ? { exit: null } : {}),
      clientError: errorText(error),
      timedOut,
      waitedMs: timeoutMs,
    });
    facts.error = failure.reason;
    facts.failure = failure;
    return { connection, timedOut };
  }
}

export async function closeQuietly(connection: OpenConnection): Promise<void> {
  try {
    await connection.client.close();
  } catch {
    // The server may already be gone.
  }
}

/**
 * Connects as `identity`; a start that timed out (not one that crashed) is tried once more with
 * `retryTimeoutMs`, and the facts say how many attempts it took.
 */
export async function connect(
  launcher: ServerLauncher,
  identity: ClientIdentity,
  connectionNumber: number,
  timeoutMs: number,
  retryTimeoutMs: number,
): Promise<OpenConnection> {
  const first = await attempt(launcher, identity, connectionNumber, timeoutMs);
  if (first.connection.facts.started || !first.timedOut) return first.connection;
  await closeQuietly(first.connection);
  const second = await attempt(launcher, identity, connectionNumber, retryTimeoutMs);
  second.connection.facts.attempts = 2;
  if (!second.connection.facts.started) {
    second.connection.facts.error = `${second.connection.facts.error} (tried twice: ${timeoutMs / 1000} s, then ${retryTimeoutMs / 1000} s)`;
  }
  return second.connection;
}
