/**
 * A reply made ready to write, once per data version: the body, its brotli and gzip forms (for
 * bodies worth compressing), and for each of them the whole head `send` would write — the reply's
 * headers, ETag, Vary, Content-Encoding, Content-Length and the security headers of its kind — as
 * one flat list for `writeHead`. Only the per-client rate-limit headers are added per request, so
 * answering from it is one `writeHead` and one `end`, with the same bytes `send` writes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PolicyName } from '../rate-limit/policies.ts';
import { compress, type Encoding, MIN_COMPRESSIBLE, negotiateEncoding } from './compression.ts';
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
  status: number;
  /** The budget a request for it spends, or null to show the read budget without spending it. */
  policy: PolicyName | null;
  identity: PreparedVariant;
  br: PreparedVariant | null;
  gzip: PreparedVariant | null;
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

/** The headers `send` and SecureResponse give this reply, in the order they set them. */
function headFor(reply: Reply, security: Record<string, string>, body: Buffer, encoding: Encoding | null) {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.etag) headers.ETag = reply.etag;
  headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  return flat(Object.assign(headers, security));
}

/** A 304 keeps the reply's headers but its Content-Type, and carries its ETag (as `send` does). */
function notModifiedHead(reply: Reply, security: Record<string, string>): string[] | null {
  if (!reply.etag || reply.status !== 200) return null;
  const { 'Content-Type': _dropped, ...headers } = reply.headers;
  headers.ETag = reply.etag;
  return flat(Object.assign(headers, security));
}

export function prepareResponse(reply: Reply, options: PrepareOptions): PreparedResponse {
  const security = securityHeaders(responseKind(reply.headers['Content-Type'], options.path));
  const variant = (body: Buffer, encoding: Encoding | null): PreparedVariant => ({
    body,
    head: headFor(reply, security, body, encoding),
  });
  const compressible = reply.body.length >= MIN_COMPRESSIBLE;
  // The compressed forms go on the reply too, so the ordinary writer never compresses it again.
  const encoded = reply.encoded ?? new Map<string, Buffer>();
  const form = (encoding: Encoding): Buffer => {
    const body = encoded.get(encoding) ?? compress(reply.body, encoding);
    encoded.set(encoding, body);
    return body;
  };
  const prepared: PreparedResponse = {
    reply,
    status: reply.status,
    policy: options.policy,
    identity: variant(reply.body, null),
    br: compressible ? variant(form('br'), 'br') : null,
    gzip: compressible ? variant(form('gzip'), 'gzip') : null,
    notModified: notModifiedHead(reply, security),
    bytes: 0,
  };
  if (compressible) reply.encoded = encoded;
  prepared.bytes = preparedBytes(prepared);
  return prepared;
}

function preparedBytes(prepared: PreparedResponse): number {
  let bytes = ENTRY_OVERHEAD_BYTES;
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
 * names its ETag, else the form the client accepts, without the body for HEAD. The head goes out
 * whole in one `writeHead` on a response nothing was set on yet, which is Node's quickest path;
 * the security headers are in it already, so SecureResponse is not asked to add them.
 */
export function writePrepared(
  req: IncomingMessage,
  res: ServerResponse,
  prepared: PreparedResponse,
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
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const variant = (encoding === null ? null : prepared[encoding]) ?? prepared.identity;
  writeWholeHead(res, prepared.status, before.concat(variant.head));
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

/** A SecureResponse is told the head has its security headers already; others just write it. */
function writeWholeHead(res: ServerResponse, status: number, head: string[]): void {
  if (res instanceof SecureResponse) res.writeSecuredHead(status, head);
  else res.writeHead(status, head);
}
