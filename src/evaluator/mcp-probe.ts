/**
 * Runs an MCP server through the SDK client and records what the runtime checks need: start-up,
 * the listings (the snapshot), capability honesty, latency, ping and paging, invalid and smoke
 * calls, stdout hygiene and exit, and the tool list on fresh connections under two identities.
 * Nothing here judges; `core/checks/runtime-checks.ts` does.
 */
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  EmptyResultSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListToolsResultSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { canonicalSha256 } from '../core/checks/canonical-json.ts';
import {
  LIST_LATENCY_SAMPLES,
  MAX_LIST_PAGES,
  MAX_SMOKE_CALLS,
  SMOKE_CALL_TIMEOUT_MS,
  STABILITY_CONNECTIONS,
  STARTUP_TIMEOUT_MS,
  STDIN_EXIT_TIMEOUT_MS,
} from '../core/checks/check-policy.ts';
import { escapeInvisible } from '../core/checks/escape-text.ts';
import type {
  CapabilityProbe,
  ConnectionFacts,
  InvalidCallFacts,
  PaginationFacts,
  ProbeFacts,
  SmokeCallFacts,
} from '../core/checks/probe-facts.ts';
import { percentile } from '../core/checks/runtime-checks.ts';
import { asObject, propertiesOf, requiredOf, typesOf } from '../core/checks/schema-utils.ts';
import { instanceProblem } from '../core/checks/schema-validity.ts';
import { type McpSnapshot, type SnapshotTool, sortByName, toolsListValue } from '../core/checks/snapshot.ts';
import type { ProcessTransport } from './stdio-transport.ts';
import { TapTransport } from './tap-transport.ts';

/** A way to open fresh connections to the server under evaluation. */
export interface ServerLauncher {
  transport: 'stdio' | 'streamable-http';
  url?: string;
  open(): { transport: Transport; stdio?: ProcessTransport; failure(): Promise<string> };
}

export interface ClientIdentity {
  name: string;
  version: string;
}

export interface ProbeResult {
  facts: ProbeFacts;
  snapshot: McpSnapshot | null;
  metrics: Record<string, number>;
}

const REQUEST_TIMEOUT_MS = 15_000;
const ALIVE_TIMEOUT_MS = 5_000;
const METHOD_NOT_FOUND = -32601;
const REQUEST_TIMEOUT = -32001;
const CONNECTION_CLOSED = -32000;
const UNKNOWN_TOOL = 'afscore_probe_no_such_tool';

interface OpenConnection {
  client: Client;
  tap: TapTransport;
  stdio?: ProcessTransport;
  facts: ConnectionFacts;
}

function errorText(error: unknown): string {
  return escapeInvisible(error instanceof Error ? error.message : String(error)).slice(0, 300);
}

function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function connect(launcher: ServerLauncher, identity: ClientIdentity): Promise<OpenConnection> {
  const opened = launcher.open();
  const tap = new TapTransport(opened.transport);
  const client = new Client({ name: identity.name, version: identity.version }, { capabilities: {} });
  const facts: ConnectionFacts = {
    identity: identity.name,
    started: false,
    listChangedNotifications: 0,
    listChangedBeforeListing: 0,
  };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    if (facts.toolsSha256 === undefined)
      facts.listChangedBeforeListing = (facts.listChangedBeforeListing ?? 0) + 1;
    else facts.listChangedNotifications += 1;
  });
  const started = performance.now();
  try {
    await withDeadline(
      client.connect(tap, { timeout: STARTUP_TIMEOUT_MS }),
      STARTUP_TIMEOUT_MS,
      'initialize',
    );
    facts.started = true;
    facts.initializeMs = Math.round(performance.now() - started);
  } catch (error) {
    const detail = await opened.failure();
    facts.error = `${errorText(error)}${detail ? ` (${detail})` : ''}`;
  }
  return { client, tap, ...(opened.stdio ? { stdio: opened.stdio } : {}), facts };
}

interface Listing<T> {
  items: T[];
  pagination: PaginationFacts;
}

type ListMethod = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';

