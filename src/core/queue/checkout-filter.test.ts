import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../catalogue/catalogue-types.ts';
import { queryParams } from '../query/query-params.ts';
import { matchesCheckout, parseCheckoutFilter } from './checkout-filter.ts';

const parse = (query: string) => parseCheckoutFilter(queryParams(new URLSearchParams(query)));
const entry = { id: 'pg-query', kind: 'mcp-server', category: 'databases' } as QueueEntry;

describe('checkout filters', () => {
  it('narrows the queue by kind, category and distribution, and leaves out excluded ids', () => {
    const filter = parse('kind=mcp-server&category=databases&distribution=npm&held=skip');
    expect(filter.ok && filter.value.held).toBe('skip');
    if (!filter.ok) return;
    expect(matchesCheckout(entry, { npm: 'pg-query' }, filter.value)).toBe(true);
    expect(matchesCheckout(entry, { pypi: 'pg-query' }, filter.value)).toBe(false);
    expect(matchesCheckout({ ...entry, category: 'web-search' }, { npm: 'x' }, filter.value)).toBe(false);
    const excluded = parse('exclude=other,pg-query');
    expect(excluded.ok && matchesCheckout(entry, {}, excluded.value)).toBe(false);
  });

  it('says which parameter is wrong', () => {
    expect(parse('kind=plugin&exclude=../etc&held=maybe&sort=x')).toMatchObject({
      ok: false,
      issues: [
        { parameter: 'sort' },
        { parameter: 'kind' },
        { parameter: 'exclude', message: '"../etc" is not a package id' },
        { parameter: 'held' },
      ],
    });
    expect(parse(`exclude=${Array.from({ length: 201 }, (_, i) => `p${i}`).join(',')}`)).toMatchObject({
      ok: false,
      issues: [{ parameter: 'exclude', message: 'lists 201 ids' }],
    });
  });
});
