import { describe, expect, it } from 'vitest';
import { queryParams } from '../../core/query/query-params.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { jsonReply, problemReply, type Reply } from '../http/reply.ts';
import type { DataVersion } from '../live/live-data.ts';
import { ResponseCache } from '../live/response-cache.ts';
import { cached, cacheKey, type ReadContext } from './context.ts';

function version(): DataVersion {
  return { responses: new ResponseCache({ maxBytes: 1_000_000, maxAliasBytes: 100_000 }) } as DataVersion;
}

function context(data: DataVersion, target: string): ReadContext {
  const [path, query = ''] = target.split('?');
  return {
    segments: path!.split('/').slice(2).map(decodeURIComponent),
    params: queryParams(new URLSearchParams(query)),
    data,
    target,
  };
}

describe('cacheKey', () => {
  it('gives the same key to the same parameters in any order, and keeps segments apart', () => {
    const data = version();
    const key = (target: string) => cacheKey(context(data, target));
    expect(key('/v1/packages?sort=name&category=databases')).toBe(
      key('/v1/packages?category=databases&sort=name'),
    );
    expect(key('/v1/packages?q=a%20b')).toBe(key('/v1/packages?q=a+b'));
    expect(key('/v1/packages/a%2Fb')).not.toBe(key('/v1/packages/a/b'));
    expect(key('/v1/packages?kind=skill&kind=mcp-server')).not.toBe(key('/v1/packages?kind=skill'));
  });
});

describe('cached', () => {
  let computed = 0;
  const compute = (): Reply => {
    computed++;
    return jsonReply({ computed }, 'W/"v1"');
  };

  it('computes once per data version and normalised query, and again for a new version', () => {
    computed = 0;
    const first = version();
    const a = cached(context(first, '/v1/packages?sort=name&kind=skill'), compute);
    const b = cached(context(first, '/v1/packages?kind=skill&sort=name'), compute);
    expect(computed).toBe(1);
    expect(b).toBe(a);
    // Both raw targets now lead to it without parsing.
    expect(first.responses.byTarget('/v1/packages?kind=skill&sort=name')?.reply).toBe(a);
    expect(first.responses.byTarget('/v1/packages?sort=name&kind=skill')?.reply).toBe(a);
    // Kept replies carry the CORS headers every read gets, as they are prepared whole.
    expect(a.headers).toMatchObject(CORS_HEADERS);
    const next = version();
    expect(cached(context(next, '/v1/packages?sort=name&kind=skill'), compute)).not.toBe(a);
    expect(computed).toBe(2);
    expect(next.responses.byTarget('/v1/packages?kind=skill&sort=name')).toBeUndefined();
  });

  it('keeps only successful replies', () => {
    const data = version();
    const failed = problemReply({ type: 'about:blank', title: 'Bad', status: 400, detail: 'bad sort' });
    expect(cached(context(data, '/v1/packages?sort=nope'), () => failed)).toBe(failed);
    expect(data.responses.size).toBe(0);
    expect(data.responses.byTarget('/v1/packages?sort=nope')).toBeUndefined();
  });

  it('keeps without an alias what the module must check on every request', () => {
    const data = version();
    cached(context(data, '/v1/queue'), compute, { aliased: false });
    expect(data.responses.size).toBe(1);
    expect(data.responses.byTarget('/v1/queue')).toBeUndefined();
  });
});
