/**
 * The site as a new user meets it, on the bundled catalogue (as `npm start` serves it), in
 * Debian's Chromium at desktop (1280 px) and phone (390 px) widths: search finds by what a package
 * does, every score says what it rests on, the package page leads with install and what the
 * package can do, the queue says why each package waits and lets a signed-in contributor claim
 * one, and a 404 suggests what is near. Every page has no axe violation of any impact, no CSP
 * violation and no broken link of its own.
 *
 * Needs the built site and data (`npm run build`). With AFSCORE_SCREENSHOTS=<folder>, screenshots
 * of each page at both widths are written there.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../src/core/catalogue/catalogue-types.ts';
import { readConfig } from '../src/server/config.ts';
import { issueKey } from '../src/server/keys/api-keys.ts';
import { type RunningServer, startServer } from '../src/server/main.ts';
import { axeViolations, type BrowserSession, failOnCspViolations, startBrowser } from './support/browser.ts';
import { useTempDirs } from './support/temp-dir.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SCREENSHOTS = process.env.AFSCORE_SCREENSHOTS;
const tempDir = useTempDirs();
let running: RunningServer;
let url: string;
let browser: BrowserSession;
let catalogue: Catalogue;
failOnCspViolations(() => browser);

const PAGES = [
  ['home', '/'],
  ['search', '/packages?q=database'],
  ['package', '/packages/dbhub'],
  ['queue', '/queue'],
  ['not-found', '/packages/dbhbu'],
] as const;

beforeAll(async () => {
  if (
    !existsSync(join(ROOT, 'dist', 'server', 'entry.mjs')) ||
    !existsSync(join(ROOT, 'generated', 'catalogue.sqlite'))
  )
    throw new Error('the site is not built: run npm run build first (npm test does)');
  const config = readConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      AFSCORE_STATE_DIR: join(tempDir(), 'state'),
      AFSCORE_LOCAL_REPO: tempDir(),
      // The link check reads every API link the pages show.
      AFSCORE_READ_LIMIT: '100000',
    },
    ROOT,
  );
  running = await startServer(config, () => {});
  url = running.url;
  catalogue = running.data.version.index.catalogue;
  browser = await startBrowser();
  if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

async function open(path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await page.goto(`${url}${path}`, { waitUntil: 'load' });
  return page;
}

describe.each([1280, 390])('at %i px', (width) => {
  it.each(PAGES)('%s (%s) has no axe violation and no broken link', async (name, path) => {
    const page = await open(path, width);
    try {
      const violations = (await axeViolations(page)).map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.html).join('; ')}`,
      );
      expect(violations).toEqual([]);
      const hrefs = await page.$$eval('a[href]', (anchors) =>
        anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
      );
      // Links within the page itself (the skip link, "On this page") are not other pages.
      const here = `${url}${path}`;
      const own = [
        ...new Set(
          hrefs.map((href) => href.split('#')[0]!).filter((href) => href.startsWith(url) && href !== here),
        ),
      ];
      for (const href of own) {
        const response = await fetch(href, { redirect: 'manual' });
        expect(response.status, `${path} links to ${href}`).toBeLessThan(400);
      }
      for (const href of hrefs.filter((href) => !href.startsWith(url) && !href.startsWith('mailto:')))
        expect(URL.canParse(href) && href.startsWith('https://'), href).toBe(true);
      if (SCREENSHOTS)
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    } finally {
      await page.close();
    }
  });
});

describe('finding a package', () => {
  it('finds a category’s packages by its name, and names the category', async () => {
    const databases = catalogue.packages.filter((record) => record.category === 'databases');
    const page = await open('/packages?q=database', 1280);
    expect(await page.locator('.category-hint').textContent()).toContain(
      `Databases, ${databases.length} packages`,
    );
    const found = await page.locator('a.package-name').allTextContents();
    // The category's packages fill most of the first page; a package named after the word
    // (`@pinecone-database/mcp`) may rank among them.
    const names = new Set(databases.map((record) => record.name));
    const leading = found.slice(0, Math.min(found.length, databases.length));
    expect(leading.length).toBeGreaterThan(0);
    expect(leading.filter((name) => names.has(name)).length).toBeGreaterThanOrEqual(leading.length / 2);
    await page.close();
  });

  it('gives the same results through /v1 and names the category there too', async () => {
    const body = (await (await fetch(`${url}/v1/packages?q=database&per_page=100`)).json()) as {
      items: { id: string }[];
      matching_categories: { slug: string }[];
    };
    expect(body.matching_categories.map((hint) => hint.slug)).toEqual(['databases']);
    expect(body.items.map((item) => item.id)).toContain('dbhub');
  });
});

describe('scores that explain themselves', () => {
  it('marks a capped score and what every score rests on, in lists', async () => {
    const page = await open('/packages?q=filesystem', 1280);
    const row = page.locator('tr', { has: page.getByRole('link', { name: /^Filesystem/ }) });
    expect(await row.locator('.score-basis').textContent()).toMatch(
      /Capped at 60: no licence · single evaluation(?:, by the operator)? · deterministic checks only · \d of 7 dimensions/,
    );
    await page.close();
  });

  it('says where the licence check looked and how a maintainer lifts the cap', async () => {
    const page = await open('/packages/server-filesystem', 1280);
    const reasons = (await page.getByRole('region', { name: 'Score and why' }).textContent()) ?? '';
    expect(reasons).toContain('as published (its tarball)');
    expect(reasons).toContain('The source repository was not read.');
    expect(reasons).toContain('SEE LICENSE IN LICENSE');
    expect(reasons).toContain('How a maintainer lifts the cap');
    await page.close();
  });
});

describe('the package page', () => {
  it('leads with install, with a placeholder for the required setting, near the top on a phone', async () => {
    const page = await open('/packages/dbhub', 390);
    const order = await page.$$eval('main h2[id]', (headings) => headings.map((heading) => heading.id));
    expect(order.slice(0, 3)).toEqual(['install', 'capabilities', 'score']);
    const top = await page.locator('#install').evaluate((heading) => heading.getBoundingClientRect().top);
    expect(top).toBeLessThan(2 * 844);
    expect(await page.locator('#install ~ .install-snippets pre').first().textContent()).toBe(
      'DSN="<your database URL>" npx -y @bytebase/dbhub',
    );
    expect(await page.getByRole('region', { name: 'What it can do' }).textContent()).toContain(
      'Changes or deletes data in what it connects to',
    );
    await page.close();
  });

  it('carries its score in the title, a canonical link and Open Graph tags', async () => {
    const html = await (await fetch(`${url}/packages/dbhub`)).text();
    const dbhub = catalogue.packages.find((record) => record.id === 'dbhub')!;
    expect(html).toContain(`<title>DBHub: af score ${dbhub.af_score} (${dbhub.grade}) · afscore</title>`);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/packages\/dbhub">/);
    expect(html).toContain('<meta property="og:title" content="DBHub: af score');
  });
});

describe('the queue', () => {
  it('says what each priority is made of, and lets a signed-in contributor claim and release', async () => {
    const { key } = await issueKey(running.services.store, 'journey-tester', null, new Date().toISOString());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${url}/queue`);
      expect(await page.locator('tbody tr').first().textContent()).toMatch(
        /Priority \d+: never evaluated \+100, [\d,]+ downloads a month \+\d+/,
      );
      expect(await page.getByRole('button', { name: /^Claim / }).count()).toBe(0);
      await page.goto(`${url}/sign-in`);
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${url}/queue`);
      const first = catalogue.queue[0]!;
      await page.getByRole('button', { name: `Claim ${first.name}`, exact: true }).click();
      await page.waitForURL(/\/queue\?claim=claimed/);
      expect(await page.getByRole('status').first().textContent()).toContain(`You claimed ${first.name}`);
      const lease = (await (await fetch(`${url}/v1/checkout/${first.id}`)).json()) as { claimed_by: string };
      expect(lease.claimed_by).toBe('journey-tester');
      await page.getByRole('button', { name: `Release ${first.name}`, exact: true }).click();
      await page.waitForURL(/\/queue\?claim=released/);
      expect((await fetch(`${url}/v1/checkout/${first.id}`)).status).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('refuses a claim posted from another site', async () => {
    const response = await fetch(`${url}/queue/claim`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'id=dbhub',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/queue?claim=refused');
  });
});

describe('the small things', () => {
  it('suggests the package a 404 was probably after', async () => {
    const page = await open('/packages/dbhbu', 1280);
    expect(
      await page.getByRole('region', { name: 'Did you mean' }).getByRole('link').first().getAttribute('href'),
    ).toBe('/packages/dbhub');
    await page.close();
  });

  it('compresses pages and their stylesheet', async () => {
    const plain = await fetch(`${url}/`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    const compressed = await fetch(`${url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    const css = /href="(\/_astro\/[^"]+\.css)"/.exec(html)![1]!;
    expect(
      (await fetch(`${url}${css}`, { headers: { 'Accept-Encoding': 'gzip' } })).headers.get(
        'content-encoding',
      ),
    ).toBe('gzip');
  });

  it('lists every package in sitemap.xml', async () => {
    const xml = await (await fetch(`${url}/sitemap.xml`)).text();
    for (const record of catalogue.packages) expect(xml).toContain(`/packages/${record.id}</loc>`);
  });
});
