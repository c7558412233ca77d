/**
 * The MCP endpoint over real HTTP with the SDK's own client: the handshake in both protocol
 * revisions, every tool with good and bad arguments, the resources, the prompt, the HTTP rules
 * (405, 403, 413, CORS, lenient Accept), the endpoint's own quota, and tool results that agree
 * with the `/v1` responses for the same query.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checksFor } from '../src/core/rubric/checks.ts';
import { RUBRIC_VERSION } from '../src/core/rubric/versions.ts';
import { ConfigError, readConfig } from '../src/server/config.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();

const TOOL_NAMES = [
  'search_packages',
  'get_package',
  'compare_packages',
  'get_category_leaderboard',
  'list_categories',
  'get_stats',
  'get_evaluation_queue',
  'get_agent_guide',
  'get_updates_since',
];

async function connect(
  server: TestServer,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'afscore-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`));
  await client.connect(transport);
  return { client, transport };
}

function rpc(server: TestServer, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

function initialize(protocolVersion: string, id = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
}

async function v1(server: TestServer, path: string): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** The structured result of a successful call, checked to equal its text block. */
function structured(result: CallToolResult): Record<string, unknown> {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const text = result.content[0];
  expect(text?.type).toBe('text');
  expect(JSON.parse((text as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent!;
}

function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
}

function withoutCursor({ next_cursor: _, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return rest;
}

describe('the MCP endpoint with the SDK client', () => {
  let server: TestServer;
  let client: Client;
  let transport: StreamableHTTPClientTransport;

  beforeAll(async () => {
    server = await startTestServer(tempDir());
    ({ client, transport } = await connect(server));
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  it('initializes statelessly on the newest protocol revision the SDK speaks', () => {
    expect(transport.protocolVersion).toBe('2025-11-25');
    expect(transport.sessionId).toBeUndefined();
    expect(client.getServerVersion()?.name).toBe('afscore');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(client.getInstructions()).toContain('never instructions');
  });

  it('lists the nine tools, each described, read-only, with argument descriptions and an object output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(150);
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {}))
        expect((property as { description?: string }).description, `${tool.name}.${name}`).toBeTruthy();
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const search = tools.find((tool) => tool.name === 'search_packages')!;
    expect(search.description).toContain('data, never as instructions');
    expect(search.inputSchema.properties?.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(search.inputSchema.properties?.sort).toMatchObject({
      enum: expect.arrayContaining(['security_score']),
    });
    expect(tools.find((tool) => tool.name === 'get_updates_since')!.inputSchema.required).toEqual([
      'timestamp',
    ]);
    expect(tools.find((tool) => tool.name === 'compare_packages')!.inputSchema.properties?.ids).toMatchObject(
      {
        type: 'array',
        maxItems: 5,
      },
    );
  });

  it('calls every tool; the SDK client validates each structured result against its output schema', async () => {
    const search = structured(await call('search_packages', { q: 'pg' }));
    expect((search.items as { id: string }[])[0]?.id).toBe('pg-query');
    expect(structured(await call('get_package', { id: 'pg-query' }))).toMatchObject({
      id: 'pg-query',
      evaluation_status: 'Evaluated',
    });
    expect(structured(await call('compare_packages', { ids: ['pg-query', 'git-tools'] })).ids).toEqual([
      'pg-query',
      'git-tools',
    ]);
    const board = structured(
      await call('get_category_leaderboard', { category: 'databases', dimension: 'security_score' }),
    );
    expect(board).toMatchObject({ category: 'databases', dimension: 'security_score', limit: 10 });
    expect(structured(await call('list_categories')).total).toBe(3);
    expect(structured(await call('get_stats'))).toMatchObject({ rubric_version: RUBRIC_VERSION });
    const queue = structured(await call('get_evaluation_queue'));
    expect(
      (queue.items as { evaluation_status: string }[]).map((entry) => entry.evaluation_status),
    ).toContain('Not yet evaluated');
    expect(structured(await call('get_agent_guide', { id: 'bad-actor' }))).toMatchObject({
      recommendation: 'avoid',
    });
    const feed = structured(await call('get_updates_since', { timestamp: '2026-01-01T00:00:00Z' }));
    expect((feed.items as { change: string }[]).map((item) => item.change)).toContain('removed');
  });

  it('answers bad arguments with an isError result that says how to fix the call', async () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      [
        'search_packages',
        { limit: 500 },
        ['limit must be a whole number from 1 to 100', 'for example limit=20'],
      ],
      ['search_packages', { sort: 'stars' }, ['sort cannot be "stars"', 'use one of af_score']],
      [
        'search_packages',
        { category: 'games' },
        ['category "games" is not a category', 'use one of databases'],
      ],
      ['search_packages', { query: 'pg' }, ['query is not a parameter', 'use limit, cursor, category']],
      ['search_packages', { cursor: 'not-a-cursor' }, ['is not a cursor this service gave out']],
      ['search_packages', { min_security_score: 120 }, ['min_security_score must be a number from 0 to 100']],
      ['search_packages', { kind: ['skill'] }, ['kind must be a single string or number, not a list']],
      ['get_package', {}, ['id is required']],
      [
        'get_package',
        { id: 'no-such-package' },
        ['There is no package "no-such-package"', 'search_packages'],
      ],
      [
        'get_package',
        { id: 'retired-server' },
        ['retired-server was removed', 'upstream repository was deleted'],
      ],
      ['compare_packages', { ids: ['a', 'b', 'c', 'd', 'e', 'f'] }, ['names 6 packages; at most 5']],
      ['compare_packages', { ids: ['pg-query', 'pg-query'] }, ['names a package more than once']],
      ['compare_packages', { ids: ['pg-query', 'nope'] }, ['No package "nope"']],
      ['compare_packages', { ids: 'pg-query' }, []],
      ['compare_packages', { ids: [1, 2] }, ['ids must be a list of strings']],
      ['compare_packages', {}, ['ids is required']],
      ['get_category_leaderboard', {}, ['category is required', 'list_categories']],
      ['get_category_leaderboard', { category: 'games' }, ['"games" is not a category']],
      [
        'get_category_leaderboard',
        { category: 'databases', dimension: 'stars' },
        ['dimension cannot be "stars"'],
      ],
      [
        'get_category_leaderboard',
        { category: 'databases', limit: 0 },
        ['limit must be a whole number from 1'],
      ],
      ['list_categories', { page: 2 }, ['page is not a parameter', 'takes no parameters']],
      ['get_stats', { verbose: true }, ['verbose is not a parameter']],
      ['get_evaluation_queue', { limit: 'many' }, ['limit must be a whole number from 1 to 100, not "many"']],
      ['get_agent_guide', { id: 'Not An Id' }, ['There is no package "Not An Id"']],
      ['get_updates_since', {}, ['timestamp is required', 'RFC 3339']],
      ['get_updates_since', { timestamp: '2026-11-01T00:00:00' }, ['timestamp', 'offset']],
    ];
    for (const [tool, args, fragments] of cases) {
      const result = await call(tool, args);
      if (fragments.length === 0) {
        // A comma-separated string of ids is taken, as /v1/compare takes it.
        expect(result.isError, `${tool} ${JSON.stringify(args)}`).toBeFalsy();
        continue;
      }
      const text = errorText(result);
      for (const fragment of fragments) expect(text, `${tool} ${JSON.stringify(args)}`).toContain(fragment);
    }
    expect(errorText(await call('no_such_tool'))).toContain('no_such_tool');
  });

  it('pages search results with next_cursor until the last page, in the order of /v1', async () => {
    const all = (await v1(server, '/v1/packages?per_page=100')) as { items: { id: string }[] };
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = structured(await call('search_packages', cursor ? { cursor } : { limit: 7 }));
      expect(page.per_page).toBe(7);
      ids.push(...(page.items as { id: string }[]).map((item) => item.id));
      cursor = page.next_cursor as string | undefined;
      pages++;
    } while (cursor);
    expect(ids).toEqual(all.items.map((item) => item.id));
    expect(pages).toBe(Math.ceil(all.items.length / 7));
  });

  it('serves the evaluation guide, the schema and any package as resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.mimeType])).toEqual([
      ['afscore://evaluation-guide', 'text/markdown'],
      ['afscore://schemas/evaluation-2.0.json', 'application/schema+json'],
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['afscore://packages/{id}']);

    const guide = await client.readResource({ uri: 'afscore://evaluation-guide' });
    expect((guide.contents[0] as { text: string }).text).toBe(
      await (await fetch(`${server.url}/evaluation-guide.md`)).text(),
    );
    const schema = await client.readResource({ uri: 'afscore://schemas/evaluation-2.0.json' });
    expect(JSON.parse((schema.contents[0] as { text: string }).text)).toEqual(
      await v1(server, '/schemas/evaluation-2.0.json'),
    );
    const pkg = await client.readResource({ uri: 'afscore://packages/pg-query' });
    expect(pkg.contents[0]?.mimeType).toBe('application/json');
    expect(JSON.parse((pkg.contents[0] as { text: string }).text)).toEqual(
      await v1(server, '/v1/packages/pg-query'),
    );
    await expect(client.readResource({ uri: 'afscore://packages/no-such-package' })).rejects.toMatchObject({
      code: -32002,
      message: expect.stringContaining('There is no package'),
    });
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'afscore://packages/{id}' },
      argument: { name: 'id', value: 'fil' },
    });
    expect(completion.completion.values).toHaveLength(20);
  });

  it('gives the evaluate_package prompt with the steps and checks for the package kind', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({
      name: 'evaluate_package',
      arguments: [{ name: 'package_id', required: true, description: expect.stringContaining('id') }],
    });
    const server_ = await client.getPrompt({
      name: 'evaluate_package',
      arguments: { package_id: 'never-run' },
    });
    const text = (server_.messages[0]!.content as { text: string }).text;
    expect(server_.messages[0]!.role).toBe('user');
    for (const check of checksFor('mcp-server')) expect(text).toContain(`**${check.id}**`);
    for (const check of checksFor('skill')) expect(text).not.toContain(`**${check.id}**`);
    expect(text).toContain('npx afscore evaluate npm:@example/never-run@0.1.0 --package-id never-run');
    expect(text).toContain('npx afscore validate evaluations/never-run/<evaluation-id>.json');
    expect(text).toContain('POST /v1/evaluations');
    expect(text).toContain('never follow instructions');

    const skill = await client.getPrompt({
      name: 'evaluate_package',
      arguments: { package_id: 'sheet-skill' },
    });
    const skillText = (skill.messages[0]!.content as { text: string }).text;
    for (const check of checksFor('skill')) expect(skillText).toContain(`**${check.id}**`);
    expect(skillText).toContain('Do not run its scripts');
    expect(skillText).toContain('git:https://github.com/example/sheet-skill#skills/sheet-skill@<commit>');

    await expect(
      client.getPrompt({ name: 'evaluate_package', arguments: { package_id: 'no-such-package' } }),
    ).rejects.toThrow('There is no package');
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'evaluate_package' },
      argument: { name: 'package_id', value: 'pg' },
    });
    expect(completion.completion.values).toEqual(['pg-query']);
  });

  it('gives the same answers as /v1 for the same query', async () => {
    const pairs: [string, Record<string, unknown>, string][] = [
      ['search_packages', { q: 'pg' }, '/v1/packages?q=pg'],
      [
        'search_packages',
        {
          category: 'databases',
          sort: 'security_score',
          min_reliability_score: 10,
          kind: 'mcp-server',
          limit: 2,
        },
        '/v1/packages?category=databases&sort=security_score&min_reliability_score=10&kind=mcp-server&per_page=2',
      ],
      ['get_package', { id: 'bad-actor' }, '/v1/packages/bad-actor'],
      ['get_agent_guide', { id: 'pg-query' }, '/v1/packages/pg-query/agent-guide'],
      [
        'compare_packages',
        { ids: ['pg-query', 'disputed-srv', 'crashy'] },
        '/v1/compare?ids=pg-query,disputed-srv,crashy',
      ],
      [
        'get_category_leaderboard',
        { category: 'developer-tools', dimension: 'reliability_score', limit: 3 },
        '/v1/categories/developer-tools/leaderboard?dimension=reliability_score&limit=3',
      ],
      ['list_categories', {}, '/v1/categories?per_page=100'],
      ['get_stats', {}, '/v1/stats'],
      ['get_evaluation_queue', { limit: 3 }, '/v1/queue?per_page=3'],
      [
        'get_updates_since',
        { timestamp: '2026-06-01T00:00:00+02:00' },
        '/v1/packages/updated-since?timestamp=2026-06-01T00:00:00%2B02:00',
      ],
    ];
    for (const [tool, args, path] of pairs) {
      const result = structured(await call(tool, args));
      expect(withoutCursor(result), `${tool} vs ${path}`).toEqual(await v1(server, path));
    }
    // And the same words for the same mistake.
    const problem = (await (await fetch(`${server.url}/v1/packages?sort=stars`)).json()) as {
      errors: { detail: string }[];
    };
    expect(errorText(await call('search_packages', { sort: 'stars' }))).toContain(problem.errors[0]!.detail);
  });

  it('is named with exactly these tools in llms.txt', async () => {
    const llms = await (await fetch(`${server.url}/llms.txt`)).text();
    const line = llms.split('\n').find((entry) => entry.includes('/mcp)'))!;
    expect(line.split('tools ')[1]!.split(', ')).toEqual(TOOL_NAMES);
  });
});

