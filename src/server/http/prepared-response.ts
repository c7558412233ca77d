/**
 * A reply made ready to write, once per data version: the body, its brotli and gzip forms (for
 * bodies worth compressing, made when first asked for), and for each of them the whole head `send`
 * would write (the reply's headers, ETag, Vary, Content-Encoding, Content-Length and the security
 * headers of its kind) as one flat list for `writeHead`. Only the per-client rate-limit headers
 * are added per request, so answering from it is one `writeHead` and one `end`, with the same
 * bytes `send` writes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PolicyName } from '../rate-limit/policies.ts';
import { compress, type Encoding, MIN_COMPRESSIBLE } from './compression.ts';
import { matchesIfNoneMatch } from './conditional.ts';
import type { Reply } from './reply.ts';
import { SecureResponse } from './secure-response.ts';
import { responseKind, securityHeaders } from './security-headers.ts';

/** What an entry costs besides its bytes: the objects, the map slots, the arrays. */
const ENTRY_OVERHEAD_BYTES = 512;

export interface PreparedVariant {
  body: Buffer;
  /** Flat name, value, name, value list for `writeHead`, security headers included. */
  head: string[];
}

export interface PreparedResponse {
  /** The reply it was prepared from, for the ordinary writer (`send`). */
  reply: Reply;
  /** The path it answers, which decides the kind of security headers (security-headers.ts). */
  path: string;
  status: number;
  /** The budget a request for it spends, or null to show the read budget without spending it. */
  policy: PolicyName | null;
  identity: PreparedVariant;
  /**
   * The compressed forms: made when a client first asks for one (withEncoding), as most clients
   * of an API never do; null when the body is too small to be worth compressing.
   */
  br: PreparedVariant | null | undefined;
  gzip: PreparedVariant | null | undefined;
  /** The head of the 304 that stands for it, when it has an ETag. */
  notModified: string[] | null;
  /** Memory it holds, for the cache's budget. */
  bytes: number;
}

export interface PrepareOptions {
  /** The path it answers, which decides the kind of security headers (security-headers.ts). */
  path: string;
  policy: PolicyName | null;
}

function flat(headers: Record<string, string>): string[] {
  const list: string[] = [];
  for (const name in headers) list.push(name, headers[name]!);
  return list;
}

function securityOf(reply: Reply, path: string): Record<string, string> {
  return securityHeaders(responseKind(reply.headers['Content-Type'], path));
}

/** The headers `send` and SecureResponse give this reply, in the order they set them. */
function variant(reply: Reply, path: string, body: Buffer, encoding: Encoding | null): PreparedVariant {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.etag) headers.ETag = reply.etag;
  headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  return { body, head: flat(Object.assign(headers, securityOf(reply, path))) };
}

/** A 304 keeps the reply's headers but its Content-Type, and carries its ETag (as `send` does). */
function notModifiedHead(reply: Reply, path: string): string[] | null {
  if (!reply.etag || reply.status !== 200) return null;
  const { 'Content-Type': _dropped, ...headers } = reply.headers;
  headers.ETag = reply.etag;
  return flat(Object.assign(headers, securityOf(reply, path)));
}

export function prepareResponse(reply: Reply, options: PrepareOptions): PreparedResponse {
  const compressible = reply.body.length >= MIN_COMPRESSIBLE ? undefined : null;
  const prepared: PreparedResponse = {
    reply,
    path: options.path,
    status: reply.status,
    policy: options.policy,
    identity: variant(reply, options.path, reply.body, null),
    br: compressible,
    gzip: compressible,
    notModified: notModifiedHead(reply, options.path),
    bytes: 0,
  };
  prepared.bytes = preparedBytes(prepared);
  return prepared;
}

/**
 * The same response with its form in `encoding` made (a new object, so a cache that sizes entries
 * when they are set can count it). The compressed body is the one `send` keeps on the reply when
 * it made it first, and is kept there for `send` otherwise.
 */
export function withEncoding(prepared: PreparedResponse, encoding: Encoding): PreparedResponse {
  const { reply } = prepared;
  reply.encoded ??= new Map();
  let body = reply.encoded.get(encoding);
  if (!body) {
    body = compress(reply.body, encoding);
    reply.encoded.set(encoding, body);
  }
  const next = { ...prepared, [encoding]: variant(reply, prepared.path, body, encoding) };
  next.bytes = preparedBytes(next);
  return next;
}

function preparedBytes(prepared: PreparedResponse): number {
  let bytes = ENTRY_OVERHEAD_BYTES + prepared.path.length;
  for (const form of [prepared.identity, prepared.br, prepared.gzip]) {
    if (!form) continue;
    bytes += form.body.length;
    for (const text of form.head) bytes += text.length;
  }
  for (const text of prepared.notModified ?? []) bytes += text.length;
  return bytes;
}

/**
 * Writes a prepared response after `before` (the rate-limit headers): a 304 when If-None-Match
 * names its ETag, else the form in `encoding` (the negotiated one, when made), without the body
 * for HEAD. The head goes out
 * whole in one `writeHead` on a response nothing was set on yet, which is Node's quickest path;
 * the security headers are in it already, so SecureResponse is not asked to add them.
 */
export function writePrepared(
  req: IncomingMessage,
  res: ServerResponse,
  prepared: PreparedResponse,
  encoding: Encoding | null,
  before: string[],
): void {
  const ifNoneMatch = req.headers['if-none-match'];
  if (
    ifNoneMatch !== undefined &&
    prepared.notModified !== null &&
    matchesIfNoneMatch(ifNoneMatch, prepared.reply.etag!)
  ) {
    writeWholeHead(res, 304, before.concat(prepared.notModified));
    res.end();
    return;
  }
  const form = (encoding === null ? null : prepared[encoding]) ?? prepared.identity;
  writeWholeHead(res, prepared.status, before.concat(form.head));
  res.end(req.method === 'HEAD' ? undefined : form.body);
}

/** A SecureResponse is told the head has its security headers already; others just write it. */
function writeWholeHead(res: ServerResponse, status: number, head: string[]): void {
  if (res instanceof SecureResponse) res.writeSecuredHead(status, head);
  else res.writeHead(status, head);
}
