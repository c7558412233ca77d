/**
 * Serves any detection-corpus case (test/detection-corpus/) as a real MCP server: in-process over
 * an SDK InMemoryTransport pair (`openCorpusConnection`), or as a stdio process:
 *
 *   node test/support/corpus-server.ts test/detection-corpus/malicious/<id>.json
 *
 * A case's faces pick what a client sees from its initialize clientInfo.name; its changes replace
 * definitions once their trigger happened (after the first tools/list, after a call, from the n-th
 * connection on). Which changes fired and how many connections were made is `CorpusState`: shared
 * by the in-process connections of one evaluation, and kept in a file under the temp directory
 * ($TMPDIR) named after the case id for stdio runs, so each new process sees what earlier ones did.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  isInitializeRequest,
  type JSONRPCMessage,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  type CaseChange,
  type CaseServer,
  type CaseServerRequest,
  type CaseTool,
  type CorpusCase,
  formatIssue,
  loadCaseFile,
} from './corpus.ts';

/** What one evaluation's connections to a case share. */
export interface CorpusState {
  /** initialize requests answered so far. */
  connections: number;
  /** Indexes into the case's `changes` that have fired, in firing order. */
  fired: number[];
  /** Called after every update (the stdio server writes its state file). */
  onUpdate?: (state: CorpusState) => void;
}

export function newCorpusState(): CorpusState {
  return { connections: 0, fired: [] };
}

/** The definitions a client called `clientName` sees now: base, then fired changes, then its face. */
export function currentServer(testCase: CorpusCase, state: CorpusState, clientName: string): CaseServer {
  let server: CaseServer = { ...testCase.server };
  testCase.changes?.forEach((change, index) => {
    if (state.fired.includes(index)) server = { ...server, ...change.server };
  });
  const face = testCase.faces?.find((f) => new RegExp(f.clientName, 'i').test(clientName));
  return face ? { ...server, ...face.server } : server;
}

function wireTool(tool: CaseTool) {
  const { result: _result, serverRequests: _requests, ...definition } = tool;
  return definition;
}

type Trigger = { kind: 'first-tools-list' } | { kind: 'tool-call'; name: string } | { kind: 'connection' };

function triggered(change: CaseChange, trigger: Trigger, state: CorpusState): boolean {
  const { after } = change;
  switch (trigger.kind) {
    case 'first-tools-list':
      return after === 'first-tools-list';
    case 'tool-call':
      return after === 'tool-call' || after === `tool-call:${trigger.name}`;
    case 'connection': {
      const n = /^connection:(\d+)$/.exec(after)?.[1];
      return n !== undefined && state.connections >= Number(n);
    }
  }
}

/** Fires the changes that `trigger` sets off and returns them. */
function fire(testCase: CorpusCase, state: CorpusState, trigger: Trigger): CaseChange[] {
  const fired: CaseChange[] = [];
  testCase.changes?.forEach((change, index) => {
    if (state.fired.includes(index) || !triggered(change, trigger, state)) return;
    state.fired.push(index);
    fired.push(change);
  });
  if (fired.length) state.onUpdate?.(state);
  return fired;
}

async function announce(server: Server, changes: CaseChange[]): Promise<void> {
  const notified = changes.filter((change) => change.notify);
  if (notified.some((change) => change.server.tools)) await server.sendToolListChanged();
  if (notified.some((change) => change.server.prompts)) await server.sendPromptListChanged();
  if (notified.some((change) => change.server.resources || change.server.resourceTemplates))
    await server.sendResourceListChanged();
}

/** Announces after the current response has gone out, as a server reacting to it would. */
function announceLater(server: Server, changes: CaseChange[]): void {
  if (changes.some((change) => change.notify))
    setImmediate(() => void announce(server, changes).catch(() => undefined));
}

/** Sends one sampling or elicitation request; a client that declines or lacks the capability is fine. */
async function ask(server: Server, asked: CaseServerRequest): Promise<void> {
  try {
    if (asked.method === 'sampling/createMessage')
      await server.createMessage({
        ...(asked.systemPrompt !== undefined && { systemPrompt: asked.systemPrompt }),
        messages: [{ role: 'user', content: { type: 'text', text: asked.text } }],
        maxTokens: 400,
      });
    else if (asked.url !== undefined)
      await server.elicitInput({
        mode: 'url',
        message: asked.message,
        url: asked.url,
        elicitationId: 'corpus',
      });
    else
      await server.elicitInput({
        message: asked.message,
        requestedSchema: (asked.requestedSchema ?? { type: 'object', properties: {} }) as never,
      });
  } catch {
    // Declined, or the client did not declare the capability: the tool answers anyway.
  }
}

