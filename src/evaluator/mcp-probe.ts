/**
 * Runs an MCP server through the SDK client and records what the checks need. The first
 * connection, as an ordinary client, does the whole session: it lists everything, reads prompts
 * and resources, calls the tools it may call, lists again after the calls and after any
 * list_changed notification, sends invalid calls, and times latency, ping and the exit. Later
 * connections, under other client identities, list, read and make the first calls again; the last
 * one then calls the tools that write, send or run (`mayCallLast`). Every listing becomes a face and
 * every text the server sent is kept, so the detection rules read all of it. Nothing here judges;
 * `core/checks` does.
 */
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { canonicalSha256 } from '../core/checks/canonical-json.ts';
import {
  CONTENT_TEXT_CHARS,
  EXPLORATION_CALL_TIMEOUT_MS,
  FACE_IDENTITIES,
  LIST_LATENCY_SAMPLES,
  MAX_ACTING_CALLS,
  MAX_EXPLORATION_CALLS,
  MAX_RECALLS_PER_CONNECTION,
  MAX_SMOKE_CALLS,
  NOTIFICATION_GRACE_MS,
  RECONNECT_STARTUP_FACTOR,
  SMOKE_CALL_TIMEOUT_MS,
  STARTUP_RETRY_TIMEOUT_MS,
  STARTUP_TIMEOUT_MS,
  STDIN_EXIT_TIMEOUT_MS,
} from '../core/checks/check-policy.ts';
import { asObject } from '../core/checks/schema-utils.ts';
import type {
  CapabilityProbe,
  ConnectionFacts,
  PaginationFacts,
  ProbeFacts,
} from '../core/checks/server/probe-facts.ts';
import { percentile } from '../core/checks/server/runtime-checks.ts';
import type { StartFailure } from '../core/checks/server/start-failure.ts';
import {
  type FaceDefinitions,
  type McpSnapshot,
  type ObservedContents,
  type SnapshotTool,
  toolsListValue,
} from '../core/checks/snapshot.ts';
import {
  type CallRecord,
  callTool,
  type ExplorePolicy,
  invalidArgumentsProbe,
  invalidCall,
  isSafeToCall,
  mayCallLast,
  mayExplore,
  plausibleArguments,
  smokeArguments,
  smokeFacts,
} from './probe-calls.ts';
import {
  closeQuietly,
  connect,
  errorCode,
  errorText,
  type OpenConnection,
  type ServerLauncher,
} from './probe-connection.ts';
import { fetchPrompts, fetchResources } from './probe-contents.ts';
import {
  FaceRecorder,
  type FullListing,
  LENIENT_PAGE,
  LIST_SCHEMAS,
  listEverything,
  REQUEST_TIMEOUT_MS,
} from './probe-listing.ts';
import type { ProcessTransport } from './stdio-transport.ts';

export { invalidArgumentsProbe, isSafeToCall, smokeArguments } from './probe-calls.ts';
export type { ServerLauncher } from './probe-connection.ts';

export interface ProbeResult {
  facts: ProbeFacts;
  snapshot: McpSnapshot | null;
  metrics: Record<string, number>;
}

export interface ProbeOptions {
  /** Which tools exploration calls may reach; read-only when the network is on or the server is remote. */
  explore?: ExplorePolicy;
  /** How long to wait for list_changed notifications after a call (in-process servers need less). */
  notificationGraceMs?: number;
  /** The first start's limit and the retry's (the rubric's 10 s and 30 s unless a test shortens them). */
  startupTimeoutMs?: number;
  startupRetryTimeoutMs?: number;
  /**
   * Told when the evaluator starts asking the server to act (reading prompts and resources,
   * calling tools) and when it goes back to only starting and listing, so that what the server
   * did (its network attempts) can be told apart.
   */
  onActivity?: (activity: 'start' | 'calls') => void;
}

export type Progress = (step: string) => void;

const ALIVE_TIMEOUT_MS = 5_000;
const METHOD_NOT_FOUND = -32601;
const UNKNOWN_TOOL = 'afscore_probe_no_such_tool';

export const IDENTITY_NAMES: readonly string[] = FACE_IDENTITIES.map((identity) => identity.name);

function toolDigests(tools: readonly SnapshotTool[]): Record<string, string> {
  return Object.fromEntries(tools.map((tool) => [tool.name, canonicalSha256(tool)]));
}

