import { ParameterReader, type QueryParams } from '../../core/query/query-params.ts';
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

/** Serves a successful response from the version's cache, computing it once. */
export function cached(context: ReadContext, compute: () => Reply): Reply {
  const key = cacheKey(context);
  const hit = context.data.responses.get(key);
  if (hit) return hit;
  const reply = compute();
  if (reply.status === 200) context.data.responses.set(key, reply);
  return reply;
}

/** For endpoints that take no query parameters: the 400 naming any that were sent. */
export function refuseParameters(context: ReadContext): Reply | null {
  const reader = new ParameterReader(context.params, []);
  return reader.issues.length > 0 ? problemReply(parameterProblem(reader.issues)) : null;
}
