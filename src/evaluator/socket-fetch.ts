/**
 * `fetch` over a Unix socket, for the MCP client's Streamable HTTP transport: a server in the
 * sandbox listens on the sandbox's own loopback, which only the bridge's socket leads to
 * (sandbox/inside/http-bridge.cjs). The URL still names `localhost:PORT` (the Host header and
 * path the server expects); the connection goes to the socket. Bodies stream both ways, so
 * SSE responses work.
 */
import { request } from 'node:http';
import { Readable } from 'node:stream';

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

const NO_BODY = new Set([101, 204, 205, 304]);

async function bodyBytes(body: RequestInit['body']): Promise<Buffer | null> {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  return Buffer.from(await new Response(body).arrayBuffer());
}

export function socketFetch(socketPath: string): Fetch {
  return async (url, init = {}) => {
    const target = new URL(url);
    const body = await bodyBytes(init.body);
    const headers = new Headers(init.headers);
    if (body) headers.set('content-length', String(body.length));
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        {
          socketPath,
          method: init.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { ...Object.fromEntries(headers), host: target.host },
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (incoming) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
              responseHeaders.append(name, item);
          }
          const status = incoming.statusCode ?? 502;
          const stream = NO_BODY.has(status)
            ? null
            : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
          if (!stream) incoming.resume();
          resolve(
            new Response(stream, {
              status,
              statusText: incoming.statusMessage ?? '',
              headers: responseHeaders,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body ?? undefined);
    });
  };
}