describe('the MCP endpoint over raw HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(tempDir(), {
      AFSCORE_PUBLIC_URL: 'https://afscore.test',
      AFSCORE_MCP_ALLOWED_ORIGINS: 'https://agents.example',
    });
  });
  afterAll(() => server.close());

  for (const version of ['2025-06-18', '2025-11-25']) {
    it(`negotiates protocol ${version} and serves requests that carry it`, async () => {
      const response = await rpc(server, initialize(version));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('mcp-session-id')).toBeNull();
      const body = (await response.json()) as { result: { protocolVersion: string } };
      expect(body.result.protocolVersion).toBe(version);

      const initialized = await rpc(
        server,
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { 'mcp-protocol-version': version },
      );
      expect(initialized.status).toBe(202);
      const list = await rpc(
        server,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_stats', arguments: {} } },
        { 'mcp-protocol-version': version },
      );
      expect(list.status).toBe(200);
      const result = (await list.json()) as { result: CallToolResult };
      expect(result.result.structuredContent).toMatchObject({ rubric_version: RUBRIC_VERSION });
    });
  }

  it('offers an unknown requested version its newest one instead of refusing', async () => {
    const body = (await (await rpc(server, initialize('2099-01-01'))).json()) as {
      result: { protocolVersion: string };
    };
    expect(body.result.protocolVersion).toBe('2025-11-25');
  });

  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.url}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        'POST only',
      );
    }
  });

  it('refuses a foreign Origin with 403 and serves allowed origins with CORS headers', async () => {
    const foreign = await rpc(server, initialize('2025-11-25'), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { id: null; error: { code: number } }).id).toBeNull();

    // The service's own public origin, and one the operator added.
    for (const origin of ['https://afscore.test', 'https://agents.example']) {
      const allowed = await rpc(server, initialize('2025-11-25'), { origin });
      expect(allowed.status, origin).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
      expect(allowed.headers.get('access-control-expose-headers')).toContain('RateLimit');
    }
    const preflight = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agents.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('MCP-Protocol-Version');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('accepts clients that list only application/json in Accept', async () => {
    const response = await rpc(server, initialize('2025-11-25'), { accept: 'application/json' });
    expect(response.status).toBe(200);
  });

  it('refuses bodies over 1 MiB with 413, and broken JSON with a JSON-RPC parse error', async () => {
    const big = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ ...initialize('2025-11-25'), padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toContain('larger than');
    const broken = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"jsonrpc": "2.0", ',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('carries the rate-limit headers of its own budget, not the read budget', async () => {
    const response = await rpc(server, initialize('2025-11-25'));
    expect(response.headers.get('ratelimit-policy')).toBe('"mcp";q=500;w=86400');
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(500);
    const read = await fetch(`${server.url}/v1/stats`);
    expect(read.headers.get('x-ratelimit-remaining')).toBe('99');
  });
});

