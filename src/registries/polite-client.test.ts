/** The polite client against the fake registries, with the clock's waits recorded instead of slept. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRegistries, startFakeRegistries } from '../../test/support/fake-registries.ts';
import { PoliteClient, retryAfterMs } from './polite-client.ts';

let fake: FakeRegistries;
beforeAll(async () => {
  fake = await startFakeRegistries();
  fake.npm.set('tiny-mcp', { name: 'tiny-mcp', 'dist-tags': { latest: '1.0.0' }, versions: {}, time: {} });
});
afterAll(() => fake.close());

function client(options: Partial<ConstructorParameters<typeof PoliteClient>[0]> = {}) {
  const waits: number[] = [];
  const instance = new PoliteClient({
    userAgent: 'afscore-test',
    ratePerSecond: 1000,
    backoffMs: 100,
    random: () => 1,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { instance, waits };
}

const url = () => `${fake.endpoints.npm}/tiny-mcp`;

describe('the polite registry client', () => {
  it('paces requests to one host at the configured rate', async () => {
    // A clock that stands still: each turn waits for the slots the earlier ones took.
    const { instance, waits } = client({ ratePerSecond: 2, now: () => 1_000_000 });
    for (let index = 0; index < 3; index += 1) expect((await instance.getJson(url())).kind).toBe('ok');
    expect(waits).toEqual([500, 1000]);
  });

  it('backs off on 5xx, doubling each time, and then succeeds', async () => {
    fake.fail('/npm/tiny-mcp', 2, { status: 503 });
    // A clock a second on at every look, so pacing never waits and only the back-off is recorded
    // (with the real clock, two requests in the same millisecond added a 1 ms turn now and then).
    let clock = 0;
    const { instance, waits } = client({ now: () => (clock += 1000) });
    expect((await instance.getJson(url())).kind).toBe('ok');
    expect(waits).toEqual([100, 200]);
    expect(instance.stats).toMatchObject({ requests: 3, retries: 2 });
  });

  it('waits as long as Retry-After asks on a 429, then slows that host down', async () => {
    fake.fail('/npm/tiny-mcp', 1, { status: 429, headers: { 'Retry-After': '7' } });
    const { instance, waits } = client({ ratePerSecond: 1, now: () => 1_000_000 });
    expect((await instance.getJson(url())).kind).toBe('ok');
    // The 429, Retry-After's 7 s, then the retry's turn one second after the first request.
    expect(waits).toEqual([7000, 1000]);
    await instance.getJson(url());
    // The host now gets a request every two seconds: the next slot is 1 s + 2 s after the first.
    expect(waits.at(-1)).toBe(3000);
  });

  it('gives up on a wait longer than allowed, and after the last retry, saying why', async () => {
    fake.fail('/npm/tiny-mcp', 1, { status: 429, headers: { 'Retry-After': '3600' } });
    const long = await client({ maxWaitMs: 60_000 }).instance.getJson(url());
    expect(long).toEqual({
      kind: 'error',
      message: 'answered 429 Too Many Requests and asked to wait 3600 s',
    });
    fake.fail('/npm/tiny-mcp', 3, { status: 500 });
    const stubborn = await client({ maxRetries: 2 }).instance.getJson(url());
    expect(stubborn).toEqual({
      kind: 'error',
      message: 'answered 500 Internal Server Error (gave up after 3 attempts)',
    });
  });

  it('does not retry a name that does not resolve, and reads 404 as not found', async () => {
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls += 1;
      throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
    };
    const { instance } = client({ fetch: failing });
    expect(await instance.getJson('https://registry.invalid/x')).toEqual({
      kind: 'error',
      message: 'fetch failed (ENOTFOUND)',
    });
    expect(calls).toBe(1);
    expect(await client().instance.getJson(`${fake.endpoints.npm}/nothing-here`)).toEqual({
      kind: 'not-found',
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-25T18:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 18:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
