/**
 * Daily quotas over real HTTP: the headers on every response, the 429 past the limit, pages and
 * documents that show the quota without spending it, the allow-list, and client addresses behind
 * trusted proxies only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/server/config.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function nextUtcMidnight(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
}

describe('read quota', () => {
  it('counts down, then answers 429 with Retry-After and consistent headers', async () => {
    server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '3' });
    const remaining: string[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await fetch(`${server.url}/v1/stats`);
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('x-ratelimit-remaining')!);
      expect(response.headers.get('ratelimit-policy')).toBe('"read";q=3;w=86400');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await fetch(`${server.url}/v1/packages/pg-query`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const body = await limited.json();
    expect(body).toMatchObject({
      type: 'https://afscore.dev/problems/quota-exceeded',
      status: 429,
      'violated-policies': ['read'],
    });
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset).toBe(nextUtcMidnight());
    const retryAfter = Number(limited.headers.get('retry-after'));
    const secondsLeft = reset - Math.floor(Date.now() / 1000);
    expect(Math.abs(retryAfter - secondsLeft)).toBeLessThanOrEqual(2);
    expect(limited.headers.get('ratelimit')).toMatch(/^"read";r=0;t=\d+$/);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('shows the quota on documents and health checks without spending it', async () => {
    server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '2' });
    for (const path of ['/llms.txt', '/openapi.json', '/healthz', '/evaluation-guide.md', '/not-a-page']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('x-ratelimit-remaining'), path).toBe('2');
      expect(response.headers.get('ratelimit-policy'), path).toBe('"read";q=2;w=86400');
    }
    expect((await fetch(`${server.url}/v1/stats`)).headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('gives allow-listed clients their higher limit', async () => {
    server = await startTestServer(tempDir(), {
      AFSCORE_READ_LIMIT: '1',
      AFSCORE_ALLOWLIST: '127.0.0.0/8=50',
    });
    const response = await fetch(`${server.url}/v1/stats`);
    expect(response.headers.get('x-ratelimit-limit')).toBe('50');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('49');
  });

  it('ignores X-Forwarded-For unless the peer is a trusted proxy', async () => {
    server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '1' });
    expect(
      (await fetch(`${server.url}/v1/stats`, { headers: { 'X-Forwarded-For': '198.51.100.1' } })).status,
    ).toBe(200);
    // A spoofed header does not buy a fresh quota.
    expect(
      (await fetch(`${server.url}/v1/stats`, { headers: { 'X-Forwarded-For': '198.51.100.2' } })).status,
    ).toBe(429);
  });

  it('counts each forwarded client apart behind a trusted proxy', async () => {
    server = await startTestServer(tempDir(), { AFSCORE_READ_LIMIT: '1', AFSCORE_TRUST_PROXY: 'loopback' });
    const as = (client: string) =>
      fetch(`${server!.url}/v1/stats`, { headers: { 'X-Forwarded-For': `203.0.113.9, ${client}` } });
    expect((await as('198.51.100.1')).status).toBe(200);
    expect((await as('198.51.100.2')).status).toBe(200);
    expect((await as('198.51.100.1')).status).toBe(429);
  });
});

describe('configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ AFSCORE_READ_LIMIT: '0' }, 'AFSCORE_READ_LIMIT must be a whole number ≥ 1'],
    [{ AFSCORE_TRUST_PROXY: 'my-proxy' }, 'AFSCORE_TRUST_PROXY: "my-proxy" is not an IP address'],
    [{ AFSCORE_ALLOWLIST: '10.0.0.1' }, 'AFSCORE_ALLOWLIST: "10.0.0.1" should look like'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => readConfig(env, '/tmp')).toThrow(ConfigError);
    expect(() => readConfig(env, '/tmp')).toThrow(message);
  });
});
