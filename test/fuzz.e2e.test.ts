/**
 * Generated requests at every endpoint of the real server, 10,500 in all: /v1 reads with query
 * strings and headers, submissions with generated bodies and keys, checkout, the MCP endpoint with
 * generated JSON-RPC messages (real and unknown methods, odd params and ids, batches, garbage),
 * badges, sign-in and the documents. Nothing may answer 5xx; every error is a problem body with the
 * status it is sent with, or for /mcp a JSON-RPC error; sign-in, a browser flow, answers HTML pages.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/capture-io.ts';
import { decodedBody } from './support/decoded-body.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { queryStrings } from './support/fuzz-queries.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let server: TestServer;
let github: FakeGitHub;
const keys = { valid: '', revoked: '' };
const total = { requests: 0 };

beforeAll(async () => {
  github = await startFakeGitHub();
  const root = tempDir();
  const stateDir = join(root, 'state');
  server = await startTestServer(root, {
    AFSCORE_STATE_DIR: stateDir,
    AFSCORE_LOCAL_REPO: root,
    AFSCORE_READ_LIMIT: '1000000000',
    AFSCORE_CHECKOUT_LIMIT: '1000000000',
    AFSCORE_SUBMIT_LIMIT: '1000000000',
    AFSCORE_MCP_LIMIT: '1000000000',
    AFSCORE_GITHUB_CLIENT_ID: 'fuzz-client',
    AFSCORE_GITHUB_CLIENT_SECRET: 'fuzz-secret',
    AFSCORE_GITHUB_API_URL: github.url,
  });
  for (const which of ['valid', 'revoked'] as const) {
    const io = captureIo(root);
    expect(await main(['keys', 'issue', 'grace-h', '--state', stateDir], io)).toBe(0);
    keys[which] = io.stdout[0]!;
  }
  expect(await main(['keys', 'revoke', keys.revoked, '--state', stateDir], captureIo(root))).toBe(0);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await github?.close();
  // The brief for this suite: at least 10,000 generated requests.
  expect(total.requests).toBeGreaterThanOrEqual(10_000);
});

interface Answer {
  status: number;
  type: string;
  body: string;
}

function send(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Answer> {
  total.requests++;
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${target}`,
      {
        method,
        headers: {
          'accept-encoding': 'identity',
          // Node sends a DELETE or GET body without framing unless told its length.
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            type: String(response.headers['content-type'] ?? ''),
            body: decodedBody(Buffer.concat(chunks), response.headers['content-encoding']),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every error outside /mcp and /sign-in: a problem body that carries the status it is sent with. */
function expectProblemOrSuccess(answer: Answer, method: string, label: string): void {
  expect(answer.status, label).toBeLessThan(500);
  if (answer.status < 400 || method === 'HEAD') return;
  expect(answer.type, label).toBe('application/problem+json; charset=utf-8');
  const body = JSON.parse(answer.body);
  expect(body.status, label).toBe(answer.status);
  expect(typeof body.type, label).toBe('string');
  expect(typeof body.title, label).toBe('string');
  expect(typeof body.detail, label).toBe('string');
}

const text = (maxLength = 24) => fc.string({ maxLength, unit: 'binary' });
const printable = (maxLength = 24) =>
  fc.string({ maxLength }).filter((value) => /^[\x20-\x7e]*$/.test(value));
const encoded = (maxLength = 16) => text(maxLength).map(encodeURIComponent);
const ids = fc.oneof(
  fc.constantFrom(
    'pg-query',
    'git-tools',
    'never-run',
    'hostile-pkg',
    'retired-server',
    'ghost',
    'PG-QUERY',
    '..',
    '.',
  ),
  encoded(),
);

