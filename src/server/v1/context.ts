import { ParameterReader, type QueryParams } from '../../core/query/query-params.ts';
import type { Encoding } from '../http/compression.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { parameterProblem } from '../http/problems.ts';
import { problemReply, type Reply } from '../http/reply.ts';
import type { DataVersion } from '../live/live-data.ts';

/** What a read handler gets: the request reduced to what it may depend on, and one data version. */
export interface ReadContext {
  /** Path segments after `/v1`, decoded. */
  segments: readonly string[];
  params: QueryParams;
  data: DataVersion;
  /** Checkout claims (package id → claimed until), for the queue. */
  claims?: ReadonlyMap<string, string>;
  /** The request target as sent, remembered as another name of the response it gets. */
  target?: string;
  /** The encoding the client accepts, whose form of a kept response is made and counted. */
  encoding?: Encoding | null;
}

export type ReadHandler = (context: ReadContext) => Reply;

/**
 * Canonical cache key: the path and its parameters in sorted order. Segments are encoded again, so
 * that `packages/a%2Fb` (one segment) can never share a key with `packages/a/b` (two).
 */
export function cacheKey(context: ReadContext): string {
  const params = [...context.params.entries()]
    .flatMap(([name, values]) =>
      values.map((value) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
    )
    .sort();
  return `${context.segments.map(encodeURIComponent).join('/')}?${params.join('&')}`;
}

export interface CacheOptions {
  /**
   * Whether the front server may answer the same target from the cache without asking the read
   * module (http/prepared-response.ts); not for responses that also depend on something besides
   * the data version, which the module checks on every request.
   */
  aliased: boolean;
}

/**
 * Serves a successful response from the version's cache, computing and preparing it once per
 * normalised query; the raw target is remembered as its alias. A kept reply carries the CORS
 * headers the read module gives every reply, as it is prepared whole before it is first sent.
 */
export function cached(
  context: ReadContext,
  compute: () => Reply,
  options: CacheOptions = { aliased: true },
): Reply {
  const key = cacheKey(context);
  const responses = context.data.responses;
  const encoding = context.encoding ?? null;
  let kept = responses.get(key, encoding);
  if (!kept) {
    const reply = compute();
    if (reply.status !== 200) return reply;
    Object.assign(reply.headers, CORS_HEADERS);
    kept = responses.keep(key, reply, { path: `/v1/${key}`, policy: 'read' }, encoding);
  }
  if (options.aliased && context.target !== undefined) responses.alias(context.target, key);
  return kept.reply;
}

/** For endpoints that take no query parameters: the 400 naming any that were sent. */
export function refuseParameters(context: ReadContext): Reply | null {
  const reader = new ParameterReader(context.params, []);
  return reader.issues.length > 0 ? problemReply(parameterProblem(reader.issues)) : null;
}
