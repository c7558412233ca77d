/**
 * HTTP behaviour of the front server over real sockets: validators and 304, compression, HEAD,
 * CORS, methods, documents, rate limits with their headers, client addresses behind proxies, and
 * reloading when the build writes new data.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { apiClient, loadValidator } from './support/api-client.ts';
import { captureIo } from './support/capture-io.ts';
import { FIXTURE_AS_OF } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let server: TestServer;
let get: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '1000000' });
  get = apiClient(server.url, await loadValidator(server.url));
});
afterAll(() => server.close());

describe('validators and encodings', () => {
  it('answers If-None-Match with 304 and the rate-limit headers', async () => {
    const first = await get('/v1/packages/pg-query');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{16}"$/);
    const again = await get('/v1/packages/pg-query', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect((await get('/v1/packages/pg-query', { headers: { 'If-None-Match': 'W/"other"' } })).status).toBe(
      200,
    );
  });

  it('compresses with brotli or gzip when asked, to the same bytes', async () => {
    const identity = await fetch(`${server.url}/v1/packages?per_page=100`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    const plain = Buffer.from(await identity.arrayBuffer());
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await rawGet('/v1/packages?per_page=100', { 'Accept-Encoding': `${encoding}` });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(decode(response.body).equals(plain)).toBe(true);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const head = await fetch(`${server.url}/v1/stats`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await head.text()).toBe('');
  });
});

describe('CORS and methods', () => {
  it('opens reads to every origin and exposes the rate-limit headers', async () => {
    const response = await get('/v1/stats', { headers: { Origin: 'https://example.org' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('RateLimit');
    const preflight = await fetch(`${server.url}/v1/packages`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('answers other methods with 405 and Allow', async () => {
    const response = await get('/v1/stats', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers unknown endpoints with a problem that points to the description', async () => {
    const response = await get<{ detail: string }>('/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain('/openapi.json');
  });
});

describe('request targets', () => {
  it('answers a target whose escapes do not decode with a 400 problem', async () => {
    for (const path of ['/v1/packages/%ZZ', '/badge/%E2.svg']) {
      const response = await get<{ type: string }>(path);
      expect(response.status, path).toBe(400);
      expect(response.body.type).toBe('https://afscore.dev/problems/invalid-target');
    }
  });

  it('keeps an encoded slash inside its segment', async () => {
    expect((await get('/v1/packages/pg-query/agent-guide')).status).toBe(200);
    const encoded = await get<{ detail: string }>('/v1/packages/pg-query%2Fagent-guide');
    expect(encoded.status).toBe(404);
    expect(encoded.body.detail).toContain('pg-query/agent-guide');
  });

  it('serves /healthz to GET and HEAD only, open to every origin', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('access-control-allow-origin')).toBe('*');
    const posted = await get('/healthz', { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('documents', () => {
  it('describes every endpoint the server answers, not only /v1', async () => {
    const openapi = (await get<{ paths: Record<string, object> }>('/openapi.json')).body;
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/mcp',
        '/badge/{id}.svg',
        '/badge/{id}.json',
        '/healthz',
        '/openapi.json',
        '/llms.txt',
        '/evaluation-guide.md',
        '/schemas/evaluation-2.0.json',
        '/problems/{type}',
      ]),
    );
    expect(Object.keys(openapi.paths['/mcp']!).sort()).toEqual(['delete', 'get', 'post']);
  });

  it('states the limits this deployment is configured with', async () => {
    const custom = await startTestServer(tempDir(), {
      AFSCORE_READ_LIMIT: '250',
      AFSCORE_SUBMIT_LIMIT: '3',
      AFSCORE_CHECKOUT_LIMIT: '7',
      AFSCORE_LEASE_HOURS: '6',
    });
    try {
      const openapi = await (await fetch(`${custom.url}/openapi.json`)).text();
      expect(openapi).toContain('At most 3 submissions per API key per UTC day');
      expect(openapi).toContain('Leases expire after 6 hours. 7 checkout requests per client IP');
      expect(openapi).toContain('a daily quota of 250 requests per client IP');
      const llms = await (await fetch(`${custom.url}/llms.txt`)).text();
      expect(llms).toContain('(3 per key per UTC day)');
      expect(llms).toContain('(7 checkout requests per client IP per UTC day)');
      expect(llms).toContain('limited to 250 requests per client IP');
      expect(llms).toContain('it still counts as a request');
    } finally {
      await custom.close();
    }
  });

  it('publishes an OpenAPI 3.1 document that passes the Redocly linter', async () => {
    const source = await (await fetch(`${server.url}/openapi.json`)).text();
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        'info-contact': 'off',
        'operation-operationId': 'off',
        'no-server-example.com': 'off',
        'security-defined': 'off',
      },
    });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((found) => found.severity === 'error')
      .map((found) => `${found.ruleId}: ${found.message} at ${found.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(JSON.parse(source).openapi).toBe('3.1.1');
  });

  it('publishes llms.txt in the llmstxt.org shape', async () => {
    const response = await fetch(`${server.url}/llms.txt`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('# afscore');
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
    expect(lines[2]).toMatch(/^> \S/);
    expect(lines.some((line) => line.startsWith('###'))).toBe(false);
    const sections = text.split(/^## /m).slice(1);
    expect(sections.map((section) => section.split('\n')[0])).toEqual([
      'API',
      'MCP',
      'Contributing',
      'Optional',
    ]);
    for (const section of sections) {
      for (const line of section
        .split('\n')
        .slice(1)
        .filter((entry) => entry.trim() !== '')) {
        expect(line).toMatch(/^- \[[^\]]+\]\([^)]+\)(: .+)?$/);
      }
    }
  });

  it('serves the evaluation guide, the schemas and the problem types', async () => {
    const guide = await fetch(`${server.url}/evaluation-guide.md`);
    expect(guide.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await guide.text()).toContain('| SEC-01 |');
    const schema = await (await fetch(`${server.url}/schemas/evaluation-2.0.json`)).json();
    expect(schema.$id).toBe('https://afscore.dev/schemas/evaluation-2.0.json');
    const problem = await fetch(`${server.url}/problems/quota-exceeded`);
    expect(await problem.text()).toContain('Retry-After');
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('reloading', () => {
  it('serves the new data version once the build writes it', async () => {
    const before = (await get<{ data_version: string; as_of: string }>('/healthz')).body;
    const io = captureIo(server.root);
    expect(await main(['build', '--out', server.generatedDir, '--as-of', '2026-11-15T00:00:00Z'], io)).toBe(
      0,
    );
    await expect
      .poll(async () => (await get<{ as_of: string }>('/healthz')).body.as_of, { timeout: 5000 })
      .toBe('2026-11-15T00:00:00.000Z');
    const after = (await get<{ data_version: string }>('/healthz')).body;
    expect(after.data_version).not.toBe(before.data_version);
    const etag = (await get('/v1/stats')).headers.get('etag');
    expect(etag).toBe(`W/"${after.data_version}"`);
    expect(
      await main(['build', '--out', server.generatedDir, '--as-of', FIXTURE_AS_OF], captureIo(server.root)),
    ).toBe(0);
  });
});

/** A GET without fetch's automatic decompression, to see the encoded bytes. */
async function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ headers: response.headers as Record<string, string>, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}
