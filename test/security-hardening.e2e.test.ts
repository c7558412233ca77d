/**
 * The points of the security review (src/docs/security-review.md) that had no test elsewhere, over
 * raw sockets against the real front server with the built site: slow and oversized clients, too
 * many connections, path traversal on every route that could touch a file, header injection, Host
 * poisoning of the documents, the Host check on /mcp, and secrets staying out of logs.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { pullRequestText } from '../src/core/contributions/pull-request.ts';
import { allowedHosts, hostAllowed } from '../src/server/mcp/host-policy.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { HOSTILE } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const tempDir = useTempDirs();
let server: TestServer;
let port: number;
let key: string;

beforeAll(async () => {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'server', 'entry.mjs')))
    throw new Error('the site is not built: run npm run build first (npm test does)');
  const root = tempDir();
  const stateDir = join(root, 'state');
  server = await startTestServer(root, {
    AFSCORE_ROOT: PROJECT_ROOT,
    AFSCORE_STATE_DIR: stateDir,
    AFSCORE_LOCAL_REPO: root,
    AFSCORE_READ_LIMIT: '100000',
    AFSCORE_MCP_LIMIT: '100000',
    AFSCORE_HEADERS_TIMEOUT_MS: '1000',
    AFSCORE_REQUEST_TIMEOUT_MS: '2000',
    AFSCORE_MAX_CONNECTIONS: '12',
  });
  port = Number(new URL(server.url).port);
  const io = captureIo(root);
  expect(await main(['keys', 'issue', 'grace-h', '--state', stateDir], io)).toBe(0);
  key = io.stdout[0]!;
}, 60_000);
afterAll(() => server?.close());

interface RawAnswer {
  text: string;
  status: number;
  headers: string[];
  body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfter: number;
}

/** Sends raw bytes (optionally in timed pieces) and collects everything until the server closes. */
function raw(pieces: readonly (string | Buffer)[], gapMs = 0): Promise<RawAnswer> {
  return new Promise((resolvePromise, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let index = 0;
    let timer: NodeJS.Timeout | undefined;
    const sendNext = () => {
      if (index >= pieces.length || socket.destroyed) return;
      socket.write(pieces[index++]!);
      timer = setTimeout(sendNext, gapMs);
    };
    socket.on('connect', sendNext);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headers] = head.split('\r\n');
      resolvePromise({
        text,
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers: headers.map((line) => line.toLowerCase()),
        body,
        closedAfter: Date.now() - started,
      });
    });
    setTimeout(() => reject(new Error('the server never closed the connection')), 15_000).unref();
  });
}

/** A GET with the path exactly as given (fetch would normalise dot segments away). */
function getRaw(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return raw([`${lines.join('\r\n')}\r\n\r\n`]);
}

function expectProblem(answer: RawAnswer, status: number): void {
  expect(answer.status, answer.text.slice(0, 200)).toBe(status);
  expect(answer.headers).toContain('content-type: application/problem+json; charset=utf-8');
  const body = JSON.parse(answer.body);
  expect(body.status).toBe(status);
  expect(typeof body.detail).toBe('string');
  // Even a request Node refused before any handler ran carries the rate-limit headers.
  for (const name of [
    'ratelimit-policy',
    'ratelimit',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
  ])
    expect(
      answer.headers.some((line) => line.startsWith(`${name}: `)),
      name,
    ).toBe(true);
}

