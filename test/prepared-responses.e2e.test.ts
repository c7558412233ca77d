/**
 * Responses kept ready to write, over real sockets: a target answered once is answered again from
 * the kept response (the front server's hot path) with the very status, headers and bytes the
 * ordinary path wrote, in every encoding, for HEAD and for If-None-Match; only the per-client
 * rate-limit headers differ, and they keep counting. Nothing of a data version is served after the
 * build writes the next one. Repeated MCP read calls get the SDK's bytes with their own id.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { FIXTURE_AS_OF } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '100000' });
});
afterAll(() => server.close());

interface RawResponse {
  status: number;
  /** Header name (lower case) and value pairs, in the order they were written. */
  headers: [string, string][];
  body: Buffer;
}

function raw(
  target: TestServer,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // The target goes out exactly as written (a URL would drop an empty query).
    const { hostname, port } = new URL(target.url);
    const sent = request({ hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2)
          pairs.push([response.rawHeaders[index]!.toLowerCase(), response.rawHeaders[index + 1]!]);
        resolve({ status: response.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Headers that differ between two requests by design: the clock and the client's remaining quota. */
const PER_REQUEST = new Set(['date', 'ratelimit', 'x-ratelimit-remaining']);

function lasting(response: RawResponse): [string, string][] {
  return response.headers.filter(([name]) => !PER_REQUEST.has(name));
}

function header(response: RawResponse, name: string): string | undefined {
  return response.headers.find(([key]) => key === name)?.[1];
}

function remaining(response: RawResponse): number {
  return Number(header(response, 'x-ratelimit-remaining'));
}

/** Whether the front server would answer this raw target without asking a module. */
function kept(target: string): boolean {
  return server.running.data.version.responses.byTarget(target) !== undefined;
}

/**
 * Requests a target never seen before (the ordinary path), then again (the kept response), and
 * checks they agree byte for byte but for the headers that must differ; returns both.
 */
async function twice(path: string, headers: Record<string, string> = {}, method = 'GET') {
  expect(kept(path), `${path} is new`).toBe(false);
  const first = await raw(server, path, headers, method);
  expect(kept(path), `${path} is kept after its first answer`).toBe(true);
  const second = await raw(server, path, headers, method);
  expect(second.status, path).toBe(first.status);
  expect(lasting(second), path).toEqual(lasting(first));
  expect(second.body.equals(first.body), path).toBe(true);
  return { first, second };
}

describe('a kept response', () => {
  // Each encoding gets a raw target of its own that means the same resource, so that each one's
  // first answer takes the ordinary path.
  const resources: Record<string, readonly string[]> = {
    list: [
      '/v1/packages?sort=name&kind=mcp-server',
      '/v1/packages?kind=mcp-server&sort=name',
      '/v1/packages?kind=mcp-server&sort=name&',
    ],
    package: ['/v1/packages/pg-query', '/v1/packages/pg-query/', '/v1/packages/pg%2Dquery'],
    guide: [
      '/v1/packages/pg-query/agent-guide',
      '/v1/packages/pg%2Dquery/agent-guide',
      '/v1/packages/pg-query/agent-guide/',
    ],
    stats: ['/v1/stats', '/v1/stats/', '/v1/%73tats'],
    badge: ['/badge/pg-query.svg', '/badge/pg%2Dquery.svg', '/badge/pg-query.svg?style=flat'],
    'badge json': ['/badge/pg-query.json', '/badge/pg%2Dquery.json', '/badge/pg-query.json?x=1'],
    'unknown badge': ['/badge/ghost.svg', '/badge/gh%6Fst.svg', '/badge/ghost.svg?x=1'],
  };

  it.each(Object.entries(resources))(
    '%s: the same status, headers and bytes in every encoding',
    async (_name, targets) => {
      let identity: Buffer = Buffer.alloc(0);
      for (const [index, encoding] of (['identity', 'br', 'gzip'] as const).entries()) {
        const { first, second } = await twice(targets[index]!, { 'Accept-Encoding': encoding });
        expect(first.status).toBe(targets[0]!.includes('ghost') ? 404 : 200);
        expect(header(second, 'content-length')).toBe(String(second.body.length));
        if (encoding === 'identity') {
          identity = first.body;
          expect(header(first, 'content-encoding')).toBeUndefined();
        } else if (identity.length >= 1024) {
          expect(header(second, 'content-encoding')).toBe(encoding);
          expect(DECODE[encoding](second.body).equals(identity)).toBe(true);
        } else expect(header(second, 'content-encoding')).toBeUndefined();
      }
    },
  );

  it('spends the read budget on every /v1 answer and shows it without spending on badges', async () => {
    const { first, second } = await twice('/v1/categories');
    expect(remaining(second)).toBe(remaining(first) - 1);
    expect(header(second, 'ratelimit')).toMatch(new RegExp(`^"read";r=${remaining(second)};t=\\d+$`));
    const badge = await twice('/badge/never-run.svg');
    const again = await raw(server, '/v1/categories');
    expect(remaining(badge.second)).toBe(remaining(badge.first));
    expect(remaining(again)).toBe(remaining(second) - 1);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    await raw(server, '/v1/categories?page=1');
    const { first, second } = await twice('/v1/categories?page=1&', {}, 'HEAD');
    expect(first.body.length).toBe(0);
    expect(second.body.length).toBe(0);
    const get = await raw(server, '/v1/categories?page=1');
    expect(lasting(second)).toEqual(lasting(get));
  });

  it('answers If-None-Match with the same 304 as the ordinary path', async () => {
    const etag = header(await raw(server, '/v1/packages?q=postgres'), 'etag')!;
    const { first, second } = await twice('/v1/packages?q=postgres&', { 'If-None-Match': etag });
    expect(first.status).toBe(304);
    expect(second.body.length).toBe(0);
    expect(header(second, 'etag')).toBe(etag);
    expect(header(second, 'content-type')).toBeUndefined();
    expect(remaining(second)).toBe(remaining(first) - 1);
    // Another validator gets the whole response from the kept one.
    const other = await raw(server, '/v1/packages?q=postgres&', { 'If-None-Match': 'W/"other"' });
    expect(other.status).toBe(200);
    expect(header(other, 'etag')).toBe(etag);
  });

  it('is not used for the queue, which shows claims that change within a data version', async () => {
    await raw(server, '/v1/queue');
    await raw(server, '/v1/queue');
    expect(kept('/v1/queue')).toBe(false);
  });
});

describe('quota on kept responses', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '4' });
  });
  afterAll(() => limited.close());

  it('counts down on kept answers and answers 429 once the budget is spent; badges still answer', async () => {
    const counts: number[] = [];
    for (let index = 0; index < 4; index++) {
      const response = await raw(limited, '/v1/stats');
      expect(response.status).toBe(200);
      counts.push(remaining(response));
    }
    expect(counts).toEqual([3, 2, 1, 0]);
    expect(limited.running.data.version.responses.byTarget('/v1/stats')).toBeDefined();
    const refused = await raw(limited, '/v1/stats');
    expect(refused.status).toBe(429);
    expect(Number(header(refused, 'retry-after'))).toBeGreaterThan(0);
    expect(header(refused, 'content-type')).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(refused.body.toString())).toMatchObject({ status: 429, 'violated-policies': ['read'] });
    await raw(limited, '/badge/pg-query.svg');
    const badge = await raw(limited, '/badge/pg-query.svg');
    expect(badge.status).toBe(200);
    expect(remaining(badge)).toBe(0);
  });
});

