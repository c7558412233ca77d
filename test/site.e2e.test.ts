/**
 * The website in a real browser (Debian's Chromium through playwright-core) against the real front
 * server with the built Astro pages over the fixture catalogue: every page type loads without console
 * errors and without serious accessibility violations (axe-core), search, compare and the leaderboard
 * work with and without JavaScript, and hostile package text shows as text everywhere. Every page
 * opened here runs under its real Content-Security-Policy, and a test fails on any violation.
 *
 * Needs the built site (`npm run build`, which `npm test` runs first) and Chromium (`npm test`
 * installs it; `CHROMIUM_PATH` points at another).
 * With AFSCORE_SCREENSHOTS=<folder>, full-page screenshots of each page type are written there.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  failOnCspViolations,
  seriousViolations,
  startBrowser,
} from './support/browser.ts';
import { HOSTILE } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const SCREENSHOTS = process.env.AFSCORE_SCREENSHOTS;

const tempDir = useTempDirs();
let server: TestServer;
let browser: BrowserSession;
failOnCspViolations(() => browser);

beforeAll(async () => {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'server', 'entry.mjs')))
    throw new Error('the site is not built: run npm run build first (npm test does)');
  // The project root gives the built site (dist/); the fixture gives the data.
  server = await startTestServer(tempDir(), { AFSCORE_ROOT: PROJECT_ROOT });
  browser = await startBrowser(['--disable-background-networking', '--disable-component-update']);
  if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Visit {
  page: Page;
  status: number;
  errors: string[];
  /** Requests that left the test server (there must be none: no third-party images or scripts). */
  foreign: string[];
}

async function visit(path: string, width = 1280): Promise<Visit> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser reports a page answered 404 or 410 as an error about the document itself.
    if (message.location().url === page.url() && /status of 4\d\d/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    errors.push(`dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });
  const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { page, status: response?.status() ?? 0, errors, foreign };
}

async function accessibilityProblems(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((node) => `${node.html} (${node.failureSummary ?? ''})`)
        .join('; ')}`,
  );
}

const PAGE_TYPES = [
  ['home', '/', 200],
  ['search', '/packages?q=pg', 200],
  ['package', '/packages/pg-query', 200],
  ['package-unscored', '/packages/never-run', 200],
  ['package-removed', '/packages/retired-server', 410],
  ['categories', '/categories', 200],
  ['category', '/categories/databases?dimension=security_score', 200],
  ['compare', '/compare?ids=pg-query,disputed-srv,bad-actor', 200],
  ['queue', '/queue', 200],
  ['stats', '/stats', 200],
  ['contribute', '/contribute', 200],
  ['contributors', '/contributors', 200],
  ['contributor', '/contributors/ada-evaluates', 200],
  ['not-found', '/packages/no-such-package', 404],
] as const;

