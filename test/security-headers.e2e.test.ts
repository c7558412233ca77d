/**
 * The security headers of every kind of response the front server sends, checked whole: one
 * route of each kind (page, static file, JSON from memory, JSON from the store on disk, badge,
 * problem, MCP, document, 404, 405, 429, 304, a preflight, and a request Node refuses before any
 * handler) carries exactly the set of its kind, and the static mirror's `_headers` gives a static
 * host the same set for the same paths. Real front server with the built site, real HTTP.
 */
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { issueKey } from '../src/server/keys/api-keys.ts';
import { captureIo } from './support/capture-io.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const tempDir = useTempDirs();
let server: TestServer;
let key: string;

/** The headers this test is about; any other header is the route's own business. */
const SECURITY_NAMES = [
  'content-security-policy',
  'referrer-policy',
  'x-frame-options',
  'x-content-type-options',
] as const;

const NOSNIFF = { 'x-content-type-options': 'nosniff' };
/** JSON, problems, documents, MCP, text and CSS: nothing runs if a browser opens one. */
const DATA = { 'content-security-policy': "default-src 'none'", ...NOSNIFF };
const SVG = { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", ...NOSNIFF };
const SIGN_IN = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  ...NOSNIFF,
};
const HASH = /^'sha256-[A-Za-z0-9+/]+=*'$/;

function securityHeaders(headers: Headers): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of SECURITY_NAMES) {
    const value = headers.get(name);
    if (value !== null) found[name] = value;
  }
  return found;
}

/** A strict page policy: only this origin and hashed inline code, nothing framing the page. */
function expectPageHeaders(headers: Headers): void {
  const { 'content-security-policy': policy, ...rest } = securityHeaders(headers);
  expect(rest).toEqual({
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...NOSNIFF,
  });
  const directives = new Map(
    policy!.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );
  expect([...directives.keys()]).toEqual([
    'default-src',
    'script-src',
    'style-src',
    'img-src',
    'form-action',
    'base-uri',
    'frame-ancestors',
  ]);
  expect(directives.get('default-src')).toEqual(["'none'"]);
  expect(directives.get('img-src')).toEqual(["'self'"]);
  expect(directives.get('form-action')).toEqual(["'self'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  for (const name of ['script-src', 'style-src']) {
    const [self, ...hashes] = directives.get(name)!;
    expect(self, name).toBe("'self'");
    for (const hash of hashes) expect(hash, name).toMatch(HASH);
  }
  // The page's one inline script (the copy buttons) runs because Astro hashed it.
  expect(directives.get('script-src')!.length).toBeGreaterThan(1);
}

let address = 0;
/** Each request from its own client address, so only the 429 route spends a budget to the end. */
function get(path: string, init: RequestInit = {}): Promise<Response> {
  address++;
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'X-Forwarded-For': `203.0.113.${address % 250}`, ...(init.headers ?? {}) },
  });
}

beforeAll(async () => {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'server', 'entry.mjs')))
    throw new Error('the site is not built: run npm run build first (npm test does)');
  server = await startTestServer(tempDir(), {
    AFSCORE_ROOT: PROJECT_ROOT,
    AFSCORE_TRUST_PROXY: 'loopback',
    AFSCORE_READ_LIMIT: '3',
  });
  ({ key } = await issueKey(server.running.services.store, 'grace-h', null, new Date().toISOString()));
}, 60_000);
afterAll(() => server?.close());

