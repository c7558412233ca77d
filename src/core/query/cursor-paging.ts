/**
 * Paging by cursor, for the MCP tools: `limit` sets the page size of the first call, and each page
 * that has a successor carries `next_cursor`, which the caller passes back unchanged as `cursor`.
 * A cursor encodes the page number and page size of the next page (base64url of `page:size`), so
 * the caller need not repeat `limit`; the other arguments must stay the same.
 */
import type { Page } from './list-packages.ts';
import type { Paging, PagingStyle } from './list-query.ts';
import type { ParameterReader } from './query-params.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './query-policy.ts';

const CURSOR_TEXT = /^([1-9][0-9]{0,8}):([1-9][0-9]{0,8})$/;

function toBase64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  try {
    return atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
}

export function encodeCursor(paging: Paging): string {
  return toBase64Url(`${paging.page}:${paging.perPage}`);
}

export function decodeCursor(cursor: string): Paging | null {
  const match = CURSOR_TEXT.exec(fromBase64Url(cursor) ?? '');
  if (!match) return null;
  const page = Number(match[1]);
  const perPage = Number(match[2]);
  return page <= MAX_PAGE && perPage <= MAX_PAGE_SIZE ? { page, perPage } : null;
}

function readCursorPaging(reader: ParameterReader): Paging {
  const perPage = reader.integer('limit', { min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE });
  const cursor = reader.text('cursor');
  if (cursor === undefined) return { page: 1, perPage };
  const paging = decodeCursor(cursor);
  if (paging) return paging;
  reader.issues.push({
    parameter: 'cursor',
    message: `${JSON.stringify(cursor)} is not a cursor this service gave out`,
    hint: 'pass next_cursor from the previous result unchanged, or leave cursor out for the first page',
  });
  return { page: 1, perPage };
}

export const CURSOR_PAGING: PagingStyle = { parameters: ['limit', 'cursor'], read: readCursorPaging };

/** The page with `next_cursor` added when a later page exists. */
export function withNextCursor<T extends Page<unknown>>(page: T): T & { next_cursor?: string } {
  if (page.page >= page.total_pages) return page;
  return { ...page, next_cursor: encodeCursor({ page: page.page + 1, perPage: page.per_page }) };
}