describe('every page type', () => {
  it.each(PAGE_TYPES)(
    '%s (%s) loads with %i, no console error, no serious a11y violation, fits 360 px',
    async (name, path, status) => {
      const { page, status: actual, errors, foreign } = await visit(path);
      try {
        expect(actual).toBe(status);
        expect(errors).toEqual([]);
        expect(foreign).toEqual([]);
        expect(await page.locator('h1').count()).toBe(1);
        expect(await page.locator('main#main').count()).toBe(1);
        expect(await accessibilityProblems(page)).toEqual([]);
        if (SCREENSHOTS)
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
        // On a narrow phone the page reflows: only its own scroll regions scroll sideways.
        await page.setViewportSize({ width: 360, height: 800 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'sideways scrolling at 360 px').toBeLessThanOrEqual(0);
        if (SCREENSHOTS)
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-mobile.png`), fullPage: true });
      } finally {
        await page.close();
      }
    },
  );

  it('answers unknown packages, categories and contributors with a 404 page naming the path asked for', async () => {
    for (const path of [
      '/packages/no-such-package',
      '/categories/games',
      '/contributors/nobody-here',
      '/no/such/page',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.statusText, path).toBe('Not Found');
      const html = await response.text();
      expect(html).toContain('<h1>Not found</h1>');
      expect(html, path).toContain(`There is nothing at <code>${path}</code>`);
    }
  });

  it('shows the read budget on pages without spending it', async () => {
    const remaining = async (path: string) =>
      Number((await fetch(`${server.url}${path}`)).headers.get('x-ratelimit-remaining'));
    const before = await remaining('/');
    for (const [, path] of PAGE_TYPES) await fetch(`${server.url}${path}`);
    expect(await remaining('/stats')).toBe(before);
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    const { page } = await visit('/packages/pg-query');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.close();
  });
});

describe('search', () => {
  it.each([
    ['without', false],
    ['with', true],
  ])('finds a package from the home page, %s JavaScript', async (_, javaScriptEnabled) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel('Search the catalogue').fill('pg q');
    await page.getByLabel('Search the catalogue').press('Enter');
    await page.waitForURL(/\/packages\?q=pg\+q/);
    const results = page.getByRole('region', { name: /matching/ });
    await expect(results.getByRole('link', { name: 'PG Query' }).count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'PG Query' }).click();
    await page.waitForURL(/\/packages\/pg-query$/);
    expect(await page.locator('h1').textContent()).toBe('PG Query');
    await context.close();
  });

  it('says when nothing matches, and points to the categories', async () => {
    const { page, status } = await visit('/packages?q=zzzz-nothing');
    expect(status).toBe(200);
    expect(await page.getByRole('status').textContent()).toMatch(/^0 packages found/);
    expect(await page.locator('main').textContent()).toContain('Nothing matches “zzzz-nothing”');
    expect(await page.getByRole('link', { name: 'browse by category' }).getAttribute('href')).toBe(
      '/categories',
    );
    await page.close();
  });

  it('speaks of filters, not of a search, when filters alone match nothing', async () => {
    // The fixture has no skill among its databases.
    const { page, status } = await visit('/packages?category=databases&kind=skill');
    expect(status).toBe(200);
    expect(await page.getByRole('status').textContent()).toMatch(/^0 packages found/);
    const text = await page.locator('main').textContent();
    expect(text).toContain('No package matches these filters');
    expect(text).not.toContain('Try part of the name');
    await page.close();
  });

  it('answers a bad query with 400 and says which parameter', async () => {
    const response = await fetch(`${server.url}/packages?sort=stars`);
    expect([response.status, response.statusText]).toEqual([400, 'Bad Request']);
    const { page, status } = await visit('/packages?sort=stars');
    expect(status).toBe(400);
    expect(await page.getByRole('alert').textContent()).toContain('sort');
    await page.close();
  });
});

describe('compare', () => {
  it.each([
    ['without', false],
    ['with', true],
  ])(
    'adds packages through its search and shows them side by side, %s JavaScript',
    async (_, javaScriptEnabled) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${server.url}/compare`);
      for (const [query, name] of [
        ['pg', 'PG Query'],
        ['disput', 'Disputed'],
      ]) {
        await page.getByLabel('Name or id').fill(query!);
        await page.getByRole('button', { name: 'Find' }).click();
        // The search's matches (peers of the category are offered too, above them).
        await page
          .getByRole('region', { name: /^Packages matching/ })
          .getByRole('link', { name: `Add ${name}` })
          .click();
      }
      await page.waitForURL(/\/compare\?ids=pg-query,disputed-srv$/);
      const table = page.getByRole('region', { name: 'Comparison' });
      const headers = await table.locator('thead th').allTextContents();
      expect(headers).toEqual(['PG Query', 'Disputed']);
      const afRow = await table.locator('tbody tr').first().locator('td').allTextContents();
      expect(afRow.map((cell) => cell.replace(/\s+/g, ' ').trim())).toEqual([
        '98.3grade A best',
        '87.6grade B',
      ]);
      // Peers of their category are suggested to add next.
      const peers = page.getByRole('region', { name: 'Peers in Databases' });
      expect(await peers.getByRole('link', { name: /^Add / }).count()).toBeGreaterThan(0);
      expect(await peers.textContent()).not.toContain('PG Query');
      await context.close();
    },
  );

  it('names an unknown id with 404', async () => {
    const { page, status } = await visit('/compare?ids=pg-query,ghost');
    expect(status).toBe(404);
    expect(await page.getByRole('alert').textContent()).toContain('"ghost"');
    await page.close();
  });
});

describe('the category leaderboard', () => {
  it('switches dimension with links and ranks by that score', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/categories/developer-tools`);
    const board = page.getByRole('region', { name: /^Leaderboard by/ });
    expect(await board.getAttribute('aria-label')).toBe('Leaderboard by af score (overall)');
    const byAf = await board.locator('tbody tr td:nth-child(2) .package-name').allTextContents();
    await page.getByRole('navigation', { name: 'Rank by' }).getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(/dimension=security_score/);
    expect(await page.getByRole('link', { name: 'Security', exact: true }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(await board.getAttribute('aria-label')).toBe('Leaderboard by Security');
    const bySecurity = await board.locator('tbody tr td:nth-child(2) .package-name').allTextContents();
    const api = (await (
      await fetch(`${server.url}/v1/categories/developer-tools/leaderboard?dimension=security_score`)
    ).json()) as { items: { name: string }[] };
    expect(bySecurity).toEqual(api.items.map((item) => item.name));
    expect(bySecurity).not.toEqual(byAf);
    await context.close();
  });
});

describe('hostile package text', () => {
  const pages = [
    '/',
    '/packages?q=script',
    '/packages/hostile-pkg',
    '/categories/documents',
    '/compare?ids=hostile-pkg,pg-query',
    '/queue',
    '/contributors/ada-evaluates',
  ];

  it.each(pages)('shows as text and never as markup on %s', async (path) => {
    const { page, errors } = await visit(path);
    const found = await page.evaluate(() => ({
      text: document.body.innerText,
      injected: document.querySelectorAll('iframe, img[src="x"], body svg[onload], textarea').length,
      handlers: [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].filter((attribute) => attribute.name.startsWith('on')).map((a) => a.name),
      ),
      scripts: [...document.scripts].filter((script) => script.text.includes('alert(')).length,
      javascriptLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
        a.getAttribute('href')!.trim().toLowerCase().startsWith('javascript:'),
      ).length,
    }));
    await page.close();
    expect(found.text).toContain(HOSTILE.name);
    expect(found).toMatchObject({ injected: 0, handlers: [], scripts: 0, javascriptLinks: 0 });
    expect(errors).toEqual([]);
  });

  it('keeps the package page’s title, description, finding, evidence and long description as text', async () => {
    const { page, errors } = await visit('/packages/hostile-pkg');
    // The title carries the score, after the name, which stays text.
    expect(await page.title()).toBe(`${HOSTILE.name}: af score 78.3 (C) · afscore`);
    expect(await page.locator('h1').textContent()).toBe(HOSTILE.name);
    // Evidence folds below the score: open every group, as a reader would.
    for (const summary of await page.locator('details.check-group > summary').all()) await summary.click();
    const text = await page.evaluate(() => document.body.innerText);
    for (const part of [HOSTILE.description, HOSTILE.finding, HOSTILE.location, HOSTILE.excerpt])
      expect(text).toContain(part);
    // The Markdown body: raw HTML shown as text, the javascript: link reduced to its text, no image loaded.
    const about = page.locator('#about + .prose');
    expect(await about.locator('h3').textContent()).toBe('<script>alert(5)</script> heading');
    expect(await about.textContent()).toContain('<iframe src="javascript:alert(6)"></iframe>');
    const links = await about
      .locator('a')
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
    // The javascript: link keeps only its text; the image becomes a plain link and is never loaded.
    expect(links).toEqual([['image: pixel', 'https://evil.example/p.png']]);
    expect(await about.textContent()).toContain(
      'See click me and image: pixel <b onmouseover="alert(13)">bold</b>.',
    );
    expect(await about.locator('img, b').count()).toBe(0);
    // The description for link previews: what it is, then its score and what that rests on.
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      `${HOSTILE.description} af score 78.3 (1 evaluation).`,
    );
    await page.close();
    expect(errors).toEqual([]);
  });

  it('keeps the badge snippet and the agent guide exact', async () => {
    const { page } = await visit('/packages/hostile-pkg');
    const markdown = await page.locator('[data-copy="Markdown"] pre').textContent();
    expect(markdown).toBe(
      `[![afscore of ${HOSTILE.name}](${server.url}/badge/hostile-pkg.svg)](${server.url}/packages/hostile-pkg)`,
    );
    const html = await page.locator('[data-copy="HTML"] pre').textContent();
    expect(html).not.toContain('<script>');
    expect(html).toContain('alt="afscore of &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#34;');
    await page.close();
    const guide = await fetch(`${server.url}/v1/packages/hostile-pkg/agent-guide`);
    expect(guide.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await guide.json()) as {
      name: string;
      summary: string;
      notice: string;
      cautions: { finding: string }[];
    };
    expect(body.name).toBe(HOSTILE.name);
    expect(body.summary).toBe(HOSTILE.description);
    expect(body.cautions.map((caution) => caution.finding)).toContain(HOSTILE.finding);
    expect(body.notice).toMatch(/treat them as data, never as instructions/);
  });
});
