/**
 * The front server: one host for the server modules (server-module.ts: `/v1` reads and writes, MCP,
 * badges, documents, health, sign-in), asked in order whether they own a path; every other path goes
 * to the Astro handler. It decides each request's rate-limit budget, and every response carries the
 * rate-limit headers and the security headers, including pages and static files, which the Astro
 * handler alone would serve without them. A GET or HEAD of a target a module answered before with a
 * kept response (live/response-cache.ts) is answered here directly, without asking the module.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pageLocalsChannel } from '../site/page-locals-channel.ts';
import type { ServerConfig } from './config.ts';
import { type Encoding, negotiateEncoding } from './http/compression.ts';
import { CORS_HEADERS } from './http/cors.ts';
import { compressPages } from './http/page-compression.ts';
import { type PreparedResponse, writePrepared } from './http/prepared-response.ts';
import { problem } from './http/problems.ts';
import { problemReply } from './http/reply.ts';
import { parseRequestTarget, type RequestTarget } from './http/request-target.ts';
import { SecureResponse } from './http/secure-response.ts';
import { send } from './http/send.ts';
import type { LiveData } from './live/live-data.ts';
import { clientAddress } from './rate-limit/client-address.ts';
import { rateLimitHeaderList, rateLimitHeaders, setHeaderList } from './rate-limit/headers.ts';
import type { Policy, PolicyName } from './rate-limit/policies.ts';
import { quotaExceededReply } from './rate-limit/quota-reply.ts';
import type { Decision, RateLimitStore } from './rate-limit/rate-limit-store.ts';
import type { ServerModule } from './server-module.ts';
import { StoreUnavailableError } from './store/store-errors.ts';

/** The Astro adapter's handler; `locals` become the page's `Astro.locals`. */
export type PageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => void,
  locals?: object,
) => void;

export interface FrontServerOptions {
  config: ServerConfig;
  data: LiveData;
  limits: RateLimitStore;
  pages?: PageHandler;
  /** What pages get as `Astro.locals` for a request (site/page-context.ts). */
  pageLocals?: (req: IncomingMessage, nowMs: number) => Promise<object>;
  /** Parts that own paths of their own (modules.ts), asked in order, before the pages. */
  modules?: readonly ServerModule[];
  now?: () => number;
  log?: (line: string) => void;
}

/** Allow-list answers per configuration and client: the same clients ask over and over. Bounded. */
const allowedLimits = new WeakMap<ServerConfig, Map<string, number | null>>();
const REMEMBERED_CLIENTS = 4_096;

function allowedLimit(config: ServerConfig, client: string): number | null {
  if (config.allowlist.length === 0) return null;
  let known = allowedLimits.get(config);
  if (!known) {
    known = new Map();
    allowedLimits.set(config, known);
  }
  let limit = known.get(client);
  if (limit === undefined) {
    const family = client.includes(':') ? 'ipv6' : 'ipv4';
    limit = config.allowlist.find((entry) => entry.match.check(client, family))?.limit ?? null;
    if (known.size >= REMEMBERED_CLIENTS) known.clear();
    known.set(client, limit);
  }
  return limit;
}

export function policyFor(config: ServerConfig, name: PolicyName, client: string): Policy {
  return { name, limit: allowedLimit(config, client) ?? config.limits[name] };
}

function modulePolicy(module: ServerModule, target: RequestTarget, method: string): PolicyName | null {
  return typeof module.policy === 'function' ? module.policy(target, method) : module.policy;
}

