/**
 * Between node:http and the SDK's web-standard transport: the node request as a web `Request`, and
 * the answer written back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

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

/**
 * Writes an answer: the transport's headers, then ours over them, the body's length, and the body
 * given in pieces (a kept answer and the caller's id), sent together without copying them into one.
 */
export function writeAnswer(
  res: ServerResponse,
  status: number,
  headers: readonly (readonly [string, string])[],
  pieces: readonly Buffer[],
  extraHeaders: Record<string, string>,
): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  for (const name in extraHeaders) res.setHeader(name, extraHeaders[name]!);
  let length = 0;
  for (const piece of pieces) length += piece.length;
  res.setHeader('Content-Length', length);
  res.writeHead(status);
  res.cork();
  for (let index = 0; index < pieces.length - 1; index++) res.write(pieces[index]);
  res.end(pieces[pieces.length - 1]);
}
