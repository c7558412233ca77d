/**
 * The only way out of the sandbox during install steps: an HTTP proxy on a Unix socket that the
 * sandbox reaches through its bridge. It lets through CONNECT tunnels (and plain HTTP requests) to
 * the hosts the current step allows, on ports 443 and 80, refuses everything else with 403, and
 * writes down every request either way. The allowed hosts are names, matched exactly, so a
 * package cannot reach loopback, the LAN or a cloud metadata address through it. When the
 * evaluator itself sits behind a proxy (HTTPS_PROXY), tunnels go through that one.
 */
import { chmodSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { PROXY_PORTS } from './sandbox-policy.ts';

export interface EgressRecord {
  host: string;
  port: number;
  allowed: boolean;
  /** The step the request came in (the proxy is told when the step changes). */
  step: string;
}

export interface EgressProxy {
  socketPath: string;
  /** Which hosts the next requests may reach, and the step they belong to. */
  allow(step: string, hosts: readonly string[]): void;
  records(): EgressRecord[];
  close(): Promise<void>;
}

const MAX_RECORDS = 2_000;

function splitHostPort(authority: string, defaultPort: number): { host: string; port: number } | null {
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(authority.trim());
  if (!match) return null;
  return { host: match[1]!.toLowerCase(), port: match[2] ? Number(match[2]) : defaultPort };
}

/** Opens a tunnel to host:port, directly or through the evaluator's own proxy. */
function tunnel(host: string, port: number, upstream: URL | null): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (!upstream) {
      const socket = connect({ host, port }, () => resolve(socket));
      socket.once('error', reject);
      return;
    }
    const auth = upstream.username
      ? {
          'proxy-authorization': `Basic ${Buffer.from(`${decodeURIComponent(upstream.username)}:${decodeURIComponent(upstream.password)}`).toString('base64')}`,
        }
      : {};
    const asked = request({
      host: upstream.hostname,
      port: Number(upstream.port || 80),
      method: 'CONNECT',
      path: `${host}:${port}`,
      headers: { host: `${host}:${port}`, ...auth },
    });
    asked.once('connect', (response, socket) => {
      if (response.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`the upstream proxy answered ${response.statusCode}`));
      }
    });
    asked.once('error', reject);
    asked.end();
  });
}

export async function startEgressProxy(socketPath: string, upstream: URL | null): Promise<EgressProxy> {
  let allowed = new Set<string>();
  let step = 'fetch';
  const log: EgressRecord[] = [];
  const sockets = new Set<Duplex>();
  const note = (host: string, port: number, ok: boolean) => {
    if (log.length < MAX_RECORDS) log.push({ host, port, allowed: ok, step });
  };
  // A name allows ports 443 and 80; `name:port` allows that port (a registry on its own port).
  const permitted = (host: string, port: number) =>
    (allowed.has(host) && PROXY_PORTS.includes(port)) || allowed.has(`${host}:${port}`);

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    // A plain-HTTP proxy request carries an absolute URL.
    let target: URL;
    try {
      target = new URL(incoming.url ?? '');
    } catch {
      response.writeHead(400).end('afscore sandbox: not a proxy request\n');
      return;
    }
    const host = target.hostname.toLowerCase();
    const port = Number(target.port || 80);
    const ok = target.protocol === 'http:' && permitted(host, port);
    note(host, port, ok);
    if (!ok) {
      response.writeHead(403).end(`afscore sandbox: ${host} is not reachable from install steps\n`);
      return;
    }
    const forwarded = request(
      {
        host,
        port,
        method: incoming.method,
        path: `${target.pathname}${target.search}`,
        headers: incoming.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.once('error', () => response.destroy());
    incoming.pipe(forwarded);
  });

  server.on('connect', (incoming: IncomingMessage, client: Duplex, head: Buffer) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const target = splitHostPort(incoming.url ?? '', 443);
    const ok = target !== null && permitted(target.host, target.port);
    if (target) note(target.host, target.port, ok);
    if (!target || !ok) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    tunnel(target.host, target.port, upstream).then(
      (remote) => {
        sockets.add(remote);
        remote.once('close', () => sockets.delete(remote));
        remote.on('error', () => client.destroy());
        client.on('error', () => remote.destroy());
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) remote.write(head);
        remote.pipe(client);
        client.pipe(remote);
      },
      () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  // The sandbox runs as another user when the evaluator is root; it must be able to connect.
  chmodSync(socketPath, 0o666);
  return {
    socketPath,
    allow(nextStep, hosts) {
      step = nextStep;
      allowed = new Set(hosts.map((host) => host.toLowerCase()));
    },
    records: () => [...log],
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The evaluator's own proxy, from the environment npm and curl read, or null. */
export function upstreamProxy(env: NodeJS.ProcessEnv): URL | null {
  const value = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy;
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
