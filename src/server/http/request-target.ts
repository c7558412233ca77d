/**
 * The request target split into decoded path segments and query parameters, without `new URL()`
 * guessing: a target that is not an origin-form path, or whose escapes do not decode, is refused.
 */
import { type QueryParams, queryParams } from '../../core/query/query-params.ts';

export interface RequestTarget {
  path: string;
  segments: string[];
  params: QueryParams;
}

export function parseRequestTarget(raw: string | undefined): RequestTarget | null {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return null;
  const queryStart = raw.indexOf('?');
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart);
  const query = queryStart === -1 ? '' : raw.slice(queryStart + 1);
  try {
    const segments = path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
    // A trailing slash names the same resource: /v1/stats/ is /v1/stats.
    if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
    return { path, segments, params: queryParams(new URLSearchParams(query)) };
  } catch {
    return null;
  }
}
