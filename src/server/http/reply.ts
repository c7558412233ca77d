/**
 * What a handler returns: status, headers and a body, decided without touching the socket. The
 * writer (send.ts) adds validators, compression and the rate-limit headers.
 */
import type { Problem } from './problems.ts';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** A weak validator of the body, for ETag and If-None-Match. */
  etag?: string;
  /** Compressed forms computed once, for bodies served many times. */
  encoded?: Map<string, Buffer>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export function jsonReply(value: unknown, etag?: string, status = 200): Reply {
  return bodyReply(JSON.stringify(value), JSON_TYPE, etag, status);
}

export function bodyReply(body: string | Buffer, contentType: string, etag?: string, status = 200): Reply {
  const reply: Reply = {
    status,
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? Buffer.from(body) : body,
  };
  if (etag !== undefined) reply.etag = etag;
  return reply;
}

export function problemReply(value: Problem, headers: Record<string, string> = {}): Reply {
  return {
    status: value.status,
    headers: { 'Content-Type': PROBLEM_TYPE, ...headers },
    body: Buffer.from(JSON.stringify(value)),
  };
}

export function isReply(value: object): value is Reply {
  return 'body' in value && Buffer.isBuffer((value as Reply).body);
}
