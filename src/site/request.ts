/** What a page needs from its request: the query as the core reads it, and links that change it. */
import { type QueryParams, queryParams } from '../core/query/query-params.ts';

/** The query parameters, without empty ones: a GET form sends `category=` for "any category". */
export function queryOf(url: URL): QueryParams {
  const filled = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (value.trim() !== '') filled.append(name, value);
  return queryParams(filled);
}

/** The URL of `path` with `params` (empty values dropped), for links that change one parameter. */
export function withParams(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && String(value) !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** Query parameters given in code, for calling the same parsers a request goes through. */
export function paramsOf(values: Record<string, string>): QueryParams {
  return queryParams(new URLSearchParams(values));
}