const LISTS = {
  'tools/list': { schema: ListToolsResultSchema, key: 'tools', id: 'name' },
  'prompts/list': { schema: ListPromptsResultSchema, key: 'prompts', id: 'name' },
  'resources/list': { schema: ListResourcesResultSchema, key: 'resources', id: 'uri' },
  'resources/templates/list': {
    schema: ListResourceTemplatesResultSchema,
    key: 'resourceTemplates',
    id: 'uriTemplate',
  },
} as const;

async function listAll<T>(client: Client, method: ListMethod): Promise<Listing<T>> {
  const { schema, key, id } = LISTS[method];
  const items: T[] = [];
  const pagination: PaginationFacts = { method, pages: 0, repeatedItems: [], cursorLoop: false };
  const seenItems = new Set<string>();
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      const result = (await client.request(
        { method, params: cursor === undefined ? {} : { cursor } },
        schema,
        { timeout: REQUEST_TIMEOUT_MS },
      )) as Record<string, unknown>;
      pagination.pages += 1;
      for (const item of (result[key] as T[]) ?? []) {
        const itemId = String((item as Record<string, unknown>)[id]);
        if (seenItems.has(itemId)) pagination.repeatedItems.push(itemId);
        seenItems.add(itemId);
        items.push(item);
      }
      const next = result.nextCursor;
      if (typeof next !== 'string' || next === '') break;
      if (seenCursors.has(next)) {
        pagination.cursorLoop = true;
        break;
      }
      seenCursors.add(next);
      cursor = next;
    }
  } catch (error) {
    pagination.error = errorText(error);
  }
  return { items, pagination };
}

function toolDigests(tools: readonly SnapshotTool[]): Record<string, string> {
  return Object.fromEntries(tools.map((tool) => [tool.name, canonicalSha256(tool)]));
}