const commonHeaders = fc.record(
  {
    'if-none-match': fc.oneof(fc.constant('*'), printable(20)),
    'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), printable(20)),
    origin: fc.constantFrom('https://example.org', 'null', 'http://localhost:4321'),
    'x-api-key': fc.oneof(printable(60), fc.constant(`afk_000000000000_${'A'.repeat(43)}`)),
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'application/problem+json'),
    'accept-encoding': fc.constantFrom('br', 'gzip', 'identity', 'gzip;q=0, br;q=0', 'br;q=abc'),
  },
  { requiredKeys: [] },
);

// -----------------------------------------------------------------------------------------------
// /v1 reads

const readSegment = fc.oneof(
  fc.constantFrom(
    'packages',
    'categories',
    'compare',
    'stats',
    'queue',
    'updated-since',
    'agent-guide',
    'leaderboard',
    'databases',
    'developer-tools',
    'pg-query',
    'evaluations',
    'checkout',
    '%2e%2e',
    '%00',
    '%E0%A4%A',
  ),
  encoded(12),
);
const readPath = fc
  .array(readSegment, { minLength: 0, maxLength: 4 })
  .map((parts) => `/v1/${parts.join('/')}`);
const query = queryStrings('pg-query,git-tools', (maxLength) =>
  fc.oneof(printable(maxLength), text(maxLength)),
);