function noteTools(connection: OpenConnection, definitions: FaceDefinitions): void {
  connection.facts.toolsSha256 = canonicalSha256(toolsListValue({ tools: definitions.tools }));
  connection.facts.toolDigests = toolDigests(definitions.tools);
}

async function probeCapabilities(
  client: Client,
  capabilities: Record<string, unknown>,
  listed: ReadonlyMap<string, PaginationFacts>,
): Promise<CapabilityProbe[]> {
  const probes: CapabilityProbe[] = [];
  for (const [capability, method] of [
    ['tools', 'tools/list'],
    ['prompts', 'prompts/list'],
    ['resources', 'resources/list'],
  ] as const) {
    const advertised = capabilities[capability] !== undefined;
    const listing = listed.get(method);
    if (advertised && listing) {
      probes.push({
        capability,
        method,
        advertised,
        outcome: listing.error ? 'error' : 'ok',
        ...(listing.error ? { detail: listing.error } : {}),
      });
      continue;
    }
    try {
      await client.request({ method, params: {} }, LIST_SCHEMAS[method].schema, {
        timeout: REQUEST_TIMEOUT_MS,
      });
      probes.push({ capability, method, advertised, outcome: 'ok' });
    } catch (error) {
      const code = errorCode(error);
      probes.push({
        capability,
        method,
        advertised,
        outcome: code === METHOD_NOT_FOUND ? 'method-not-found' : 'error',
        detail: `${code ?? ''} ${errorText(error)}`.trim(),
      });
    }
  }
  return probes;
}

async function timeListings(client: Client): Promise<number[]> {
  const samples: number[] = [];
  for (let sample = 0; sample < LIST_LATENCY_SAMPLES; sample += 1) {
    const started = performance.now();
    try {
      // Timed leniently: a page the SDK's schema refuses still arrived (INT-01 judges its shape).
      await client.request({ method: 'tools/list', params: {} }, LENIENT_PAGE, {
        timeout: REQUEST_TIMEOUT_MS,
      });
      samples.push(Math.round(performance.now() - started));
    } catch {
      samples.push(REQUEST_TIMEOUT_MS);
    }
  }
  return samples;
}

async function ping(client: Client, timeout = REQUEST_TIMEOUT_MS): Promise<{ ok: boolean; detail?: string }> {
  try {
    await client.request({ method: 'ping' }, EmptyResultSchema, { timeout });
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: errorText(error) };
  }
}

async function waitForExit(stdio: ProcessTransport): Promise<number | null> {
  const started = performance.now();
  stdio.endInput();
  let timer: NodeJS.Timeout | undefined;
  const exited = await Promise.race([
    stdio.process.exited.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), STDIN_EXIT_TIMEOUT_MS + 500);
    }),
  ]);
  clearTimeout(timer);
  return exited ? Math.round(performance.now() - started) : null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clipped(text: string): { text: string; truncated?: true } {
  return text.length > CONTENT_TEXT_CHARS
    ? { text: text.slice(0, CONTENT_TEXT_CHARS), truncated: true }
    : { text };
}

/** The client name of a face's label ("cursor-vscode, connection 4" → "cursor-vscode"). */
function identityOf(face: string): string {
  const at = face.lastIndexOf(', connection ');
  return at === -1 ? face : face.slice(0, at);
}

/** The first connection's whole session. */
class Session {
  readonly contents: ObservedContents = { prompts: [], resources: [], tool_results: [], errors: [] };
  readonly connection: OpenConnection;
  readonly faces: FaceRecorder;
  readonly label: string;

  readonly graceMs: number;

  constructor(connection: OpenConnection, faces: FaceRecorder, label: string, graceMs: number) {
    this.connection = connection;
    this.faces = faces;
    this.label = label;
    this.graceMs = graceMs;
  }

  /** After a call or at the end: if the server announced a change, list again and record the face. */
  async relistIfNotified(after: string): Promise<void> {
    await pause(this.graceMs);
    const notifications = this.connection.takeNotifications();
    if (notifications.length === 0) return;
    const listing = await listEverything(this.connection);
    if (listing.failed !== null) return;
    this.faces.record(
      this.connection,
      listing.definitions,
      `${[...new Set(notifications)].join(', ')} (${after})`,
    );
  }

