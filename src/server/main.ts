/**
 * Starts the front server on the generated data, with the Astro pages when they are built, and
 * shuts down gracefully on SIGTERM and SIGINT: stop accepting, let requests in flight finish, then
 * close what is left.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerConfig } from './config.ts';
import { createFrontServer, type PageHandler, policyFor } from './front-server.ts';
import { answerClientError } from './http/client-errors.ts';
import { LiveData } from './live/live-data.ts';
import { splitResponseBudget } from './live/response-cache.ts';
import { productModules } from './modules.ts';
import { pageLocalsFor } from './page-locals.ts';
import { clientAddress } from './rate-limit/client-address.ts';
import { rateLimitHeaders } from './rate-limit/headers.ts';
import { openServices, type Services } from './services.ts';

export interface RunningServer {
  server: Server;
  data: LiveData;
  services: Services;
  url: string;
  close(): Promise<void>;
}

const DRAIN_MS = 10_000;

async function loadPages(distDir: string): Promise<PageHandler | undefined> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return undefined;
  // The adapter's entry starts its own server unless told not to; this server is the front.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const module = (await import(pathToFileURL(entry).href)) as { handler: PageHandler };
  return module.handler;
}

export async function startServer(config: ServerConfig, log: (line: string) => void): Promise<RunningServer> {
  if (!existsSync(join(config.generatedDir, 'manifest.json'))) {
    throw new Error(`no generated data in ${config.generatedDir}; run npm run build:data first`);
  }
  const data = new LiveData(config.generatedDir, log, splitResponseBudget(config.responseCacheBytes).http);
  data.watch();
  const pages = await loadPages(config.distDir);
  if (!pages) log(`no built site in ${config.distDir}; pages answer 404 until npm run build`);
  const services = await openServices(config, data, log);
  const server = createFrontServer({
    config,
    data,
    limits: services.limits,
    log,
    modules: productModules(config, services),
    ...(pages ? { pages, pageLocals: pageLocalsFor(config, data, services) } : {}),
  });
  // Slow or idle clients cannot hold the server: headers within 10 s, whole requests within 30 s,
  // nothing moving for 60 s (a client that stops reading its answer), at most 1,000 sockets (the
  // defaults). Headers are capped at Node's 16 KiB, of which the first 100 fields are read;
  // bodies at 1 MiB where there are any (submissions, /mcp). Refusals are problem bodies.
  server.headersTimeout = config.http.headersTimeoutMs;
  server.requestTimeout = config.http.requestTimeoutMs;
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  server.timeout = config.http.idleTimeoutMs;
  server.maxConnections = config.http.maxConnections;
  server.maxHeadersCount = 100;
  const quotaHeaders = async (peer: string | undefined) => {
    // The headers could not be read, so no proxy header can be believed: the peer is the client.
    const client = clientAddress(peer, undefined, null);
    const nowMs = Date.now();
    const decision = await services.limits.peek(policyFor(config, 'read', client), client, nowMs);
    return rateLimitHeaders('read', decision, nowMs);
  };
  server.on('clientError', (error: NodeJS.ErrnoException, socket) =>
    answerClientError(error, socket, quotaHeaders),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  async function close(): Promise<void> {
    data.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    await closed;
    clearTimeout(timer);
    // Requests are done; the worker finishes the delivery in hand, then the store closes.
    await services.close();
  }
  return { server, data, services, url, close };
}

/** Stops on the first SIGTERM or SIGINT; a second one exits at once. */
export function stopOnSignals(running: RunningServer, log: (line: string) => void): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: finishing requests in flight, then stopping`);
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