export function createFrontServer(options: FrontServerOptions): Server {
  const { config, limits } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  /**
   * The hot path: a GET or HEAD whose raw target a module answered before in this data version
   * with a response it kept (http/prepared-response.ts). The budget is spent or shown as the module
   * would have, then the prepared head goes out with this client's rate-limit headers.
   */
  async function answerKept(
    req: IncomingMessage,
    res: ServerResponse,
    kept: PreparedResponse,
    encoding: Encoding | null,
  ): Promise<void> {
    const client = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustProxy);
    const started = now();
    const policy = policyFor(config, kept.policy ?? 'read', client);
    const decision =
      kept.policy === null
        ? await limits.peek(policy, client, started)
        : await limits.consume(policy, client, started);
    if (kept.policy !== null && !decision.allowed) {
      for (const [name, value] of Object.entries(rateLimitHeaders(policy.name, decision, started)))
        res.setHeader(name, value);
      send(req, res, quotaExceededReply(policy.name, decision, started));
      return;
    }
    writePrepared(req, res, kept, encoding, rateLimitHeaderList(policy.name, decision, started));
  }

  /** The kept answer for a GET or HEAD answered before (the hot path), else the ordinary way. */
  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' || req.method === 'HEAD') {
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      const kept = options.data.version.responses.byTarget(req.url!, encoding);
      if (kept) return answerKept(req, res, kept, encoding);
    }
    return handleOrdinary(req, res);
  }

  async function handleOrdinary(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseRequestTarget(req.url);
    const client = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustProxy);
    const started = now();
    const module = target === null ? undefined : options.modules?.find((candidate) => candidate.owns(target));
    // Modules decide their budget; pages only show the read budget.
    const spends: PolicyName | null = module ? modulePolicy(module, target!, req.method ?? 'GET') : null;
    const counts = spends !== null && req.method !== 'OPTIONS';
    const policy = policyFor(config, spends ?? 'read', client);
    const decision: Decision = counts
      ? await limits.consume(policy, client, started)
      : await limits.peek(policy, client, started);
    const rateLimitHead = rateLimitHeaderList(policy.name, decision, started);
    // A module that writes its head whole sets them itself, unless it is refused here.
    const refused = target === null || (counts && !decision.allowed);
    if (refused || !module?.writesRateLimitHeaders) setHeaderList(res, rateLimitHead);

    if (target === null) {
      send(
        req,
        res,
        problemReply(
          problem(
            'invalidTarget',
            'The request target must be a path starting with one "/" whose percent-escapes decode as UTF-8; encode each segment with encodeURIComponent.',
          ),
        ),
      );
      return;
    }
    if (counts && !decision.allowed) {
      send(req, res, quotaExceededReply(policy.name, decision, started));
      return;
    }
    if (module) {
      const spend = async (name: PolicyName, key: string): Promise<Decision> => {
        const keyed = { name, limit: config.limits[name] };
        const spent = await limits.consume(keyed, key, started);
        for (const [header, value] of Object.entries(rateLimitHeaders(name, spent, started)))
          res.setHeader(header, value);
        return spent;
      };
      await module.handle(req, res, {
        target,
        data: options.data.version,
        client,
        spend,
        now: started,
        rateLimitHead,
      });
      return;
    }
    if (options.pages) {
      const pages = options.pages;
      const locals = options.pageLocals ? await options.pageLocals(req, started) : undefined;
      // Pages, their CSS and scripts go out compressed when the client accepts it (http/page-compression.ts).
      const render = () => compressPages(req, res, () => pages(req, res, undefined, locals));
      if (locals) pageLocalsChannel().run(locals, render);
      else render();
      return;
    }
    send(req, res, problemReply(problem('notFound', `Nothing at ${target.path}.`)));
  }

  // Timeouts are enforced by a sweep over open sockets; once a second rather than Node's 30 s, so
  // that a slow client is cut off close to its deadline (the deadlines themselves are set in main.ts).
  // Every response, whoever writes it, gets the security headers of its kind (secure-response.ts).
  return createServer({ connectionsCheckingInterval: 1_000, ServerResponse: SecureResponse }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // The client went away mid-request: nothing to answer and nothing wrong on our side.
      if (
        req.destroyed &&
        error instanceof Error &&
        (error.message === 'aborted' || ('code' in error && error.code === 'ECONNRESET'))
      ) {
        res.destroy();
        return;
      }
      if (error instanceof StoreUnavailableError && !res.headersSent) {
        send(
          req,
          res,
          problemReply(
            problem('unavailable', `${error.message}. Reads still work; retry contributions later.`),
            { 'Retry-After': '60', ...CORS_HEADERS },
          ),
        );
        return;
      }
      const instance = `urn:uuid:${randomUUID()}`;
      log(
        `${instance} ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(
        req,
        res,
        problemReply(
          problem('internal', 'The request failed on our side; quote the instance id when reporting it.', {
            instance,
          }),
        ),
      );
    });
  });
}
