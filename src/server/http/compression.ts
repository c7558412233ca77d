/**
 * Content negotiation for gzip and brotli. Small bodies go out as they are (compressing them costs
 * more than it saves); bodies served repeatedly keep their compressed forms on the reply.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Reply } from './reply.ts';

export type Encoding = 'br' | 'gzip';

export const MIN_COMPRESSIBLE = 1024;

/**
 * Clients send a handful of distinct Accept-Encoding values; more than this and the memo starts
 * again, and longer values are worked out each time (so the memo holds at most 64 KiB).
 */
const REMEMBERED_VALUES = 256;
const REMEMBERED_LENGTH = 256;
const negotiated = new Map<string, Encoding | null>();

/** The preferred encoding the client accepts (q > 0), brotli first; remembered per header value. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const known = negotiated.get(acceptEncoding);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (acceptEncoding.length > REMEMBERED_LENGTH) return encoding;
  if (negotiated.size >= REMEMBERED_VALUES) negotiated.clear();
  negotiated.set(acceptEncoding, encoding);
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/** The body to send and its encoding; compressed forms are kept on the reply for the next request. */
export function encodedBody(
  reply: Reply,
  encoding: Encoding | null,
): { body: Buffer; encoding: Encoding | null } {
  if (encoding === null || reply.body.length < MIN_COMPRESSIBLE) return { body: reply.body, encoding: null };
  let encoded = reply.encoded?.get(encoding);
  if (!encoded) {
    encoded = compress(reply.body, encoding);
    reply.encoded ??= new Map();
    reply.encoded.set(encoding, encoded);
  }
  return { body: encoded, encoding };
}
