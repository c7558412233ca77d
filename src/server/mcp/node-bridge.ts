/**
 * Between node:http and the SDK's web-standard transport: the node request as a web `Request`, and
 * the answer written back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SecureResponse } from '../http/secure-response.ts';
import { responseKind, securityHeaders } from '../http/security-headers.ts';

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

/** A head written whole around the body's length: what `writeAnswer` would write, in its order. */
export interface AnswerHead {
  /** Flat name, value list of the headers before Content-Length. */
  beforeLength: string[];
  /** And after it: the security headers SecureResponse adds when the head is written. */
  afterLength: string[];
}

/**
 * The head `writeAnswer` gives these headers (then `extraHeaders` over them) on a response nothing
 * was set on yet, for a request to `path`, SecureResponse's security headers included. Node keeps
 * a header where it was first set, with the last value and spelling given, so a Map by lower-case
 * name set in the same order gives the same head.
 */
export function answerHead(
  headers: readonly (readonly [string, string])[],
  extraHeaders: Record<string, string>,
  path: string,
): AnswerHead {
  const set = new Map<string, [string, string]>();
  for (const [name, value] of headers) set.set(name.toLowerCase(), [name, value]);
  for (const name in extraHeaders) set.set(name.toLowerCase(), [name, extraHeaders[name]!]);
  set.set('content-length', ['Content-Length', '']);
  const security = securityHeaders(responseKind(set.get('content-type')?.[1], path));
  for (const name in security) set.set(name.toLowerCase(), [name, security[name]!]);
  const beforeLength: string[] = [];
  const afterLength: string[] = [];
  let list = beforeLength;
  for (const [key, [name, value]] of set) {
    if (key === 'content-length') list = afterLength;
    else list.push(name, value);
  }
  return { beforeLength, afterLength };
}

/**
 * Writes an answer whose head was prepared (answerHead) after `first` (the rate-limit headers), in
 * one `writeHead` on a response nothing was set on yet: Node's quickest path, the same bytes as
 * `writeAnswer`.
 */
export function writePreparedAnswer(
  res: ServerResponse,
  status: number,
  first: readonly string[],
  head: AnswerHead,
  pieces: readonly Buffer[],
): void {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const whole = first.concat(head.beforeLength, 'Content-Length', String(length), head.afterLength);
  if (res instanceof SecureResponse) res.writeSecuredHead(status, whole);
  else res.writeHead(status, whole);
  res.cork();
  for (let index = 0; index < pieces.length - 1; index++) res.write(pieces[index]);
  res.end(pieces[pieces.length - 1]);
}