describe('security headers', () => {
  it('a page: strict CSP with hashed inline code, no framing, a referrer without paths', async () => {
    const response = await get('/packages/pg-query');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectPageHeaders(response.headers);
  });

  it('a page that is not found (404)', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expectPageHeaders(response.headers);
  });

  it('the sign-in page, which shows keys: no script, no referrer', async () => {
    const response = await get('/sign-in');
    expect(response.status).toBe(200);
    expect(securityHeaders(response.headers)).toEqual(SIGN_IN);
  });

  it('static files of the built site', async () => {
    const html = await (await get('/packages/pg-query')).text();
    const stylesheet = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec(html)![1]!;
    for (const [path, expected] of [
      [stylesheet, DATA],
      ['/robots.txt', DATA],
      ['/favicon.ico', DATA],
      ['/favicon.svg', SVG],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(securityHeaders(response.headers), path).toEqual(expected);
    }
  });

  it('JSON from memory, readable from any origin', async () => {
    const response = await get('/v1/packages/pg-query');
    expect(response.status).toBe(200);
    expect(securityHeaders(response.headers)).toEqual(DATA);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('JSON from the store on disk (a checkout lease)', async () => {
    const claimed = await get('/v1/checkout/pg-query', { method: 'POST', headers: { 'X-Api-Key': key } });
    expect(claimed.status).toBe(201);
    const response = await get('/v1/checkout/pg-query');
    expect(response.status).toBe(200);
    expect((await response.json()) as object).toMatchObject({ package_id: 'pg-query' });
    expect(securityHeaders(response.headers)).toEqual(DATA);
  });

  it('badges: SVG may style itself and nothing else; both stay embeddable from any origin', async () => {
    const svg = await get('/badge/pg-query.svg');
    expect(svg.status).toBe(200);
    expect(securityHeaders(svg.headers)).toEqual(SVG);
    expect(svg.headers.get('access-control-allow-origin')).toBe('*');
    const json = await get('/badge/pg-query.json');
    expect(securityHeaders(json.headers)).toEqual(DATA);
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('problems: 400, 404, 405 and 429', async () => {
    const bad = await get('/v1/packages?per_page=0');
    const missing = await get('/v1/packages/no-such-package');
    const method = await get('/v1/stats', { method: 'POST' });
    expect([bad.status, missing.status, method.status]).toEqual([400, 404, 405]);
    const limited = { 'X-Forwarded-For': '198.51.100.7' };
    let last: Response | undefined;
    for (let attempt = 0; attempt < 4; attempt++) last = await get('/v1/stats', { headers: limited });
    expect(last!.status).toBe(429);
    for (const response of [bad, missing, method, last!]) {
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(securityHeaders(response.headers), String(response.status)).toEqual(DATA);
    }
  });

  it('304 answers carry the set of the body they stand for', async () => {
    for (const [path, expected] of [
      ['/v1/packages/pg-query', DATA],
      ['/badge/pg-query.svg', SVG],
    ] as const) {
      const etag = (await get(path)).headers.get('etag')!;
      const response = await get(path, { headers: { 'If-None-Match': etag } });
      expect(response.status, path).toBe(304);
      expect(securityHeaders(response.headers), path).toEqual(expected);
    }
  });

  it('MCP: a JSON-RPC answer, and 405 for GET', async () => {
    const initialize = await get('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(initialize.status).toBe(200);
    expect(securityHeaders(initialize.headers)).toEqual(DATA);
    const refused = await get('/mcp');
    expect(refused.status).toBe(405);
    expect(securityHeaders(refused.headers)).toEqual(DATA);
  });

  it('documents: OpenAPI, llms.txt, the guide, schemas, problem pages, health', async () => {
    for (const path of [
      '/openapi.json',
      '/llms.txt',
      '/evaluation-guide.md',
      '/schemas/evaluation-2.0.json',
      '/problems/not-found',
      '/healthz',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(securityHeaders(response.headers), path).toEqual(DATA);
    }
  });

  it('a CORS preflight', async () => {
    const response = await get('/v1/packages', {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(securityHeaders(response.headers)).toEqual(DATA);
  });

  it('a request Node refuses before any handler runs', async () => {
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((done, fail) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('end', () => done(answer));
      socket.on('error', fail);
    });
    const [head] = raw.split('\r\n\r\n');
    const [status, ...lines] = head!.split('\r\n');
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    const headers = new Headers(
      lines.map((line): [string, string] => [
        line.slice(0, line.indexOf(':')),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    expect(securityHeaders(headers)).toEqual(DATA);
  });
});

/** Netlify's and Cloudflare's `_headers`: a path line, then indented `Name: value` lines. */
function parseHeadersFile(text: string): { pattern: RegExp; headers: [string, string][] }[] {
  const rules: { pattern: RegExp; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replaceAll('*', '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
    } else {
      const [name, ...value] = line.trim().split(':');
      rules.at(-1)!.headers.push([name!.toLowerCase(), value.join(':').trim()]);
    }
  }
  return rules;
}

describe('the static mirror’s _headers', () => {
  it('gives a static host the same security headers as the server, path by path', async () => {
    const out = tempDir();
    const io = captureIo(server.root);
    const mirror = ['mirror', '--generated', server.generatedDir, '--out', out, '--public-url', server.url];
    expect(await main(mirror, io)).toBe(0);
    const rules = parseHeadersFile(readFileSync(join(out, '_headers'), 'utf8'));
    const html = await (await get('/packages/pg-query')).text();
    const stylesheet = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec(html)![1]!;
    for (const path of [
      '/v1/packages/pg-query',
      '/v1/categories',
      '/badge/pg-query.svg',
      '/badge/pg-query.json',
      '/openapi.json',
      '/llms.txt',
      '/evaluation-guide.md',
      '/schemas/evaluation-2.0.json',
      '/problems/not-found',
      stylesheet,
      '/favicon.svg',
      '/favicon.ico',
      '/robots.txt',
    ]) {
      const sent = rules.filter((rule) => rule.pattern.test(path)).flatMap((rule) => rule.headers);
      // A host joins the values of a header set by two matching rules; none may be.
      const names = sent.map(([name]) => name);
      expect(new Set(names).size, `${path}: ${names.join(', ')}`).toBe(names.length);
      const live = await get(path);
      expect(live.status, path).toBe(200);
      expect(securityHeaders(new Headers(sent)), path).toEqual(securityHeaders(live.headers));
    }
  });
});