describe('fuzzing every endpoint', () => {
  it('reads: /v1 paths, query strings and headers (3,000)', async () => {
    await fc.assert(
      fc.asyncProperty(
        readPath,
        query,
        fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE', 'PUT'),
        commonHeaders,
        async (path, search, method, headers) => {
          const target = search ? `${path}?${search}` : path;
          expectProblemOrSuccess(await send(method, target, headers), method, `${method} ${target}`);
        },
      ),
      {
        numRuns: 3_000,
        // Found by a CI run: a problem body over 1 KiB, compressed because the client accepts br.
        examples: [
          ['/v1/packages', 'dimension=1&=&%&page=%ZZ&%20=1&ids=1', 'GET', { 'accept-encoding': 'br' }],
        ],
      },
    );
  });

  // ---------------------------------------------------------------------------------------------
  // POST /v1/evaluations

  const baseDocument = () =>
    buildEvaluation({
      id: uuidFor('fuzz/base'),
      packageId: 'never-run',
      version: '0.1.0',
      contributor: 'grace-h',
      finishedAt: '2026-11-01T09:00:00Z',
      configSha: 'c'.repeat(64),
    }) as unknown as Record<string, unknown>;

  /** The valid document with one value somewhere inside replaced or removed. */
  function mutated(choice: number, replacement: unknown, remove: boolean, fresh: string): unknown {
    const doc = baseDocument();
    doc.evaluation_id = fresh;
    const holders: [Record<string, unknown> | unknown[], string | number][] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (const [index, item] of node.entries()) {
          holders.push([node, index]);
          walk(item);
        }
      } else if (node && typeof node === 'object') {
        for (const [name, item] of Object.entries(node)) {
          holders.push([node as Record<string, unknown>, name]);
          walk(item);
        }
      }
    };
    walk(doc);
    const [holder, slot] = holders[choice % holders.length]!;
    if (remove && !Array.isArray(holder)) delete (holder as Record<string, unknown>)[slot as string];
    else (holder as Record<string | number, unknown>)[slot] = replacement;
    return doc;
  }

  const submissionBody = fc.oneof(
    { arbitrary: text(200), weight: 1 },
    { arbitrary: fc.json({ maxDepth: 3 }), weight: 1 },
    { arbitrary: fc.constantFrom('', '{', 'null', '[]', '{"evaluation_id": 1}', '\u0000'), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.nat(), fc.jsonValue({ maxDepth: 2 }), fc.boolean(), fc.uuid({ version: 4 }))
        .map(([choice, replacement, remove, fresh]) =>
          JSON.stringify(mutated(choice, replacement, remove, fresh)),
        ),
      weight: 5,
    },
    {
      arbitrary: fc
        .uuid({ version: 4 })
        .map((fresh) => JSON.stringify({ ...baseDocument(), evaluation_id: fresh })),
      weight: 1,
    },
  );
  // Mostly the valid key, so that bodies reach validation; the rest probe authentication.
  const submissionKey = fc.oneof(
    { arbitrary: fc.constant('valid'), weight: 12 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constant('revoked'), weight: 1 },
    { arbitrary: printable(70), weight: 1 },
    { arbitrary: fc.constant(`afk_000000000000_${'A'.repeat(43)}`), weight: 1 },
  );
  const jsonMostly = (...others: string[]) =>
    fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      { arbitrary: fc.constantFrom(...others), weight: 2 },
    );

  it('submissions: generated bodies, keys and content types (2,000)', async () => {
    await fc.assert(
      fc.asyncProperty(
        submissionBody,
        submissionKey,
        jsonMostly('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', ''),
        fc.oneof(
          { arbitrary: fc.constant('POST'), weight: 8 },
          { arbitrary: fc.constantFrom('GET', 'PUT', 'OPTIONS'), weight: 1 },
        ),
        async (body, which, contentType, method) => {
          const headers: Record<string, string> = {};
          if (contentType) headers['content-type'] = contentType;
          if (which) headers['x-api-key'] = which === 'valid' || which === 'revoked' ? keys[which] : which;
          const answer = await send(method, '/v1/evaluations', headers, method === 'GET' ? undefined : body);
          expectProblemOrSuccess(answer, method, `${method} /v1/evaluations ${body.slice(0, 80)}`);
          if (answer.status === 202) expect(JSON.parse(answer.body).status).toBe('queued');
        },
      ),
      { numRuns: 2_000 },
    );
    // Two thousand validated submissions take ~10 s on a quiet machine; the limit catches a hang, not a slow core.
  }, 90_000);

  it('checkout and submission status: ids, methods and keys (1,000)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          ids.map((id) => `/v1/checkout/${id}`),
          fc.constant('/v1/checkout'),
          encoded(30).map((id) => `/v1/evaluations/${id}`),
          fc
            .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 })
            .map((hex) => `/v1/evaluations/sub_${hex}`),
        ),
        fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'),
        submissionKey,
        async (path, method, which) => {
          const headers: Record<string, string> = {};
          if (which) headers['x-api-key'] = which === 'valid' || which === 'revoked' ? keys[which] : which;
          expectProblemOrSuccess(await send(method, path, headers), method, `${method} ${path}`);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  // ---------------------------------------------------------------------------------------------
  // /mcp

  const tools = [
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
  const argument = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('pg-query', 'databases', 'af_score', '2026-01-01T00:00:00Z', 5, -1, 1e9, [
      'pg-query',
      'ghost',
    ]),
  );
  const toolArguments = fc.dictionary(
    fc.constantFrom(
      'id',
      'ids',
      'q',
      'query',
      'category',
      'slug',
      'dimension',
      'limit',
      'cursor',
      'sort',
      'timestamp',
      'kind',
      'page',
    ),
    argument,
    { maxKeys: 4 },
  );
  const rpcId = fc.oneof(
    fc.integer(),
    fc.string({ maxLength: 8 }),
    fc.constant(null),
    fc.constant({ nested: 1 }),
    fc.double(),
  );
  const message = fc.oneof(
    fc.record({
      jsonrpc: fc.constant('2.0'),
      id: rpcId,
      method: fc.constant('initialize'),
      params: fc.oneof(
        fc.record({
          protocolVersion: fc.constantFrom(
            '2025-11-25',
            '2025-06-18',
            '2025-03-26',
            '2024-11-05',
            '1999-01-01',
            '',
          ),
          capabilities: fc.constant({}),
          clientInfo: fc.record({ name: fc.string({ maxLength: 8 }), version: fc.string({ maxLength: 4 }) }),
        }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    }),
    fc.record({
      jsonrpc: fc.constant('2.0'),
      id: rpcId,
      method: fc.constant('tools/call'),
      params: fc.record({
        name: fc.oneof(fc.constantFrom(...tools), fc.string({ maxLength: 12 })),
        arguments: toolArguments,
      }),
    }),
    fc.record({
      jsonrpc: fc.constant('2.0'),
      id: rpcId,
      method: fc.constantFrom(
        'tools/list',
        'resources/list',
        'resources/templates/list',
        'prompts/list',
        'ping',
        'logging/setLevel',
      ),
      params: fc.oneof(
        fc.constant(undefined),
        fc.record({ cursor: fc.string({ maxLength: 10 }) }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    }),
    fc.record({
      jsonrpc: fc.constant('2.0'),
      id: rpcId,
      method: fc.constant('resources/read'),
      params: fc.record({
        uri: fc.oneof(
          fc.constantFrom(
            'afscore://evaluation-guide',
            'afscore://schemas/evaluation-2.0.json',
            'afscore://packages/pg-query',
            'afscore://packages/../../etc/passwd',
            'file:///etc/passwd',
          ),
          ids.map((id) => `afscore://packages/${id}`),
          fc.string({ maxLength: 20 }),
        ),
      }),
    }),
    fc.record({
      jsonrpc: fc.constant('2.0'),
      id: rpcId,
      method: fc.constantFrom('prompts/get', 'completion/complete'),
      params: fc.record({
        name: fc.constantFrom('evaluate_package', 'nope'),
        arguments: fc.dictionary(fc.constantFrom('id', 'package_id'), fc.oneof(ids, fc.string())),
        ref: fc.record({
          type: fc.constantFrom('ref/prompt', 'ref/resource'),
          name: fc.string(),
          uri: fc.string(),
        }),
        argument: fc.record({
          name: fc.constantFrom('id', 'package_id', 'x'),
          value: fc.string({ maxLength: 6 }),
        }),
      }),
    }),
    fc.record({
      jsonrpc: fc.constantFrom('2.0', '1.0', undefined),
      id: fc.option(rpcId),
      method: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('notifications/initialized', 'notifications/cancelled', 'sampling/createMessage'),
      ),
      params: fc.jsonValue({ maxDepth: 2 }),
    }),
  );
  const mcpBody = fc.oneof(
    message.map((entry) => JSON.stringify(entry)),
    message.map((entry) => JSON.stringify(entry)),
    fc.array(message, { minLength: 0, maxLength: 3 }).map((batch) => JSON.stringify(batch)),
    fc.jsonValue({ maxDepth: 3 }).map((entry) => JSON.stringify(entry)),
    text(120),
    message.map((entry) => JSON.stringify(entry).slice(0, -3)),
  );
  // Mostly what a client sends, so that messages reach the SDK; the rest probe the HTTP checks.
  const mcpHeaders = fc.record(
    {
      'content-type': jsonMostly('text/plain', 'application/json; charset=utf-8', ''),
      accept: fc.constantFrom(
        'application/json, text/event-stream',
        'application/json',
        'text/event-stream',
        '*/*',
        'text/html',
      ),
      'mcp-protocol-version': fc.oneof(
        { arbitrary: fc.constantFrom('2025-11-25', '2025-06-18', '2025-03-26'), weight: 6 },
        { arbitrary: fc.constant('garbage'), weight: 1 },
      ),
      'mcp-session-id': printable(12),
      origin: fc.oneof(
        { arbitrary: fc.constant(''), weight: 8 },
        { arbitrary: fc.constantFrom('https://attacker.example', 'null'), weight: 1 },
        { arbitrary: fc.constant('self'), weight: 1 },
      ),
    },
    { requiredKeys: ['content-type', 'origin'] },
  );

  it('/mcp: JSON-RPC messages, batches and garbage (2,500)', async () => {
    await fc.assert(
      fc.asyncProperty(
        mcpBody,
        mcpHeaders,
        fc.oneof(
          { arbitrary: fc.constant('POST'), weight: 12 },
          { arbitrary: fc.constantFrom('GET', 'DELETE', 'OPTIONS', 'PUT'), weight: 1 },
        ),
        async (body, headers, method) => {
          const clean = Object.fromEntries(
            Object.entries(headers)
              .filter(([, entry]) => entry !== '')
              .map(([name, entry]) => [name, name === 'origin' && entry === 'self' ? server.url : entry]),
          );
          const answer = await send(method, '/mcp', clean, method === 'GET' ? undefined : body);
          const label = `${method} /mcp ${body.slice(0, 100)}`;
          expect(answer.status, label).toBeLessThan(500);
          if (answer.status >= 400 && method !== 'OPTIONS') {
            const parsed = JSON.parse(answer.body);
            expect(parsed.jsonrpc, label).toBe('2.0');
            expect(typeof parsed.error?.code, label).toBe('number');
            expect(typeof parsed.error?.message, label).toBe('string');
          }
          if (answer.status === 200) {
            const parsed = JSON.parse(answer.body);
            for (const reply of Array.isArray(parsed) ? parsed : [parsed]) {
              expect(reply.jsonrpc, label).toBe('2.0');
              expect('result' in reply || 'error' in reply, label).toBe(true);
            }
          }
        },
      ),
      { numRuns: 2_500 },
    );
  });

  // ---------------------------------------------------------------------------------------------
  // Badges, sign-in and documents

  it('badges: ids, formats, methods and validators (1,000)', async () => {
    await fc.assert(
      fc.asyncProperty(
        ids,
        fc.constantFrom('svg', 'json', 'png', 'svg.svg', ''),
        fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'DELETE'),
        commonHeaders,
        async (id, format, method, headers) => {
          const path = `/badge/${id}${format ? `.${format}` : ''}`;
          const answer = await send(method, path, headers);
          const label = `${method} ${path}`;
          // By design an unknown or removed package still gets a badge (grey "not found" or
          // "removed", 404 or 410), since README images cannot show a problem body.
          const badge = /^\/badge\/[^/]+\.(svg|json)$/.exec(path)?.[1];
          const image = !answer.type.startsWith('application/problem+json');
          if (badge && image && (answer.status === 404 || answer.status === 410) && method !== 'HEAD') {
            expect(answer.type, label).toBe(
              badge === 'svg' ? 'image/svg+xml; charset=utf-8' : 'application/json; charset=utf-8',
            );
            if (badge === 'json') expect(JSON.parse(answer.body).schemaVersion, label).toBe(1);
            return;
          }
          expectProblemOrSuccess(answer, method, label);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('sign-in: steps, state, code and cookies, answered with HTML pages (500)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/sign-in',
          '/sign-in/',
          '/sign-in/github',
          '/sign-in/callback',
          '/sign-in/other',
          '/sign-in/%00',
        ),
        query,
        fc.record(
          { cookie: fc.oneof(printable(60), fc.constant('afscore_oauth_state=abc')) },
          { requiredKeys: [] },
        ),
        fc.constantFrom('GET', 'GET', 'HEAD', 'POST'),
        async (path, search, headers, method) => {
          const target = search ? `${path}?${search}` : path;
          const answer = await send(method, target, headers);
          expect(answer.status, target).toBeLessThan(500);
          if (answer.status >= 400 && method !== 'HEAD')
            expect(answer.type, target).toBe('text/html; charset=utf-8');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('documents and everything else: paths, methods and headers (500)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(
            '/openapi.json',
            '/llms.txt',
            '/evaluation-guide.md',
            '/schemas/evaluation-2.0.json',
            '/healthz',
            '/problems/not-found',
            '/robots.txt',
          ),
          encoded(20).map((slug) => `/problems/${slug}`),
          encoded(20).map((name) => `/schemas/${name}`),
          fc.array(encoded(8), { maxLength: 3 }).map((parts) => `/${parts.join('/')}`),
        ),
        fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE'),
        commonHeaders,
        async (path, method, headers) => {
          expectProblemOrSuccess(await send(method, path, headers), method, `${method} ${path}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});
