/**
 * The `/v1` reads (read-routes.ts), mounted after the modules that own the writes under `/v1`
 * (contributions, checkout, keys), so every other `/v1` path is a read and spends the read budget.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateEncoding } from '../http/compression.ts';
import { CORS_HEADERS, preflightHeaders } from '../http/cors.ts';
import { methodNotAllowed } from '../http/method-not-allowed.ts';
import { problem } from '../http/problems.ts';
import { problemReply, type Reply } from '../http/reply.ts';
import { send } from '../http/send.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';
import type { ReadContext } from './context.ts';
import { matchReadRoute } from './read-routes.ts';

const READ_METHODS = 'GET, HEAD, OPTIONS';

export interface ReadModuleOptions {
  /** Current checkout claims (package id → claimed until), shown in the queue. */
  claims?: (nowMs: number) => Promise<ReadonlyMap<string, string>>;
}

async function readReply(
  req: IncomingMessage,
  context: ModuleContext,
  options: ReadModuleOptions,
): Promise<Reply> {
  const { target } = context;
  const segments = target.segments.slice(1);
  const match = matchReadRoute(segments);
  if (!match) {
    return problemReply(
      problem('notFound', `No endpoint at ${target.path}; /openapi.json describes them all.`),
    );
  }
  if (req.method === 'OPTIONS')
    return { status: 204, headers: preflightHeaders(READ_METHODS), body: Buffer.alloc(0) };
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(READ_METHODS);
  const read: ReadContext = {
    segments,
    params: target.params,
    data: context.data,
    target: req.url!,
    encoding: negotiateEncoding(req.headers['accept-encoding']),
  };
  // Only the queue shows claims, so only the queue reads them.
  if (segments[0] === 'queue' && options.claims) read.claims = await options.claims(context.now);
  return match.route.handle(read, match.params);
}

export function readModule(options: ReadModuleOptions = {}): ServerModule {
  return {
    name: 'v1 reads',
    owns: (target) => target.segments[0] === 'v1',
    policy: 'read',
    async handle(req: IncomingMessage, res: ServerResponse, context: ModuleContext): Promise<void> {
      const reply = await readReply(req, context, options);
      Object.assign(reply.headers, CORS_HEADERS);
      send(req, res, reply);
    },
  };
}