  /**
   * Keeps what a call returned; a text already kept for the same tool is not kept twice, but the
   * client name it was given to is added to it, so results shown only to some clients stand out.
   */
  keepResult(record: CallRecord, face: string = this.label): void {
    if (record.text.length === 0) return;
    const kept = clipped(record.text);
    const identity = identityOf(face);
    const results = this.contents.tool_results;
    const seen = results.find((result) => result.tool === record.tool && result.text === kept.text);
    if (seen) {
      if (!seen.identities?.includes(identity)) seen.identities = [...(seen.identities ?? []), identity];
      return;
    }
    results.push({
      tool: record.tool,
      is_error: record.isError,
      face: `${face}, tools/call ${record.tool}`,
      ...kept,
      identities: [identity],
    });
  }

  /** Keeps the sampling and elicitation requests `connection` received, as `face` saw them. */
  keepServerRequests(connection: OpenConnection, face: string): void {
    const kept = this.contents.server_requests ?? [];
    for (const request of connection.takeServerRequests()) {
      const text = clipped(request.text);
      if (text.text.length === 0) continue;
      if (kept.some((seen) => seen.method === request.method && seen.text === text.text)) continue;
      kept.push({ method: request.method, face, ...text });
    }
    if (kept.length > 0) this.contents.server_requests = kept;
  }

  keepError(method: string, text: string): void {
    if (text.length > 0) this.contents.errors.push({ method, face: this.label, ...clipped(text) });
  }
}

/**
 * Reads every prompt and resource as `face` sees them. A server may give one client a different
 * rules file, or swap a resource after a call, so this runs on every connection and again after
 * the exploration calls; a text already kept for the same prompt or resource is not kept twice.
 */
async function readContents(
  session: Session,
  definitions: FaceDefinitions,
  connection: OpenConnection = session.connection,
  face: string = session.label,
): Promise<void> {
  const { client } = connection;
  const { prompts, resources } = session.contents;
  for (const prompt of await fetchPrompts(client, definitions.prompts)) {
    const kept = clipped(prompt.text);
    if (prompt.error) session.keepError(`prompts/get ${prompt.name}`, prompt.text);
    else if (!prompts.some((seen) => seen.name === prompt.name && seen.text === kept.text)) {
      const turns = (prompt.assistantTurns ?? []).map((turn) => clipped(turn).text);
      prompts.push({
        name: prompt.name,
        face,
        ...kept,
        ...(turns.length > 0 ? { assistant_turns: turns } : {}),
      });
    }
  }
  for (const resource of await fetchResources(client, definitions.resources)) {
    const kept = clipped(resource.text);
    if (resource.error) session.keepError(`resources/read ${resource.uri}`, resource.text);
    else if (!resources.some((seen) => seen.uri === resource.uri && seen.text === kept.text))
      resources.push({ uri: resource.uri, face, ...kept });
  }
}

/** A call the first connection made, to be made again under the other identities. */
interface MadeCall {
  tool: SnapshotTool;
  args: Record<string, unknown>;
  timeoutMs: number;
}

async function callTools(
  session: Session,
  tools: readonly SnapshotTool[],
  policy: ExplorePolicy,
  facts: ProbeFacts,
): Promise<MadeCall[]> {
  const { client } = session.connection;
  const made: MadeCall[] = [];
  const called: string[] = [];
  for (const tool of tools.filter((item) => isSafeToCall(item, policy))) {
    const args = smokeArguments(tool);
    if (args === null) {
      facts.smokeSkipped.push(tool.name);
      continue;
    }
    if (facts.smokeCalls.length >= MAX_SMOKE_CALLS) break;
    const record = await callTool(client, tool, args, SMOKE_CALL_TIMEOUT_MS);
    facts.smokeCalls.push(smokeFacts(record));
    session.keepResult(record);
    called.push(tool.name);
    made.push({ tool, args, timeoutMs: SMOKE_CALL_TIMEOUT_MS });
    await session.relistIfNotified(`tools/call ${tool.name}`);
  }
  const explored = tools.filter((tool) => !called.includes(tool.name) && mayExplore(tool, policy));
  for (const tool of explored.slice(0, MAX_EXPLORATION_CALLS)) {
    const { args, alive } = await explore(session, session.connection, tool);
    if (!alive) break;
    made.push({ tool, args, timeoutMs: EXPLORATION_CALL_TIMEOUT_MS });
    await session.relistIfNotified(`tools/call ${tool.name}`);
  }
  return made;
}

