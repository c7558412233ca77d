/**
 * Fakes of the registries afscore reads, at their HTTP boundary, on one loopback port:
 * - npm (`/npm/<name>`, scoped names with `%2f` or `/`): packuments as registry.npmjs.org serves
 *   them, with an `ETag` and `Last-Modified`, 304 on a matching `If-None-Match`, and
 *   `{"error":"Not found"}` with 404 for an unknown name;
 * - npm download counts (`/npm-api/downloads/point/last-month/<name>`);
 * - PyPI's JSON API (`/pypi/<project>/json`);
 * - the MCP Registry (`/mcp/v0.1/servers` with `cursor`, `limit`, `updated_since`, `version`, and
 *   `/mcp/v0.1/servers/<name>/versions/latest`).
 * Bodies come from test/fixtures/registries (trimmed real answers, or documented shapes; see its
 * README). Faults can be queued, and every request is recorded with the headers that matter.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const REGISTRY_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'registries');

export function registryFixture(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(REGISTRY_FIXTURES, path), 'utf8'));
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  ifNoneMatch: string | undefined;
  at: number;
}

export type RegistryFault = { status: number; headers?: Record<string, string>; body?: string };

export interface FakeRegistries {
  url: string;
  endpoints: { npm: string; npmDownloads: string; pypi: string; mcpRegistry: string };
  /** npm name → packument; replace an entry to publish a new version. */
  npm: Map<string, Record<string, unknown>>;
  downloads: Map<string, number>;
  pypi: Map<string, Record<string, unknown>>;
  /** MCP Registry ServerResponses, in listing order. */
  servers: Record<string, unknown>[];
  /** Servers per page of `GET /v0.1/servers` when the client asks for more. */
  pageSize: number;
  requests: RecordedRequest[];
  /** The next `count` requests whose path starts with `prefix` answer with the fault. */
  fail(prefix: string, count: number, fault: RegistryFault): void;
  close(): Promise<void>;
}

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;

function updatedAt(server: Record<string, unknown>): number {
  const meta = (server._meta as Record<string, { updatedAt?: string }> | undefined)?.[
    'io.modelcontextprotocol.registry/official'
  ];
  return Date.parse(meta?.updatedAt ?? '1970-01-01T00:00:00Z');
}

function isLatest(server: Record<string, unknown>): boolean {
  const meta = (server._meta as Record<string, { isLatest?: boolean }> | undefined)?.[
    'io.modelcontextprotocol.registry/official'
  ];
  return meta?.isLatest !== false;
}

function serverName(server: Record<string, unknown>): string {
  return (server.server as { name: string }).name;
}

export async function startFakeRegistries(): Promise<FakeRegistries> {
  const faults: { prefix: string; fault: RegistryFault }[] = [];
  const state = {
    npm: new Map<string, Record<string, unknown>>(),
    downloads: new Map<string, number>(),
    pypi: new Map<string, Record<string, unknown>>(),
    servers: [] as Record<string, unknown>[],
    pageSize: 100,
    requests: [] as RecordedRequest[],
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    state.requests.push({
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      userAgent: req.headers['user-agent'],
      ifNoneMatch: req.headers['if-none-match'] as string | undefined,
      at: Date.now(),
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(text);
    };
    const fault = faults.findIndex((entry) => path.startsWith(entry.prefix));
    if (fault >= 0) {
      const { fault: answer } = faults.splice(fault, 1)[0]!;
      res.writeHead(answer.status, { 'Content-Type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
      return;
    }
    /** An answer with validators; 304 when the client already has it. */
    const conditional = (body: unknown, lastModified: string) => {
      const text = JSON.stringify(body);
      const etag = etagOf(text);
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag, 'Last-Modified': lastModified });
        res.end();
        return;
      }
      send(200, text, { ETag: etag, 'Last-Modified': lastModified });
    };
    if (path.startsWith('/npm/')) {
      const name = path.slice('/npm/'.length);
      const packument = state.npm.get(name);
      if (!packument) return send(404, { error: 'Not found' });
      const time = packument.time as Record<string, string> | undefined;
      const modified = Object.values(time ?? {})
        .filter((value) => typeof value === 'string')
        .sort()
        .pop();
      return conditional(packument, new Date(modified ?? 0).toUTCString());
    }
    if (path.startsWith('/npm-api/downloads/point/last-month/')) {
      const name = path.slice('/npm-api/downloads/point/last-month/'.length);
      const count = state.downloads.get(name);
      if (count === undefined) return send(404, { error: `package ${name} not found` });
      return send(200, { downloads: count, start: '2026-10-25', end: '2026-11-23', package: name });
    }
    const pypi = /^\/pypi\/([^/]+)\/json$/.exec(path);
    if (pypi) {
      const project = state.pypi.get(pypi[1]!);
      return project
        ? conditional(project, 'Tue, 18 Nov 2026 09:00:00 GMT')
        : send(404, { message: 'Not Found' });
    }
    const latest = /^\/mcp\/v0\.1\/servers\/(.+)\/versions\/latest$/.exec(path);
    if (latest) {
      const entry = state.servers.find(
        (candidate) => serverName(candidate) === latest[1] && isLatest(candidate),
      );
      return entry
        ? conditional(entry, 'Tue, 18 Nov 2026 09:00:00 GMT')
        : send(404, { error: 'Server not found' });
    }
    if (path === '/mcp/v0.1/servers') {
      const since = url.searchParams.get('updated_since');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), state.pageSize);
      const sinceMs = since === null ? null : Date.parse(since);
      if (sinceMs !== null && Number.isNaN(sinceMs)) return send(400, { error: 'invalid updated_since' });
      const matching = state.servers.filter((entry) => {
        if (sinceMs !== null) return updatedAt(entry) > sinceMs;
        const status = (entry._meta as Record<string, { status?: string }>)[
          'io.modelcontextprotocol.registry/official'
        ]?.status;
        return url.searchParams.get('version') === 'latest' ? isLatest(entry) && status !== 'deleted' : true;
      });
      // Cursors are opaque to clients; the official registry uses "name:version".
      const cursor = url.searchParams.get('cursor');
      const start = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
      const page = matching.slice(start, start + limit);
      const next =
        start + limit < matching.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
      return send(200, {
        servers: page,
        metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) },
      });
    }
    send(404, { error: `the fake registries have no ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    url,
    endpoints: { npm: `${url}/npm`, npmDownloads: `${url}/npm-api`, pypi: url, mcpRegistry: `${url}/mcp` },
    fail(prefix: string, count: number, fault: RegistryFault) {
      for (let index = 0; index < count; index += 1) faults.push({ prefix, fault });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