describe('a new data version', () => {
  it('is answered from its own responses, never from the previous version’s', async () => {
    const before = await raw(server, '/v1/stats?');
    await raw(server, '/v1/stats?');
    const previous = server.running.data.version;
    expect(previous.responses.byTarget('/v1/stats?')).toBeDefined();
    expect(
      await main(
        ['build', '--out', server.generatedDir, '--as-of', '2026-11-20T00:00:00Z'],
        captureIo(server.root),
      ),
    ).toBe(0);
    try {
      await expect.poll(() => server.running.data.version !== previous, { timeout: 5000 }).toBe(true);
      const after = await raw(server, '/v1/stats?');
      const version = server.running.data.version.manifest.data_version;
      expect(header(after, 'etag')).toBe(`W/"${version}"`);
      expect(header(after, 'etag')).not.toBe(header(before, 'etag'));
      expect(JSON.parse(after.body.toString()).as_of).toBe('2026-11-20T00:00:00.000Z');
    } finally {
      expect(
        await main(['build', '--out', server.generatedDir, '--as-of', FIXTURE_AS_OF], captureIo(server.root)),
      ).toBe(0);
      await expect
        .poll(() => server.running.data.version.manifest.as_of, { timeout: 5000 })
        .toBe(new Date(FIXTURE_AS_OF).toISOString());
    }
  });
});

describe('MCP read calls', () => {
  const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  function call(id: string | number, name: string, args: object): string {
    return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  }

  it('answer a repeated call with the SDK’s bytes and the caller’s id', async () => {
    const first = await raw(server, '/mcp', JSON_RPC, 'POST', call(1, 'get_package', { id: 'pg-query' }));
    const second = await raw(
      server,
      '/mcp',
      JSON_RPC,
      'POST',
      call('second "call"', 'get_package', { id: 'pg-query' }),
    );
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe(
      first.body.toString().replace(/"id":1}$/, '"id":"second \\"call\\""}'),
    );
    expect(lasting(second)).toEqual(
      lasting(first).map(([name, value]) => [
        name,
        name === 'content-length' ? String(second.body.length) : value,
      ]),
    );
    expect(JSON.parse(second.body.toString()).result.structuredContent.id).toBe('pg-query');
    // The kept answer's head is written whole, with this request's spent MCP budget in it.
    expect(header(second, 'ratelimit-policy')).toMatch(/^"mcp";/);
    expect(remaining(second)).toBe(remaining(first) - 1);
    // Different arguments are a different call.
    const other = await raw(server, '/mcp', JSON_RPC, 'POST', call(3, 'get_package', { id: 'never-run' }));
    expect(JSON.parse(other.body.toString()).result.structuredContent.id).toBe('never-run');
  });

  it('still go through the SDK for what is not a read call, and the SDK client works throughout', async () => {
    const client = new Client({ name: 'afscore-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      const once = await client.callTool({ name: 'get_agent_guide', arguments: { id: 'pg-query' } });
      const again = await client.callTool({ name: 'get_agent_guide', arguments: { id: 'pg-query' } });
      expect(again).toEqual(once);
      expect((once.structuredContent as { recommendation: string }).recommendation).toBeTruthy();
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
        (await client.listTools()).tools.map((tool) => tool.name),
      );
      const bad = await client.callTool({ name: 'get_package', arguments: { id: 42 } });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
    const unknown = await raw(
      server,
      '/mcp',
      JSON_RPC,
      'POST',
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'no/such' }),
    );
    expect(JSON.parse(unknown.body.toString()).error.code).toBe(-32601);
  });
});
