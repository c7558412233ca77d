/**
 * Between node:http and the SDK's web-standard transport: the request body read with a size limit,
 * the node request as a web `Request`, and the web `Response` written back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reads the body, or returns null as soon as it is longer than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Headers about this connection rather than the message; the body is whole by now. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length']);

/**
 * The request as the transport sees it. `Accept` is widened to what the transport insists on:
 * the spec obliges clients to list both types, many send only one or `*\/*`, and this endpoint
 * answers with JSON whichever they list.
 */
export function toWebRequest(req: IncomingMessage, url: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('accept', 'application/json, text/event-stream');
  return new Request(url, { method: req.method ?? 'POST', headers, body: new Uint8Array(body) });
}

/** Writes an answer: the transport's headers, then ours over them, and the body's length. */
export function writeAnswer(
  res: ServerResponse,
  status: number,
  headers: readonly (readonly [string, string])[],
  body: Buffer,
  extraHeaders: Record<string, string>,
): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(body);
}
