import { describe, expect, it } from 'vitest';
import { rateLimitHeaderList, rateLimitHeaders } from './headers.ts';

const NOW = Date.UTC(2026, 10, 26, 10, 0, 0);
const RESET = Date.UTC(2026, 10, 27) / 1000;

describe('rateLimitHeaderList', () => {
  it('gives the draft fields and the X-RateLimit mirror, consistent with each other', () => {
    expect(
      rateLimitHeaderList('read', { allowed: true, limit: 100, remaining: 41, resetAt: RESET }, NOW),
    ).toEqual([
      'RateLimit-Policy',
      '"read";q=100;w=86400',
      'RateLimit',
      '"read";r=41;t=50400',
      'X-RateLimit-Limit',
      '100',
      'X-RateLimit-Remaining',
      '41',
      'X-RateLimit-Reset',
      String(RESET),
    ]);
  });

  it('never carries one policy, limit or window into the next answer', () => {
    const decision = { allowed: true, limit: 100, remaining: 5, resetAt: RESET };
    rateLimitHeaderList('read', decision, NOW);
    expect(rateLimitHeaders('mcp', { ...decision, limit: 30 }, NOW)).toMatchObject({
      'RateLimit-Policy': '"mcp";q=30;w=86400',
      RateLimit: '"mcp";r=5;t=50400',
      'X-RateLimit-Limit': '30',
    });
    const tomorrow = RESET + 86_400;
    expect(
      rateLimitHeaders('mcp', { ...decision, limit: 30, resetAt: tomorrow }, RESET * 1000),
    ).toMatchObject({
      RateLimit: '"mcp";r=5;t=86400',
      'X-RateLimit-Reset': String(tomorrow),
    });
    expect(rateLimitHeaders('read', decision, NOW)['RateLimit-Policy']).toBe('"read";q=100;w=86400');
  });
});
