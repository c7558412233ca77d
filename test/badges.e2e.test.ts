/**
 * Badges over real HTTP: `/badge/<id>.svg` rendered to pixels by a real SVG renderer (resvg), the
 * colour of each score band, caching headers and 304, the grey badges for unscored, removed and
 * unknown packages, the Shields endpoint JSON, escaping of hostile names, and the static mirror.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { badgeReplies } from '../src/server/badges/badge-replies.ts';
import { loadDataVersion } from '../src/server/live/live-data.ts';
import { captureIo } from './support/capture-io.ts';
import { HOSTILE } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(tempDir());
});
afterAll(() => server.close());

function badge(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers, method });
}

interface Raster {
  width: number;
  height: number;
  /** [r, g, b] at a pixel. */
  at(x: number, y: number): [number, number, number];
}

function raster(svg: string, zoom = 1): Raster {
  const image = new Resvg(svg, { fitTo: { mode: 'zoom', value: zoom } }).render();
  const pixels = image.pixels;
  return {
    width: image.width,
    height: image.height,
    at: (x, y) => {
      const offset = (y * image.width + x) * 4;
      return [pixels[offset]!, pixels[offset + 1]!, pixels[offset + 2]!];
    },
  };
}

function rgb(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

/** Within the faint Shields gradient laid over the flat colour. */
function expectColour(actual: [number, number, number], hex: string, where: string): void {
  const expected = rgb(hex);
  for (const channel of [0, 1, 2])
    expect(
      Math.abs(actual[channel]! - expected[channel]!),
      `${where}: ${actual} vs ${hex}`,
    ).toBeLessThanOrEqual(16);
}

/** Where the label's grey ends on the middle row: the label section's width. */
function labelWidth(image: Raster): number {
  for (let x = 1; x < image.width; x++) {
    const [r, g, b] = image.at(x, 2);
    if (Math.abs(r - 0x55) > 16 || Math.abs(g - 0x55) > 16 || Math.abs(b - 0x55) > 16) return x;
  }
  return image.width;
}

// "af score" in DejaVu Sans at 11 px is 43.9 px wide (advances 1255+721+651+1067+1126+1253+842+1260
// of 2048 units); Shields rounds up to an odd 45 and pads 5 px each side. A digit is 1303 units
// (7.0 px) and a point 651 (3.5 px), so "98.3" is 24.5 → 25 + 10 = 35.
const LABEL_WIDTH = 55;

describe('GET /badge/<id>.svg', () => {
  // A score alone, or with what it rests on: a cap, a single evaluation, a dispute.
  it.each([
    ['pg-query', '98.3', '#4c1', 'brightgreen'],
    ['disputed-srv', '87.6 disputed', '#97ca00', 'green'],
    ['hostile-pkg', '78.3 · 1 eval', '#a4a61d', 'yellowgreen'],
    ['bad-actor', '40 capped', '#e05d44', 'red'],
  ] as const)('renders %s ("%s") on the band colour %s (%s)', async (id, score, hex, colour) => {
    const response = await badge(`/badge/${id}.svg`);
    expect(response.status).toBe(200);
    const svg = await response.text();
    const image = raster(svg);
    expect(image.height).toBe(20);
    if (/^[0-9.]+$/.test(score)) expect(image.width).toBe(LABEL_WIDTH + (score.length === 4 ? 35 : 25));
    // Words widen the message: more than the digits alone would take.
    else expect(image.width).toBeGreaterThan(LABEL_WIDTH + 35);
    expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${image.width}" height="20"`));
    expect(labelWidth(image)).toBe(LABEL_WIDTH);
    expectColour(image.at(2, 10), '#555', 'label');
    expectColour(image.at(image.width - 3, 10), hex, 'message');
    expect(svg).toContain(`aria-label="`);
    expect(svg).toMatch(/role="img"/);
    expect(svg).toMatch(new RegExp(`<title>[^<]*af score: ${score}</title>`));
    const endpoint = (await (await badge(`/badge/${id}.json`)).json()) as { message: string; color: string };
    expect(endpoint).toMatchObject({ message: String(score), color: colour });
  });

  it('draws the text from the font as paths, white on the colour', async () => {
    const zoom = 4;
    const image = raster(await (await badge('/badge/pg-query.svg')).text(), zoom);
    expect([image.width, image.height]).toEqual([90 * zoom, 20 * zoom]);
    // Inside the message section there are white glyph pixels, not just the band colour.
    let white = 0;
    for (let x = (LABEL_WIDTH + 5) * zoom; x < image.width - 5 * zoom; x++)
      for (let y = 4 * zoom; y < 16 * zoom; y++)
        if (image.at(x, y).every((channel) => channel > 230)) white++;
    expect(white).toBeGreaterThan(200);
  });

  it.each([
    ['never-run', 200, 'not evaluated', '#9f9f9f'],
    ['crashy', 200, 'does not start', '#e05d44'],
    ['retired-server', 410, 'removed', '#9f9f9f'],
    ['no-such-package', 404, 'not found', '#9f9f9f'],
    ['Not..An-Id', 404, 'not found', '#9f9f9f'],
  ])('answers %s with %i and a "%s" badge', async (id, status, message, hex) => {
    const response = await badge(`/badge/${id}.svg`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await response.text();
    expect(svg).toContain(`af score: ${message}</title>`);
    const image = raster(svg);
    expect(image.height).toBe(20);
    expectColour(image.at(image.width - 3, 10), hex, message);
  });

  it('caches for an hour, validates with an ETag and answers 304', async () => {
    const first = await badge('/badge/pg-query.svg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await badge('/badge/pg-query.svg');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(await first.text());
    const revalidated = await badge('/badge/pg-query.svg', { 'If-None-Match': etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect((await badge('/badge/pg-query.svg', { 'If-None-Match': '"other"' })).status).toBe(200);
    const head = await badge('/badge/pg-query.svg', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('spends no request quota: the read budget is shown, not counted', async () => {
    const before = Number((await badge('/badge/pg-query.svg')).headers.get('x-ratelimit-remaining'));
    for (let index = 0; index < 5; index++) await badge('/badge/disputed-srv.svg');
    const after = Number((await badge('/badge/pg-query.svg')).headers.get('x-ratelimit-remaining'));
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });

  it('refuses other methods with a problem', async () => {
    const response = await badge('/badge/pg-query.svg', {}, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('escapes a hostile package name in the accessible name and nowhere lets it act', async () => {
    const svg = await (await badge('/badge/hostile-pkg.svg')).text();
    // With < > " escaped in text, every < opens a real element and every tag ends at the first >.
    const elements = [...svg.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((match) => match[1]!.toLowerCase());
    expect(elements).not.toContain('script');
    expect(elements).not.toContain('foreignobject');
    const attributes = [...svg.matchAll(/<[^>]*>/g)].flatMap((tag) =>
      [...tag[0].matchAll(/\s([a-zA-Z:-]+)="[^"]*"/g)].map((match) => match[1]!.toLowerCase()),
    );
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(svg.match(/<title>/g)).toHaveLength(1);
    expect(svg.match(/<\/title>/g)).toHaveLength(1);
    const title = /<title>([^<]*)<\/title>/.exec(svg)![1]!;
    const decoded = title.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(decoded).toBe(`${HOSTILE.name}, af score: 78.3 · 1 eval`);
    // Well-formed enough for a strict renderer.
    expect(raster(svg).width).toBeGreaterThan(90);
  });
});

describe('GET /badge/<id>.json (Shields endpoint)', () => {
  it('has exactly the keys Shields accepts', async () => {
    const response = await badge('/badge/pg-query.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(await response.json()).toEqual({
      schemaVersion: 1,
      label: 'af score',
      message: '98.3',
      color: 'brightgreen',
      cacheSeconds: 3600,
    });
  });

  it('says "not found" with 404 for an unknown id, and "removed" with 410', async () => {
    const unknown = await badge('/badge/ghost.json');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'not found', color: 'lightgrey', isError: true });
    const removed = await badge('/badge/retired-server.json');
    expect(removed.status).toBe(410);
    expect(await removed.json()).toMatchObject({ message: 'removed', color: 'lightgrey' });
  });
});

describe('rendering', () => {
  it('renders once per data version and again for a new one', async () => {
    const version = loadDataVersion(server.generatedDir);
    const first = badgeReplies(version, 'pg-query');
    expect(badgeReplies(version, 'pg-query')).toBe(first);
    // Unknown ids share one reply, so made-up ids cannot fill the cache.
    expect(badgeReplies(version, 'ghost-a')).toBe(badgeReplies(version, 'ghost-b'));
    const next = loadDataVersion(server.generatedDir);
    expect(badgeReplies(next, 'pg-query')).not.toBe(first);
    expect((await badgeReplies(next, 'pg-query')).svg.body).toEqual((await first).svg.body);
  });
});

describe('the static mirror', () => {
  it('holds every package’s badge and endpoint JSON, byte for byte as served, and their headers', async () => {
    const out = tempDir();
    const io = captureIo(server.root);
    expect(
      await main(
        ['mirror', '--generated', server.generatedDir, '--out', out, '--public-url', server.url],
        io,
      ),
    ).toBe(0);
    for (const id of ['pg-query', 'never-run', 'hostile-pkg', 'retired-server']) {
      for (const format of ['svg', 'json']) {
        const live = Buffer.from(await (await badge(`/badge/${id}.${format}`)).arrayBuffer());
        expect(readFileSync(join(out, 'badge', `${id}.${format}`)), `${id}.${format}`).toEqual(live);
      }
    }
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    for (const format of ['svg', 'json'])
      expect(headers).toMatch(
        new RegExp(
          `/badge/\\*\\.${format}\\n  Content-Type: [^\\n]+\\n  Cache-Control: public, max-age=3600\\n  Access-Control-Allow-Origin: \\*\\n`,
        ),
      );
  });
});