/**
 * Calls a tool with plausible arguments and keeps what it answered under the face; `alive` is
 * false when it did not answer and the server no longer answers a ping either.
 */
async function explore(
  session: Session,
  connection: OpenConnection,
  tool: SnapshotTool,
  face?: string,
): Promise<{ args: Record<string, unknown>; alive: boolean }> {
  const args = plausibleArguments(tool);
  const record = await callTool(connection.client, tool, args, EXPLORATION_CALL_TIMEOUT_MS);
  session.keepResult(record, face);
  const alive = record.outcome !== 'no-answer' || (await ping(connection.client, ALIVE_TIMEOUT_MS)).ok;
  return { args, alive };
}

/**
 * A server may poison its results only for some clients (CyberArk's output poisoning aimed at
 * command-line agents), so the first calls that answered are made again under every identity.
 */
async function callAgain(
  session: Session,
  connection: OpenConnection,
  face: string,
  calls: readonly MadeCall[],
): Promise<void> {
  for (const call of calls.slice(0, MAX_RECALLS_PER_CONNECTION)) {
    const record = await callTool(connection.client, call.tool, call.args, call.timeoutMs);
    session.keepResult(record, face);
    if (record.outcome === 'no-answer') break;
  }
}

/** The facts of a server that never got to start (its package could not be installed). */
export function notStartedFacts(failure: StartFailure): ProbeFacts {
  return emptyFacts(
    { transport: 'stdio' },
    {
      identity: FACE_IDENTITIES[0]!.name,
      connection: 1,
      started: false,
      error: failure.reason,
      failure,
      listChangedNotifications: 0,
    },
  );
}

function emptyFacts(
  launcher: Pick<ServerLauncher, 'transport' | 'url'>,
  primary: ConnectionFacts,
): ProbeFacts {
  return {
    transport: launcher.transport,
    ...(launcher.url ? { url: launcher.url } : {}),
    connections: [primary],
    capabilityProbes: [],
    toolsAdvertised: false,
    listLatenciesMs: [],
    ping: null,
    pagination: [],
    invalidCalls: [],
    aliveAfterInvalidCalls: null,
    smokeCalls: [],
    smokeSkipped: [],
  };
}

function snapshotOf(connection: OpenConnection, definitions: FaceDefinitions): McpSnapshot {
  const initialize = connection.tap.initialize ?? {};
  return {
    kind: 'mcp-server',
    canonicalization: 'RFC8785',
    server: {
      ...(initialize.protocolVersion ? { protocol_version: initialize.protocolVersion } : {}),
      ...(definitions.server.name ? { name: definitions.server.name } : {}),
      ...(definitions.server.version ? { version: definitions.server.version } : {}),
      capabilities: asObject(initialize.capabilities) ?? {},
      ...(definitions.server.instructions !== undefined
        ? { instructions: definitions.server.instructions }
        : {}),
    },
    tools: definitions.tools,
    prompts: definitions.prompts,
    resources: definitions.resources,
    resource_templates: definitions.resource_templates,
    ...(definitions.unlisted ? { unlisted: definitions.unlisted } : {}),
  };
}

interface Limits {
  firstStartMs: number;
  startup: number;
  retry: number;
  graceMs: number;
}

const TIMED_OUT = /timed? ?out|timeout/i;

/**
 * Lists everything once more if the first try timed out (a busy machine answers late). A listing
 * that still fails is noted on the connection, which is then left out of every comparison.
 */
async function listUnlessFailed(connection: OpenConnection, progress: Progress): Promise<FullListing> {
  let listing = await listEverything(connection);
  if (listing.failed !== null && TIMED_OUT.test(listing.failed)) listing = await listEverything(connection);
  if (listing.failed !== null) {
    progress(
      `connection ${connection.facts.connection ?? 1} could not list (${listing.failed}); not compared`,
    );
    connection.facts.listingError = listing.failed;
  }
  for (const method of listing.definitions.unlisted ?? []) {
    const error = listing.pagination.get(method)?.error ?? 'failed';
    progress(`connection ${connection.facts.connection ?? 1}: ${method} failed (${error}); not compared`);
  }
  return listing;
}

/**
 * Tools that write, send or run, each called once, last: after every listing that is compared, so
 * what they change (a note added, a resource created) is never taken for a rug pull. Only what they
 * answer is read.
 */