describe('slow, oversized and greedy clients', () => {
  it('cuts off a client that sends its headers too slowly (slowloris) with a 408 problem', async () => {
    const trickle = [
      'GET /v1/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    ];
    const answer = await raw(trickle, 100);
    expectProblem(answer, 408);
    // Headers are due within 1 s here; timeouts are checked every second.
    expect(answer.closedAfter).toBeGreaterThanOrEqual(900);
    expect(answer.closedAfter).toBeLessThan(3_500);
  });

  it('cuts off a client that sends its body too slowly with a 408 problem', async () => {
    const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
    const answer = await raw([head, ...Array.from({ length: 60 }, () => ' ')], 100);
    expectProblem(answer, 408);
    expect(answer.closedAfter).toBeGreaterThanOrEqual(1_900);
    expect(answer.closedAfter).toBeLessThan(4_500);
    // The handler waiting for that body gave up quietly: no internal error was logged.
    expect(server.logs.join('\n')).not.toMatch(/urn:uuid/);
  });

  it('answers a request that is not HTTP with a 400 problem', async () => {
    const answer = await raw(['GARBAGE\r\n\r\n']);
    expectProblem(answer, 400);
    expect(JSON.parse(answer.body).type).toBe('https://afscore.dev/problems/malformed-request');
  });

  it('refuses headers over 16 KiB with a 431 problem', async () => {
    expectProblem(await getRaw('/v1/stats', { 'X-Padding': 'a'.repeat(20_000) }), 431);
  });

  it('refuses a malformed request with a 400 problem', async () => {
    expectProblem(await raw(['GET /v1/stats HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n']), 400);
  });

  it('stops reading a chunked body at 1 MiB and answers 413', async () => {
    const status = await new Promise<number>((resolvePromise, reject) => {
      const req = request(
        `${server.url}/v1/evaluations`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Api-Key': key } },
        (response) => {
          response.resume();
          resolvePromise(response.statusCode!);
        },
      );
      req.on('error', reject);
      // No Content-Length: chunks, 64 KiB at a time, up to 2 MiB or until the server answers.
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 32 && !req.destroyed) {
          sent++;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  it('drops connections over the limit and serves again once they close', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 16 },
        () =>
          new Promise<{ socket: Socket; closedEarly: Promise<boolean> }>((resolvePromise) => {
            const socket = connect(port, '127.0.0.1');
            socket.on('error', () => {});
            const closedEarly = new Promise<boolean>((done) => {
              socket.once('close', () => done(true));
              setTimeout(() => done(false), 400);
            });
            socket.once('connect', () => resolvePromise({ socket, closedEarly }));
          }),
      ),
    );
    const dropped = (await Promise.all(sockets.map((entry) => entry.closedEarly))).filter(Boolean).length;
    expect(dropped).toBeGreaterThanOrEqual(4);
    expect(16 - dropped).toBeLessThanOrEqual(12);
    for (const { socket } of sockets) socket.destroy();
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
    expect((await fetch(`${server.url}/v1/stats`)).status).toBe(200);
  });
});

describe('path traversal', () => {
  const attempts = [
    '/badge/..%2F..%2Fpackage.json.svg',
    '/badge/..%2f..%2f..%2fetc%2fpasswd.svg',
    '/badge/%2e%2e/package.json',
    '/v1/packages/..%2F..%2Fpackage.json',
    '/v1/packages/..',
    '/v1/checkout/..%2F..%2Fpackage.json',
    '/v1/evaluations/..%2F..%2F.state%2Fafscore.sqlite',
    '/schemas/../package.json',
    '/schemas/..%2F..%2Fpackage.json',
    '/schemas/%2e%2e%2f%2e%2e%2fpackage.json',
    '/problems/..%2F..%2Fpackage.json',
    '/evaluation-guide.md/../../package.json',
    '/_astro/..%2F..%2F..%2Fpackage.json',
    '/..%2F..%2Fpackage.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/packages/..%2F..%2F..%2Fpackage.json',
    '/sign-in/..%2F..%2Fpackage.json',
  ];

  it.each(attempts)('never serves a file outside what it publishes: %s', async (path) => {
    const answer = await getRaw(path);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toContain('"name": "afscore"');
    expect(answer.body).not.toContain('root:x:0:0');
    expect(answer.body).not.toContain('SQLite format');
  });
});

describe('header injection', () => {
  const injected = (answer: RawAnswer) =>
    answer.headers.filter((line) => line.startsWith('set-cookie') || line.startsWith('x-injected'));

  it.each([
    '/v1/packages/x%0d%0aSet-Cookie:%20a=b',
    '/v1/evaluations/sub_%0d%0aX-Injected:%201',
    '/badge/x%0d%0aX-Injected:%201.svg',
    '/v1/packages?q=%0d%0aSet-Cookie:%20a=b',
    '/v1/compare?ids=a%0d%0aX-Injected:1',
    '/sign-in/callback?state=%0d%0aSet-Cookie:%20a=b&code=1',
  ])('never turns an encoded CRLF into a header: %s', async (path) => {
    const answer = await getRaw(path);
    expect(answer.status).toBeLessThan(500);
    expect(injected(answer)).toEqual([]);
  });

  it('refuses a raw CR inside a header value (X-Forwarded-For) with a 400 problem', async () => {
    const answer = await raw([
      'GET /v1/stats HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 1.2.3.4\rSet-Cookie: a=b\r\n\r\n',
    ]);
    expectProblem(answer, 400);
    expect(injected(answer)).toEqual([]);
  });

  it('does not let the Host header into the documents (no cache poisoning)', async () => {
    for (const path of ['/llms.txt', '/openapi.json']) {
      const answer = await getRaw(path, { 'X-Forwarded-Host': 'evil.example' });
      const poisoned = await raw([`GET ${path} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`]);
      expect(poisoned.status).toBe(200);
      expect(poisoned.text).not.toContain('evil.example');
      expect(answer.text).not.toContain('evil.example');
    }
  });
});

describe('/mcp Host and Origin', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  const post = (host: string, origin?: string) =>
    raw([
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
        `${origin ? `Origin: ${origin}\r\n` : ''}Content-Length: ${initialize.length}\r\nConnection: close\r\n\r\n${initialize}`,
    ]);

  it('answers a loopback-bound server only by its own names (DNS rebinding)', async () => {
    expect((await post(`127.0.0.1:${port}`)).status).toBe(200);
    expect((await post(`localhost:${port}`)).status).toBe(200);
    const rebound = await post(`attacker.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    expect((await post(`127.0.0.1:${port}`, 'http://attacker.example')).status).toBe(403);
  });

  it('checks Host only when bound to loopback, and accepts the public URL’s host', () => {
    expect(allowedHosts('0.0.0.0', 'https://afscore.dev')).toBeNull();
    expect(hostAllowed('anything.example', allowedHosts('0.0.0.0', 'https://afscore.dev'))).toBe(true);
    const local = allowedHosts('localhost', 'https://afscore.dev');
    expect(hostAllowed('afscore.dev', local)).toBe(true);
    expect(hostAllowed('[::1]:4321', local)).toBe(true);
    expect(hostAllowed('localhost.attacker.example', local)).toBe(false);
    expect(hostAllowed(undefined, local)).toBe(false);
  });
});

describe('secrets and hostile text', () => {
  it('never logs an API key, whatever happens to the request', async () => {
    const doc = buildEvaluation({
      id: uuidFor('security/logged'),
      packageId: 'never-run',
      version: '0.1.0',
      contributor: 'grace-h',
      finishedAt: '2026-11-01T09:00:00Z',
      configSha: 'b'.repeat(64),
    });
    const headers = { 'Content-Type': 'application/json', 'X-Api-Key': key };
    expect(
      (await fetch(`${server.url}/v1/evaluations`, { method: 'POST', headers, body: JSON.stringify(doc) }))
        .status,
    ).toBe(202);
    expect((await fetch(`${server.url}/v1/evaluations`, { method: 'POST', headers, body: '{' })).status).toBe(
      400,
    );
    const wrong = `${key.slice(0, -4)}AAAA`;
    expect(
      (await fetch(`${server.url}/v1/checkout/pg-query`, { method: 'POST', headers: { 'X-Api-Key': wrong } }))
        .status,
    ).toBe(401);
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 300));
    const logs = server.logs.join('\n');
    // The secret follows "afk_<12-hex id>_"; it may itself contain "_", so cut by position.
    const secretOf = (text: string) => text.slice('afk_'.length + 13);
    expect(secretOf(key)).toHaveLength(43);
    expect(logs).not.toContain(secretOf(key));
    expect(logs).not.toContain(secretOf(wrong));
  });

  it('never sends credentials-enabled CORS: keys travel in a header, never in cookies', async () => {
    for (const path of ['/v1/stats', '/v1/evaluations', '/mcp', '/llms.txt', '/badge/pg-query.svg']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.example' },
      });
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('writes hostile package text into pull-request Markdown as inert text', () => {
    const doc = buildEvaluation({
      id: uuidFor('security/markdown'),
      packageId: 'hostile-pkg',
      version: '1.1.0',
      contributor: 'grace-h',
      finishedAt: '2026-11-01T09:00:00Z',
      outcomes: { 'SEC-01': { status: 'fail', message: `${HOSTILE.finding}\n# injected heading @everyone` } },
    });
    const text = pullRequestText({
      doc,
      packageName: `${HOSTILE.name} [click](javascript:alert(1)) @maintainers`,
      submissionId: 'sub_000000000000000000000001',
      tier: 'newcomer',
      spotCheck: false,
      selfEvaluation: 'none',
    });
    for (const markdown of [text.title, text.body]) {
      expect(markdown).not.toMatch(/<(script|svg|img|iframe)/i);
      expect(markdown).not.toContain('](javascript:');
      expect(markdown).not.toMatch(/^# injected/m);
      expect(markdown).not.toMatch(/@(everyone|maintainers)\b/);
    }
  });

  it('keeps package text out of llms.txt altogether', async () => {
    const text = await (await fetch(`${server.url}/llms.txt`)).text();
    expect(text).not.toContain('alert(');
    expect(text).not.toContain('hostile-pkg');
  });
});