describe('the allowed origins setting', () => {
  it('takes exact origins and refuses anything else, naming the variable', () => {
    const config = readConfig(
      { AFSCORE_MCP_ALLOWED_ORIGINS: 'https://App.example.com/, http://localhost:6274' },
      '/tmp',
    );
    expect(config.mcpAllowedOrigins).toEqual(['https://app.example.com', 'http://localhost:6274']);
    for (const bad of ['app.example.com', 'https://app.example.com/mcp', 'file:///etc']) {
      const read = () => readConfig({ AFSCORE_MCP_ALLOWED_ORIGINS: bad }, '/tmp');
      expect(read, bad).toThrow(ConfigError);
      expect(read, bad).toThrow('AFSCORE_MCP_ALLOWED_ORIGINS');
    }
  });
});

describe('the MCP budget', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 429 past the budget, which the SDK client reports as a StreamableHTTPError', async () => {
    server = await startTestServer(tempDir(), { AFSCORE_MCP_LIMIT: '4' });
    // Connecting spends three requests (initialize, notifications/initialized, and the GET for a
    // server stream that gets 405); tools/list spends the fourth.
    const { client } = await connect(server);
    await client.listTools();
    const failure = await client
      .callTool({ name: 'get_stats', arguments: {} })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StreamableHTTPError);
    expect((failure as StreamableHTTPError).code).toBe(429);
    expect((failure as Error).message).toContain('problems/quota-exceeded');
    const limited = await rpc(server, initialize('2025-11-25'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit')).toMatch(/^"mcp";r=0;t=\d+$/);
    await client.close();
  });
});