async function recordTools(connection: OpenConnection): Promise<SnapshotTool[] | null> {
  const listing = await listAll<SnapshotTool>(connection.client, 'tools/list');
  if (listing.pagination.error) return null;
  const tools = sortByName(listing.items);
  connection.facts.toolsSha256 = canonicalSha256(toolsListValue({ tools }));
  connection.facts.toolDigests = toolDigests(tools);
  return tools;
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
      await client.request({ method, params: {} }, LISTS[method].schema, { timeout: REQUEST_TIMEOUT_MS });
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
      await client.request({ method: 'tools/list', params: {} }, ListToolsResultSchema, {
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

/** A value the schema states itself: a default, const, first enum value or first example. */
function statedValue(schema: Record<string, unknown>): { ok: true; value: unknown } | { ok: false } {
  if ('default' in schema) return { ok: true, value: schema.default };
  if ('const' in schema) return { ok: true, value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { ok: true, value: schema.enum[0] };
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return { ok: true, value: schema.examples[0] };
  return { ok: false };
}

/** Arguments for a smoke call, using only values the schema states; null when a required one has none. */
export function smokeArguments(tool: SnapshotTool): Record<string, unknown> | null {
  const args: Record<string, unknown> = {};
  const properties = new Map(propertiesOf(tool.inputSchema));
  for (const name of requiredOf(tool.inputSchema).sort()) {
    const stated = statedValue(properties.get(name) ?? {});
    if (!stated.ok) return null;
    args[name] = stated.value;
  }
  return args;
}

/** Read-only and not declared open-world or destructive: safe to call in the sandbox. */
export function isSafeToCall(tool: SnapshotTool): boolean {
  const hints = tool.annotations ?? {};
  return hints.readOnlyHint === true && hints.openWorldHint !== true && hints.destructiveHint !== true;
}

async function smokeCalls(
  client: Client,
  tools: readonly SnapshotTool[],
): Promise<{ calls: SmokeCallFacts[]; skipped: string[] }> {
  const calls: SmokeCallFacts[] = [];
  const skipped: string[] = [];
  for (const tool of tools.filter(isSafeToCall)) {
    const args = smokeArguments(tool);
    if (args === null) {
      skipped.push(tool.name);
      continue;
    }
    if (calls.length >= MAX_SMOKE_CALLS) break;
    calls.push(await smokeCall(client, tool, args));
  }
  return { calls, skipped };
}

async function smokeCall(
  client: Client,
  tool: SnapshotTool,
  args: Record<string, unknown>,
): Promise<SmokeCallFacts> {
  const call = { tool: tool.name, arguments: args };
  try {
    const result = await client.request(
      { method: 'tools/call', params: { name: tool.name, arguments: args } },
      CallToolResultSchema,
      { timeout: SMOKE_CALL_TIMEOUT_MS },
    );
    if (result.isError) return { ...call, outcome: 'is-error', detail: firstText(result.content) };
    if (asObject(tool.outputSchema)) {
      if (result.structuredContent === undefined) {
        return {
          ...call,
          outcome: 'invalid-structured-content',
          detail: 'outputSchema declared but no structuredContent returned',
        };
      }
      const problem = instanceProblem(tool.outputSchema, result.structuredContent);
      if (problem)
        return {
          ...call,
          outcome: 'invalid-structured-content',
          detail: escapeInvisible(problem).slice(0, 200),
        };
    }
    return { ...call, outcome: 'ok' };
  } catch (error) {
    const code = errorCode(error);
    const outcome = code === REQUEST_TIMEOUT || code === CONNECTION_CLOSED ? 'no-answer' : 'protocol-error';
    return { ...call, outcome, detail: errorText(error) };
  }
}

function firstText(content: unknown): string {
  const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined) : undefined;
  return escapeInvisible(typeof first?.text === 'string' ? first.text : '').slice(0, 200);
}

/** A tool to send invalid arguments to (read-only ones first) and the invalid arguments. */
export function invalidArgumentsProbe(
  tools: readonly SnapshotTool[],
): { tool: SnapshotTool; args: Record<string, unknown> } | null {
  const ordered = [...tools.filter(isSafeToCall), ...tools.filter((tool) => !isSafeToCall(tool))];
  for (const tool of ordered) {
    if (requiredOf(tool.inputSchema).length > 0) return { tool, args: {} };
  }
  for (const tool of ordered) {
    for (const [name, schema] of propertiesOf(tool.inputSchema)) {
      const types = typesOf(schema);
      if (types.length === 0) continue;
      const wrong = types.includes('string') ? 12345 : 'not-a-valid-value';
      return { tool, args: { [name]: wrong } };
    }
  }
  return null;
}

async function invalidCall(
  client: Client,
  probe: InvalidCallFacts['probe'],
  name: string,
  args: unknown,
): Promise<InvalidCallFacts> {
  const base = { probe, ...(probe === 'invalid-arguments' ? { tool: name, arguments: args } : {}) };
  try {
    const result = await client.request(
      { method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } },
      CallToolResultSchema,
      { timeout: REQUEST_TIMEOUT_MS },
    );
    return result.isError
      ? { ...base, outcome: 'is-error-result', detail: firstText(result.content) }
      : { ...base, outcome: 'success-result' };
  } catch (error) {
    const code = errorCode(error);
    if (code === REQUEST_TIMEOUT || code === CONNECTION_CLOSED || code === undefined) {
      return { ...base, outcome: 'no-answer', detail: errorText(error) };
    }
    return { ...base, outcome: 'json-rpc-error', code, detail: errorText(error) };
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

async function closeQuietly(connection: OpenConnection): Promise<void> {
  try {
    await connection.client.close();
  } catch {
    // The server may already be gone.
  }
}

export type Progress = (step: string) => void;

export const PRIMARY_IDENTITY: ClientIdentity = { name: 'afscore-evaluator', version: '1' };
/** A second, well-known client name: bait-and-switch servers behave differently for it (mcp-shield --identify-as). */
export const SECOND_IDENTITY: ClientIdentity = { name: 'claude-ai', version: '0.1.0' };

function emptyFacts(launcher: ServerLauncher, primary: ConnectionFacts): ProbeFacts {
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

export async function probeServer(
  launcher: ServerLauncher,
  progress: Progress = () => {},
): Promise<ProbeResult> {
  progress('starting the server (connection 1)');
  const primary = await connect(launcher, PRIMARY_IDENTITY);
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
  const listed = new Map<string, PaginationFacts>();
  const tools = await listAll<SnapshotTool>(client, 'tools/list');
  listed.set('tools/list', tools.pagination);
  const sortedTools = sortByName(tools.items);
  primary.facts.toolsSha256 = canonicalSha256(toolsListValue({ tools: sortedTools }));
  primary.facts.toolDigests = toolDigests(sortedTools);
  const prompts =
    capabilities.prompts !== undefined
      ? await listAll<McpSnapshot['prompts'][number]>(client, 'prompts/list')
      : null;
  if (prompts) listed.set('prompts/list', prompts.pagination);
  const resources =
    capabilities.resources !== undefined
      ? await listAll<McpSnapshot['resources'][number]>(client, 'resources/list')
      : null;
  if (resources) listed.set('resources/list', resources.pagination);
  const templates =
    capabilities.resources !== undefined
      ? await listAll<McpSnapshot['resource_templates'][number]>(client, 'resources/templates/list')
      : null;
  facts.pagination = [...listed.values()];
  const snapshot: McpSnapshot = {
    kind: 'mcp-server',
    canonicalization: 'RFC8785',
    server: {
      ...(initialize.protocolVersion ? { protocol_version: initialize.protocolVersion } : {}),
      ...(initialize.serverInfo?.name ? { name: initialize.serverInfo.name } : {}),
      ...(initialize.serverInfo?.version ? { version: initialize.serverInfo.version } : {}),
      capabilities,
      ...(typeof initialize.instructions === 'string' ? { instructions: initialize.instructions } : {}),
    },
    tools: sortedTools,
    prompts: sortByName(prompts?.items ?? []),
    resources: [...(resources?.items ?? [])].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0)),
    resource_templates: [...(templates?.items ?? [])].sort((a, b) =>
      a.uriTemplate < b.uriTemplate ? -1 : a.uriTemplate > b.uriTemplate ? 1 : 0,
    ),
  };

  progress('probing capabilities, latency and ping');
  facts.capabilityProbes = await probeCapabilities(client, capabilities, listed);
  if (facts.toolsAdvertised) facts.listLatenciesMs = await timeListings(client);
  facts.ping = await ping(client);

  if (facts.toolsAdvertised) {
    progress('calling read-only tools');
    const smoke = await smokeCalls(client, sortedTools);
    facts.smokeCalls = smoke.calls;
    facts.smokeSkipped = smoke.skipped;
    progress('sending invalid calls');
    facts.invalidCalls.push(await invalidCall(client, 'unknown-tool', UNKNOWN_TOOL, {}));
    const target = invalidArgumentsProbe(sortedTools);
    if (target)
      facts.invalidCalls.push(await invalidCall(client, 'invalid-arguments', target.tool.name, target.args));
    facts.aliveAfterInvalidCalls = (await ping(client, ALIVE_TIMEOUT_MS)).ok;
  }

  if (primary.stdio) {
    progress('closing stdin and timing the exit');
    const exitAfterStdinCloseMs = await waitForExit(primary.stdio);
    const stray = primary.stdio.strayOutput();
    facts.stdio = { strayLines: stray.lines, strayLineCount: stray.count, exitAfterStdinCloseMs };
  }
  await closeQuietly(primary);

  for (let index = 1; index < STABILITY_CONNECTIONS; index += 1) {
    const identity = index === STABILITY_CONNECTIONS - 1 ? SECOND_IDENTITY : PRIMARY_IDENTITY;
    progress(`reconnecting as ${identity.name} (connection ${index + 1})`);
    const connection = await connect(launcher, identity);
    if (connection.facts.started) {
      const again = await recordTools(connection);
      if (!again) {
        connection.facts.started = false;
        connection.facts.error = 'tools/list failed';
      }
    }
    facts.connections.push(connection.facts);
    await closeQuietly(connection);
  }

  const metrics: Record<string, number> = {
    initialize_ms: primary.facts.initializeMs ?? 0,
    tool_count: snapshot.tools.length,
    prompt_count: snapshot.prompts.length,
    resource_count: snapshot.resources.length,
  };
  if (facts.listLatenciesMs.length > 0) metrics.tools_list_ms_p95 = percentile(facts.listLatenciesMs, 0.95);
  return { facts, snapshot, metrics };
}
