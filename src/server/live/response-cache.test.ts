import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { JSON_TYPE, jsonReply, type Reply } from '../http/reply.ts';
import { ResponseCache, splitResponseBudget } from './response-cache.ts';

/** A JSON reply of about `bytes` bytes; random text, so compressing it saves little. */
function reply(bytes: number, etag = 'W/"v1"'): Reply {
  return jsonReply(
    {
      text: randomBytes(Math.ceil(bytes / 2))
        .toString('hex')
        .slice(0, bytes),
    },
    etag,
  );
}

const READ = { path: '/v1/packages', policy: 'read' } as const;

function head(list: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let index = 0; index < list.length; index += 2) headers[list[index]!] = list[index + 1]!;
  return headers;
}

describe('ResponseCache', () => {
  it('stays within its byte budget, forgetting the least recently used first', () => {
    const cache = new ResponseCache({ maxBytes: 100_000, maxAliasBytes: 10_000 });
    cache.keep('a', reply(30_000), READ);
    cache.keep('b', reply(30_000), READ);
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.keep('c', reply(30_000), READ);
    cache.keep('d', reply(30_000), READ);
    expect(cache.bytes.entries).toBeLessThanOrEqual(100_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    for (let index = 0; index < 60; index++) cache.keep(`k${index}`, reply(3_000), READ);
    expect(cache.bytes.entries).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBeGreaterThan(20);
  });

  it('prepares but does not keep a reply larger than the whole budget', () => {
    const cache = new ResponseCache({ maxBytes: 10_000, maxAliasBytes: 1_000 });
    const prepared = cache.keep('big', reply(50_000), READ);
    expect(prepared.identity.body.length).toBeGreaterThan(50_000);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('finds an entry by a remembered raw target, bounds the aliases, and misses once the entry is gone', () => {
    const cache = new ResponseCache({ maxBytes: 60_000, maxAliasBytes: 2_000 });
    cache.keep('packages?a=1&b=2', reply(2_000), READ);
    cache.alias('/v1/packages?b=2&a=1', 'packages?a=1&b=2');
    expect(cache.byTarget('/v1/packages?b=2&a=1')).toBe(cache.get('packages?a=1&b=2'));
    // An alias of nothing kept is not remembered.
    cache.alias('/v1/packages?x=1', 'packages?x=1');
    expect(cache.byTarget('/v1/packages?x=1')).toBeUndefined();
    for (let index = 0; index < 200; index++)
      cache.alias(`/v1/packages?b=2&a=1&n=${index}`, 'packages?a=1&b=2');
    expect(cache.bytes.aliases).toBeLessThanOrEqual(2_000);
    expect(cache.byTarget('/v1/packages?b=2&a=1&n=199')).toBeDefined();
    expect(cache.byTarget('/v1/packages?b=2&a=1&n=0')).toBeUndefined();
    for (let index = 0; index < 30; index++) cache.keep(`other${index}`, reply(3_000), READ);
    expect(cache.get('packages?a=1&b=2')).toBeUndefined();
    expect(cache.byTarget('/v1/packages?b=2&a=1&n=199')).toBeUndefined();
  });

  it('makes a compressed form when first asked for it, and counts it from then on', () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000, maxAliasBytes: 10_000 });
    const text = jsonReply({ items: Array.from({ length: 200 }, (_, index) => ({ id: `pkg-${index}` })) });
    const kept = cache.keep('packages', text, READ);
    expect(kept.br).toBeUndefined();
    expect(kept.gzip).toBeUndefined();
    const before = cache.bytes.entries;
    cache.alias('/v1/packages', 'packages');
    const br = cache.byTarget('/v1/packages', 'br')!;
    expect(brotliDecompressSync(br.br!.body)).toEqual(text.body);
    expect(head(br.br!.head)).toMatchObject({
      'Content-Encoding': 'br',
      'Content-Length': String(br.br!.body.length),
    });
    expect(cache.bytes.entries).toBe(before + br.br!.body.length + br.br!.head.join('').length);
    const gzip = cache.get('packages', 'gzip')!;
    expect(gunzipSync(gzip.gzip!.body)).toEqual(text.body);
    // The same forms stay on the reply, for the ordinary writer.
    expect(text.encoded?.get('br')).toBe(br.br!.body);
    expect(cache.get('packages', 'br')).toBe(gzip);
  });

  it('leaves small bodies uncompressed', () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000, maxAliasBytes: 10_000 });
    cache.keep('stats', jsonReply({ packages: 3 }, 'W/"v1"'), READ);
    const kept = cache.get('stats', 'br')!;
    expect(kept.br).toBeNull();
    expect(kept.gzip).toBeNull();
  });

  it('prepares the whole head: headers, validator, length and the security headers of its kind', () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000, maxAliasBytes: 10_000 });
    const json = reply(2_000);
    json.headers['Access-Control-Allow-Origin'] = '*';
    const kept = cache.keep('packages/pg-query', json, READ);
    expect(head(kept.identity.head)).toEqual({
      'Content-Type': JSON_TYPE,
      'Access-Control-Allow-Origin': '*',
      ETag: 'W/"v1"',
      Vary: 'Accept-Encoding',
      'Content-Length': String(json.body.length),
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    });
    // A 304 keeps the validator and security headers but says nothing of a body.
    expect(head(kept.notModified!)).toEqual({
      'Access-Control-Allow-Origin': '*',
      ETag: 'W/"v1"',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    });
    const svg = cache.keep(
      'badge/pg-query.svg',
      {
        status: 404,
        headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' },
        body: Buffer.from('<svg/>'),
      },
      { path: '/badge/pg-query.svg', policy: null },
    );
    expect(svg.status).toBe(404);
    expect(svg.notModified).toBeNull();
    expect(head(svg.identity.head)['Content-Security-Policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  });
});

describe('splitResponseBudget', () => {
  it('gives HTTP responses, their aliases and MCP answers shares that add up to the budget', () => {
    const total = 512 * 2 ** 20;
    const split = splitResponseBudget(total);
    expect(split.http.maxBytes + split.http.maxAliasBytes + split.mcpBytes).toBe(total);
    expect(split.mcpBytes).toBe(total / 4);
  });
});