async function callActingTools(
  session: Session,
  connection: OpenConnection,
  face: string,
  tools: readonly SnapshotTool[],
  policy: ExplorePolicy,
): Promise<void> {
  for (const tool of tools.filter((item) => mayCallLast(item, policy)).slice(0, MAX_ACTING_CALLS)) {
    if (!(await explore(session, connection, tool, face)).alive) break;
  }
}

/** What the later connections repeat, and under which policy the last one calls acting tools. */
interface Reconnection {
  limits: Limits;
  calls: readonly MadeCall[];
  policy: ExplorePolicy;
  onActivity: ProbeOptions['onActivity'];
}

/**
 * Later connections, under the other identities: list and read again, make the first calls again,
 * and list again after any notification; the last one then calls the acting tools. Reading and
 * calling are told apart from starting and listing (`onActivity`), so the network a call reaches
 * on a later connection is not taken for the server reaching out at start-up.
 */
async function reconnect(
  launcher: ServerLauncher,
  session: Session,
  faces: FaceRecorder,
  facts: ProbeFacts,
  plan: Reconnection,
  progress: Progress,
): Promise<void> {
  const { limits, calls, policy, onActivity } = plan;
  // A server that took long to start the first time gets as long again, and more, under load.
  const timeout = Math.max(limits.startup, RECONNECT_STARTUP_FACTOR * limits.firstStartMs);
  for (let index = 1; index < FACE_IDENTITIES.length; index += 1) {
    const identity = FACE_IDENTITIES[index]!;
    const last = index === FACE_IDENTITIES.length - 1;
    progress(`reconnecting as ${identity.name} (connection ${index + 1})`);
    const connection = await connect(launcher, identity, index + 1, timeout, Math.max(timeout, limits.retry));
    if (connection.facts.started) {
      const listing = await listUnlessFailed(connection, progress);
      if (listing.failed !== null) {
        if (last)
          progress('the last connection could not list, so no tool that writes, sends or runs was called');
        session.keepServerRequests(connection, `${identity.name}, connection ${index + 1}`);
        facts.connections.push(connection.facts);
        await closeQuietly(connection);
        continue;
      }
      noteTools(connection, listing.definitions);
      const face = faces.record(connection, listing.definitions);
      onActivity?.('calls');
      await readContents(session, listing.definitions, connection, face.label);
      await callAgain(session, connection, face.label, calls);
      await pause(limits.graceMs);
      onActivity?.('start');
      const notifications = connection.takeNotifications();
      if (notifications.length > 0) {
        const again = await listEverything(connection);
        if (again.failed === null)
          faces.record(connection, again.definitions, [...new Set(notifications)].join(', '));
      }
      if (last) {
        onActivity?.('calls');
        await callActingTools(session, connection, face.label, listing.definitions.tools, policy);
        await pause(limits.graceMs);
        onActivity?.('start');
      }
    }
    session.keepServerRequests(connection, `${identity.name}, connection ${index + 1}`);
    facts.connections.push(connection.facts);
    await closeQuietly(connection);
  }
}

