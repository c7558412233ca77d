import { describe, expect, it } from 'vitest';
import { CURSOR_PAGING, decodeCursor, encodeCursor, withNextCursor } from './cursor-paging.ts';
import { pageOf } from './list-packages.ts';
import { ParameterReader } from './query-params.ts';
import { argumentParams, listArgument } from './tool-arguments.ts';

function read(args: Record<string, unknown>) {
  const params = argumentParams(args);
  if (!params.ok) throw new Error('unexpected');
  const reader = new ParameterReader(params.value, CURSOR_PAGING.parameters);
  return reader.result(CURSOR_PAGING.read(reader));
}

describe('cursor paging', () => {
  it('gives next_cursor only while a later page exists, and the cursor keeps the page size', () => {
    const items = Array.from({ length: 5 }, (_, index) => index);
    const first = withNextCursor(pageOf(items, { page: 1, perPage: 2 }));
    expect(first.next_cursor).toBeDefined();
    const second = read({ cursor: first.next_cursor });
    expect(second).toEqual({ ok: true, value: { page: 2, perPage: 2 } });
    expect(withNextCursor(pageOf(items, { page: 3, perPage: 2 })).next_cursor).toBeUndefined();
    expect(withNextCursor(pageOf([], { page: 1, perPage: 2 })).next_cursor).toBeUndefined();
  });

  it('round-trips and refuses cursors it did not make', () => {
    expect(decodeCursor(encodeCursor({ page: 123456, perPage: 100 }))).toEqual({
      page: 123456,
      perPage: 100,
    });
    for (const forged of [
      '',
      'abc',
      encodeCursor({ page: 1, perPage: 101 }),
      btoa('0:10'),
      btoa('2:10:3'),
      '%%%',
    ])
      expect(decodeCursor(forged), forged).toBeNull();
    const result = read({ cursor: 'abc' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]).toMatchObject({ parameter: 'cursor' });
  });

  it('reads limit with the same rule as per_page', () => {
    expect(read({ limit: 100 })).toEqual({ ok: true, value: { page: 1, perPage: 100 } });
    const refused = read({ limit: 101 });
    expect(!refused.ok && refused.issues[0]).toMatchObject({
      parameter: 'limit',
      message: 'must be a whole number from 1 to 100, not "101"',
    });
  });
});

describe('tool arguments as query parameters', () => {
  it('turns scalars into one-value parameters and leaves out null', () => {
    const params = argumentParams({ q: 'pg', limit: 5, exact: true, cursor: null, skipped: undefined });
    expect(params.ok && [...params.value]).toEqual([
      ['q', ['pg']],
      ['limit', ['5']],
      ['exact', ['true']],
    ]);
  });

  it('refuses lists and objects by name', () => {
    const params = argumentParams({ kind: ['skill'], sort: { by: 'name' } });
    expect(!params.ok && params.issues.map((issue) => issue.parameter)).toEqual(['kind', 'sort']);
  });

  it('joins a list of ids as the read API takes them', () => {
    expect(listArgument(['a', 'b'], 'ids')).toEqual({ ok: true, value: 'a,b' });
    expect(listArgument([], 'ids')).toEqual({ ok: true, value: undefined });
    expect(listArgument('a,b', 'ids')).toEqual({ ok: true, value: 'a,b' });
    expect(listArgument([1], 'ids').ok).toBe(false);
  });
});