function caseServer(testCase: CorpusCase, state: CorpusState, clientName: string): Server {
  const connectionChanges = fire(testCase, state, { kind: 'connection' });
  const view = () => currentServer(testCase, state, clientName);
  const atStart = view();
  const server = new Server(
    { name: atStart.name, version: atStart.version },
    {
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true },
      },
      ...(atStart.instructions !== undefined && { instructions: atStart.instructions }),
    },
  );
  server.oninitialized = () => announceLater(server, connectionChanges);

  server.setRequestHandler(ListToolsRequestSchema, () => {
    const tools = view().tools.map(wireTool);
    announceLater(server, fire(testCase, state, { kind: 'first-tools-list' }));
    return { tools };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = view().tools.find((t) => t.name === request.params.name);
    if (!tool)
      return { isError: true, content: [{ type: 'text', text: `Unknown tool: ${request.params.name}` }] };
    for (const asked of tool.serverRequests ?? []) await ask(server, asked);
    const result = tool.result ?? { text: 'Done.' };
    announceLater(server, fire(testCase, state, { kind: 'tool-call', name: tool.name }));
    return {
      content: [{ type: 'text', text: result.text }],
      ...(result.isError !== undefined && { isError: result.isError }),
      ...(result.structuredContent && { structuredContent: result.structuredContent }),
    };
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: (view().prompts ?? []).map(({ messages: _messages, ...prompt }) => prompt),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const prompt = view().prompts?.find((p) => p.name === request.params.name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    return {
      ...(prompt.description !== undefined && { description: prompt.description }),
      messages: prompt.messages.map(({ role, text }) => ({ role, content: { type: 'text' as const, text } })),
    };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: (view().resources ?? []).map(({ text: _text, ...resource }) => resource),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const resource = view().resources?.find((r) => r.uri === request.params.uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    return {
      contents: [
        { uri: resource.uri, text: resource.text, ...(resource.mimeType && { mimeType: resource.mimeType }) },
      ],
    };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: view().resourceTemplates ?? [],
  }));
  return server;
}

/**
 * Waits for the client's initialize request on `transport`, builds the server for the client it
 * names (a face can change even the server's name and instructions in the initialize answer), and
 * hands it the request. MCP clients send nothing else before initialize is answered.
 */
export async function serveOn(
  transport: Transport,
  testCase: CorpusCase,
  state: CorpusState,
): Promise<Server> {
  const first = new Promise<JSONRPCMessage>((resolveFirst) => {
    transport.onmessage = resolveFirst;
  });
  await transport.start();
  const message = await first;
  const clientName = isInitializeRequest(message) ? message.params.clientInfo.name : '';
  state.connections += 1;
  state.onUpdate?.(state);
  const server = caseServer(testCase, state, clientName);
  // The transport is started already; Server.connect would start it again.
  transport.start = async () => undefined;
  await server.connect(transport);
  transport.onmessage?.(message);
  return server;
}

/**
 * Opens one connection to a fresh server instance for `testCase` and returns the client side of
 * the in-memory pair: hand it to an SDK `Client`. Connections that share `state` are one
 * evaluation: later ones see the changes earlier ones set off.
 */
export async function openCorpusConnection(testCase: CorpusCase, state: CorpusState): Promise<Transport> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  // A server that cannot be built closes the pair, so the client's connect fails instead of hanging.
  serveOn(serverTransport, testCase, state).catch(() => void serverTransport.close());
  return clientTransport;
}

/** Where a stdio run keeps the state of `caseId` (the temp directory honours $TMPDIR). */
export function stateFileFor(caseId: string): string {
  return join(tmpdir(), `afscore-corpus-${caseId}.state.json`);
}

function loadStateFile(file: string): CorpusState {
  const state = newCorpusState();
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<CorpusState>;
    state.connections = saved.connections ?? 0;
    state.fired = saved.fired ?? [];
  }
  state.onUpdate = ({ connections, fired }) => writeFileSync(file, JSON.stringify({ connections, fired }));
  return state;
}

async function main(argv: string[]): Promise<void> {
  const file = argv[0];
  if (!file) {
    process.stderr.write('usage: node test/support/corpus-server.ts <case.json>\n');
    process.exit(2);
  }
  const loaded = loadCaseFile(resolve(file));
  if (!loaded.ok) {
    process.stderr.write(`${loaded.issues.map(formatIssue).join('\n')}\n`);
    process.exit(2);
  }
  const state = loadStateFile(stateFileFor(loaded.testCase.id));
  const server = await serveOn(new StdioServerTransport(), loaded.testCase, state);
  server.onclose = () => process.exit(0);
}

if (import.meta.main) await main(process.argv.slice(2));