export async function probeServer(
  launcher: ServerLauncher,
  progress: Progress = () => {},
  options: ProbeOptions = {},
): Promise<ProbeResult> {
  const policy = options.explore ?? (launcher.transport === 'stdio' ? 'non-destructive' : 'read-only');
  const primaryIdentity = FACE_IDENTITIES[0]!;
  progress(`starting the server as ${primaryIdentity.name} (connection 1)`);
  const startup = options.startupTimeoutMs ?? STARTUP_TIMEOUT_MS;
  const retry = options.startupRetryTimeoutMs ?? STARTUP_RETRY_TIMEOUT_MS;
  const primary = await connect(launcher, primaryIdentity, 1, startup, retry);
  const facts = emptyFacts(launcher, primary.facts);
  if (!primary.facts.started) {
    await closeQuietly(primary);
    return { facts, snapshot: null, metrics: {} };
  }
  const { client, tap } = primary;
  const initialize = tap.initialize ?? {};
  const capabilities = asObject(initialize.capabilities) ?? {};
  facts.protocolVersion = initialize.protocolVersion;
  facts.serverName = initialize.serverInfo?.name;
  facts.serverVersion = initialize.serverInfo?.version;
  facts.toolsAdvertised = capabilities.tools !== undefined;

  progress('listing tools, prompts and resources');
  const faces = new FaceRecorder();
  const listing = await listUnlessFailed(primary, progress);
  noteTools(primary, listing.definitions);
  const label =
    listing.failed === null
      ? faces.record(primary, listing.definitions).label
      : `${primaryIdentity.name}, connection 1`;
  const graceMs = options.notificationGraceMs ?? NOTIFICATION_GRACE_MS;
  const session = new Session(primary, faces, label, graceMs);
  facts.pagination = [...listing.pagination.values()];
  let snapshot = snapshotOf(primary, listing.definitions);
  await session.relistIfNotified('the first listing');

  progress('probing capabilities, latency and ping');
  facts.capabilityProbes = await probeCapabilities(client, capabilities, listing.pagination);
  if (facts.toolsAdvertised) facts.listLatenciesMs = await timeListings(client);
  facts.ping = await ping(client);

  progress('reading prompts and resources');
  options.onActivity?.('calls');
  await readContents(session, listing.definitions);

  let calls: MadeCall[] = [];
  if (facts.toolsAdvertised) {
    progress('calling tools');
    calls = await callTools(session, snapshot.tools, policy, facts);
    const called = calls.map((call) => call.tool.name);
    if (called.length > 0) {
      const after = await listEverything(primary);
      if (after.failed === null) {
        const face = faces.record(
          primary,
          after.definitions,
          `tools/call ${called.slice(0, 3).join(', ')}${called.length > 3 ? ` and ${called.length - 3} more` : ''}`,
        );
        await readContents(session, after.definitions, primary, face.label);
      } else progress(`listing again after the calls failed (${after.failed}); not compared`);
    }
    progress('sending invalid calls');
    const unknown = await invalidCall(client, 'unknown-tool', UNKNOWN_TOOL, {});
    facts.invalidCalls.push(unknown.facts);
    session.keepError('tools/call (unknown tool)', unknown.text);
    const target = invalidArgumentsProbe(snapshot.tools, policy);
    if (target) {
      const invalid = await invalidCall(client, 'invalid-arguments', target.tool.name, target.args);
      facts.invalidCalls.push(invalid.facts);
      session.keepError(`tools/call ${target.tool.name} (invalid arguments)`, invalid.text);
    }
    facts.aliveAfterInvalidCalls = (await ping(client, ALIVE_TIMEOUT_MS)).ok;
  }
  options.onActivity?.('start');

  if (primary.stdio) {
    progress('closing stdin and timing the exit');
    const exitAfterStdinCloseMs = await waitForExit(primary.stdio);
    const stray = primary.stdio.strayOutput();
    facts.stdio = { strayLines: stray.lines, strayLineCount: stray.count, exitAfterStdinCloseMs };
  }
  session.keepServerRequests(primary, label);
  await closeQuietly(primary);

  await reconnect(
    launcher,
    session,
    faces,
    facts,
    {
      limits: { firstStartMs: primary.facts.initializeMs ?? 0, startup, retry, graceMs },
      calls,
      policy,
      onActivity: options.onActivity,
    },
    progress,
  );

  // A first connection that could not list leaves the top-level lists to the first one that did.
  if (listing.failed !== null && faces.first) snapshot = snapshotOf(primary, faces.first);
  snapshot.faces = faces.faces;
  // Connections that never started, or started and could not list, left nothing to compare.
  const unreached = facts.connections
    .filter((connection) => !connection.started || connection.listingError !== undefined)
    .map((connection) => ({
      identity: connection.identity,
      connection: connection.connection ?? 0,
      error: connection.started
        ? `started, but could not list: ${connection.listingError}`
        : (connection.error ?? 'did not start'),
    }));
  if (unreached.length > 0) snapshot.unreached = unreached;
  const { contents } = session;
  if (Object.values(contents).some((list) => (list ?? []).length > 0)) snapshot.contents = contents;
  const metrics: Record<string, number> = {
    initialize_ms: primary.facts.initializeMs ?? 0,
    tool_count: snapshot.tools.length,
    prompt_count: snapshot.prompts.length,
    resource_count: snapshot.resources.length,
    faces_seen: faces.faces.length,
  };
  if (facts.listLatenciesMs.length > 0) metrics.tools_list_ms_p95 = percentile(facts.listLatenciesMs, 0.95);
  return { facts, snapshot, metrics };
}
