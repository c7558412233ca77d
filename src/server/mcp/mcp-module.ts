/**
 * `/mcp`: the MCP endpoint, Streamable HTTP, stateless, JSON responses. Every POST gets a fresh
 * server and transport over the request's data version, unless the same read call was answered
 * before in that version (mcp-answers.ts); GET and DELETE get 405 (no SSE stream, no
 * sessions); a browser origin that is not allowed gets 403. Errors at the HTTP level carry
 * JSON-RPC error bodies without an id, as MCP clients expect. The budget is the `mcp` policy,
 * which the front server counts and enforces before this module runs; its rate-limit headers are
 * written here (writesRateLimitHeaders), so that a kept answer to a client without Origin goes out
 * as one prepared head (node-bridge.ts), the quickest way Node has.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ServerConfig } from '../config.ts';
import { type BodyResult, readBody } from '../http/read-body.ts';
import { splitResponseBudget } from '../live/response-cache.ts';
import { setHeaderList } from '../rate-limit/headers.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';
import { allowedHosts, hostAllowed } from './host-policy.ts';
import { answerPieces, cacheableCall, keptAnswer, mcpAnswers } from './mcp-answers.ts';
import { createMcpServer } from './mcp-server.ts';
import { answerHead, toWebRequest, writeAnswer, writePreparedAnswer } from './node-bridge.ts';
import { allowedOrigins, corsHeaders, originAllowed, preflightHeaders } from './origin-policy.ts';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 1024 * 1024;

function sendRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(body);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The head of a kept answer to a request without Origin: the SDK's headers, then `Vary: Origin`. */
const plainHead = (headers: [string, string][]) => answerHead(headers, corsHeaders(undefined), MCP_PATH);

/** The kept answer to this body in this data version, and the call's id; null when there is none. */
function keptFor(req: IncomingMessage, body: Buffer, context: ModuleContext, answerBytes: number) {
  const call = cacheableCall(
    body,
    headerValue(req.headers['content-type']),
    headerValue(req.headers['mcp-protocol-version']),
  );
  const kept = call ? mcpAnswers(context.data, answerBytes).get(call.key) : undefined;
  return kept ? { kept, id: call!.id } : null;
}

async function answerPost(
  req: IncomingMessage,
  res: ServerResponse,
  context: ModuleContext,
  url: string,
  answerBytes: number,
  read: BodyResult,
) {
  const origin = req.headers.origin;
  // A client that went away mid-body gets nothing.
  if (!read.ok && read.reason === 'aborted') {
    res.destroy();
    return;
  }
  if (!read.ok) {
    sendRpcError(res, 413, `Request body larger than ${MAX_BODY_BYTES} bytes; send one JSON-RPC message.`, {
      ...corsHeaders(origin),
      Connection: 'close',
    });
    return;
  }
  const body = read.body;
  // The same read call in this data version gets the answer the SDK gave it before (mcp-answers.ts).
  const call = cacheableCall(
    body,
    headerValue(req.headers['content-type']),
    headerValue(req.headers['mcp-protocol-version']),
  );
  const answers = call ? mcpAnswers(context.data, answerBytes) : null;
  const kept = call ? answers!.get(call.key) : undefined;
  if (kept) {
    writeAnswer(res, 200, kept.headers, answerPieces(kept, call!.id), corsHeaders(origin));
    return;
  }
  const server = createMcpServer(context.data);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(toWebRequest(req, url, body));
    const answer = Buffer.from(await response.arrayBuffer());
    const keep = call ? keptAnswer(call, response.status, answer, response.headers, plainHead) : null;
    if (keep) answers!.set(call!.key, keep);
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      headers.push([name, value]);
    });
    writeAnswer(res, response.status, headers, [answer], corsHeaders(origin));
  } finally {
    await server.close();
  }
}

export function mcpModule(config: ServerConfig): ServerModule {
  const allowed = allowedOrigins(config.publicUrl, config.mcpAllowedOrigins);
  const hosts = allowedHosts(config.host, config.publicUrl);
  const answerBytes = splitResponseBudget(config.responseCacheBytes).mcpBytes;
  // The SDK only records the URL; a public URL that does not parse must not break every call.
  const url = URL.canParse(MCP_PATH, config.publicUrl)
    ? new URL(MCP_PATH, config.publicUrl).href
    : `http://localhost${MCP_PATH}`;
  return {
    name: 'mcp',
    policy: 'mcp',
    writesRateLimitHeaders: true,
    owns: (target) => target.path === MCP_PATH,
    async handle(req, res, context) {
      const origin = req.headers.origin;
      // The common case first: a client without Origin repeating a read call answered before.
      let read: BodyResult | undefined;
      if (req.method === 'POST' && origin === undefined && hostAllowed(req.headers.host, hosts)) {
        read = await readBody(req, MAX_BODY_BYTES);
        const found = read.ok ? keptFor(req, read.body, context, answerBytes) : null;
        if (found) {
          const { kept, id } = found;
          writePreparedAnswer(res, 200, context.rateLimitHead, kept.plainHead, answerPieces(kept, id));
          return;
        }
      }
      setHeaderList(res, context.rateLimitHead);
      if (!hostAllowed(req.headers.host, hosts)) {
        sendRpcError(
          res,
          403,
          `Host ${req.headers.host ?? '(none)'} is not a name of this server; call it by localhost or its public URL.`,
        );
        return;
      }
      if (!originAllowed(origin, allowed)) {
        sendRpcError(
          res,
          403,
          `Origin ${origin} may not call this endpoint; non-browser clients send no Origin.`,
        );
        return;
      }
      if (req.method === 'OPTIONS') {
        for (const [name, value] of Object.entries(preflightHeaders(origin))) res.setHeader(name, value);
        res.writeHead(204);
        res.end();
        return;
      }
      if (req.method !== 'POST') {
        sendRpcError(
          res,
          405,
          'Method not allowed: this stateless endpoint takes POST only (no SSE stream, no sessions).',
          {
            ...corsHeaders(origin),
            Allow: 'POST',
          },
        );
        return;
      }
      await answerPost(req, res, context, url, answerBytes, read ?? (await readBody(req, MAX_BODY_BYTES)));
    },
  };
}
