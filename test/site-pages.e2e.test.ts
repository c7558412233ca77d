/**
 * What readers of the website depend on beyond "the page loads": a capped score says which cap and
 * why; a 404 names the address asked for; a page past the end of a list is a 404 that says where
 * the list ends; every error status line carries its reason phrase; tables fit a phone; copying a
 * snippet is announced; the sign-in page is part of the site. Real front server, built Astro pages
 * and Debian's Chromium, over the fixture catalogue plus one package whose evaluation failed the
 * licence check (the fixture has no capped package of its own). Every page runs under its real
 * Content-Security-Policy, and a test fails on any violation.
 *
 * Needs the built site (`npm run build`) and Chromium, like site.e2e.test.ts.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPS } from '../src/core/rubric/policy.ts';
import { RUBRIC_VERSION } from '../src/core/rubric/versions.ts';
import {
  type BrowserSession,
  failOnCspViolations,
  seriousViolations,
  startBrowser,
} from './support/browser.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { startFakeGitHub } from './support/fake-github.ts';
import { freePort } from './support/postgres.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const NO_LICENCE = CAPS.find((cap) => cap.id === 'no-licence')!;

const tempDir = useTempDirs();
let server: TestServer;
let browser: BrowserSession;
failOnCspViolations(() => browser);

function write(root: string, path: string, content: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A package whose only evaluation failed LIC-01: every other check passes, so only the cap holds it down. */
function writeUnlicensedPackage(root: string): void {
  write(
    root,
    'data/packages/unlicensed-srv.md',
    [
      '---',
      'id: unlicensed-srv',
      'name: "Unlicensed"',
      'kind: mcp-server',
      'category: developer-tools',
      'description: "A server that ships no licence file."',
      'repository: https://github.com/example/unlicensed-srv',
      'distribution:',
      '  npm: "@example/unlicensed-srv"',
      'version: "1.0.0"',
      'maintainers: []',
      'added: 2026-01-15',
      '---',
      'Unlicensed is a fixture package used by the afscore tests.',
      '',
    ].join('\n'),
  );
  const evaluation = buildEvaluation({
    id: uuidFor('unlicensed/ada'),
    packageId: 'unlicensed-srv',
    version: '1.0.0',
    contributor: 'ada-evaluates',
    finishedAt: '2026-10-20T09:00:00Z',
    outcomes: { 'LIC-01': { status: 'fail', message: 'The package ships no licence file.' } },
  });
  write(
    root,
    `evaluations/unlicensed-srv/${evaluation.evaluation_id}.json`,
    `${JSON.stringify(evaluation, null, 2)}\n`,
  );
}

beforeAll(async () => {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'server', 'entry.mjs')))
    throw new Error('the site is not built: run npm run build first (npm test does)');
  const root = tempDir();
  // The fixture writer leaves other files alone, so the extra package joins the fixture's build.
  writeUnlicensedPackage(root);
  server = await startTestServer(root, { AFSCORE_ROOT: PROJECT_ROOT });
  browser = await startBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return page;
}

async function accessibilityProblems(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join('; ')}`,
  );
}

describe('a capped score', () => {
  it('says next to the score which cap held it down, what the cap means and which check set it off', async () => {
    const page = await open('/packages/unlicensed-srv');
    try {
      const panel = page.getByRole('region', { name: 'Score and why' });
      expect(await panel.locator('.score').first().textContent()).toMatch(/^60/);
      const note = (await panel.textContent()) ?? '';
      expect(note).toContain('Score capped.');
      expect(note).toContain(NO_LICENCE.description.replace('af_score', 'af score'));
      expect(note).toContain('The package ships no licence file.');
      // Which rules the score was graded under.
      expect(note).toMatch(new RegExp(`Rubric\\s*${RUBRIC_VERSION.replace('.', '\\.')}`));
      // The cause links to the failed check, which is on the page.
      // Where the licence check looked, what it found, and how a maintainer lifts the cap.
      expect(note).toContain('The source repository was not read.');
      expect(note).toMatch(/How a maintainer lifts the cap\s*Ship the licence text in the published package/);
      // The cap is said at the top of the page too, and in every list.
      expect(await page.locator('.package-intro .score-basis').textContent()).toContain(
        'Capped at 60: no licence',
      );
      const cause = panel.locator('.cap-note').getByRole('link', { name: 'Open licence' });
      expect(await cause.getAttribute('href')).toBe('#check-LIC-01');
      expect(await page.locator('#check-LIC-01').count()).toBe(1);
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('marks the capped evaluation in the history', async () => {
    const page = await open('/packages/unlicensed-srv');
    const history = page.getByRole('region', { name: 'Evaluation history' });
    expect(await history.locator('tbody tr').first().textContent()).toContain('capped: no licence');
    await page.close();
  });

  it('is marked and explained on the compare page', async () => {
    const page = await open('/compare?ids=unlicensed-srv,pg-query');
    const table = page.getByRole('region', { name: 'Comparison' });
    const afRow = await table.locator('tbody tr').first().locator('td').allTextContents();
    expect(afRow.map((cell) => cell.replace(/\s+/g, ' ').trim())).toEqual([
      '60grade D capped, see why',
      '98.3grade A best',
    ]);
    const explanation = page.locator('#capped-scores');
    expect(await explanation.textContent()).toContain('Unlicensed');
    expect(await explanation.textContent()).toContain('af score is capped at 60');
    await page.close();
  });

  it('says nothing of caps on an uncapped package', async () => {
    const html = await (await fetch(`${server.url}/packages/pg-query`)).text();
    expect(html).not.toContain('Score capped');
    expect(html).not.toContain('capped: ');
  });
});

describe('a package nobody has evaluated', () => {
  it('says so once, with one badge, and invites the first evaluation', async () => {
    const page = await open('/packages/never-run');
    const text = await page.locator('main').innerText();
    expect(text.match(/not (yet )?evaluated/gi)).toHaveLength(1);
    expect(text).not.toContain('No evaluation yet');
    expect(await page.locator('img[src="/badge/never-run.svg"]').count()).toBe(1);
    expect(await page.locator('#history').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'be the first to evaluate it' }).getAttribute('href')).toBe(
      '/contribute',
    );
    await page.close();
  });
});

describe('the statistics page', () => {
  it('shows the score distribution and lists the most failed checks with their rates', async () => {
    const page = await open('/stats');
    try {
      const bands = page.getByRole('region', { name: 'Score distribution' }).locator('tbody tr');
      expect(await bands.count()).toBe(10);
      expect(await bands.last().locator('th').textContent()).toBe('90–100');
      const failed = page.getByRole('region', { name: 'Most failed checks' });
      const rows = failed.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.count()).toBeLessThanOrEqual(10);
      // The unlicensed package fails the licence check, so it is on the list with its rubric title.
      const licence = rows.filter({ hasText: 'LIC-01' });
      expect(await licence.count()).toBe(1);
      expect(await licence.locator('th').innerText()).toBe('LIC-01 Open licence');
      expect(await licence.locator('td').nth(2).innerText()).toMatch(/^\d+$/);
      expect(await licence.locator('td').nth(3).innerText()).toMatch(/^\d+% of \d+$/);
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('not found', () => {
  it('names the path that was asked for, not /404', async () => {
    for (const path of ['/packages/nope', '/categories/nope', '/contributors/nope', '/no/such/page']) {
      const response = await fetch(`${server.url}${path}`);
      expect([response.status, response.statusText], path).toEqual([404, 'Not Found']);
      const html = await response.text();
      expect(html, path).toContain(`There is nothing at <code>${path}</code>`);
      expect(html, path).not.toContain('<code>/404</code>');
    }
  });

  it('escapes the path it names', async () => {
    const html = await (await fetch(`${server.url}/packages/%3Cb%3Ebold%3C%2Fb%3E`)).text();
    expect(html).toContain('There is nothing at <code>/packages/&lt;b&gt;bold&lt;/b&gt;</code>');
  });
});

describe('a page past the end of a list', () => {
  const lists = [
    ['/packages?page=99', '/packages?page=', 'the package list'],
    ['/packages?q=filler&page=99', '/packages?q=filler', 'these results'],
    ['/queue?page=99', '/queue', 'the queue'],
    ['/categories/developer-tools?page=99', '/categories/developer-tools', 'the packages in Developer tools'],
  ] as const;

  it.each(lists)('%s is a 404 that links to the last page', async (path, lastPrefix, what) => {
    const response = await fetch(`${server.url}${path}`);
    expect([response.status, response.statusText]).toEqual([404, 'Not Found']);
    const page = await open(path);
    try {
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain(`There is no page 99 of ${what}.`);
      expect(main).not.toMatch(/Page 99 of/);
      expect(main).not.toContain('Nothing matches');
      const last = page.getByRole('link', { name: /^Go to page \d+$/ });
      const href = (await last.getAttribute('href'))!;
      expect(href.startsWith(lastPrefix)).toBe(true);
      expect((await fetch(`${server.url}${href}`)).status).toBe(200);
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('leaves the first page of an empty search at 200', async () => {
    expect((await fetch(`${server.url}/packages?q=zzzz-nothing`)).status).toBe(200);
  });
});

describe('status lines', () => {
  it.each([
    ['/packages?sort=stars', 400, 'Bad Request'],
    ['/queue?page=0', 400, 'Bad Request'],
    ['/categories/developer-tools?dimension=stars', 400, 'Bad Request'],
    ['/compare?ids=BAD_ID', 400, 'Bad Request'],
    ['/compare?ids=pg-query,ghost', 404, 'Not Found'],
    ['/packages/retired-server', 410, 'Gone'],
  ] as const)('%s answers %i %s', async (path, status, text) => {
    const response = await fetch(`${server.url}${path}`);
    expect([response.status, response.statusText]).toEqual([status, text]);
  });
});

describe('on a 390 px phone', () => {
  it.each([
    '/',
    '/packages',
    '/queue',
    '/categories/developer-tools',
    '/compare?ids=unlicensed-srv,pg-query',
    '/contributors',
    '/packages/unlicensed-srv',
  ])('the tables of %s fit without scrolling sideways', async (path) => {
    const page = await open(path, 390);
    const wide = await page.$$eval('.table-scroll', (regions) =>
      regions
        .filter((region) => region.scrollWidth > region.clientWidth + 1)
        .map(
          (region) => `${region.getAttribute('aria-label')}: ${region.scrollWidth} > ${region.clientWidth}`,
        ),
    );
    await page.close();
    expect(wide).toEqual([]);
  });

  it('keeps the guide’s wide tables in labelled regions that a keyboard can scroll', async () => {
    const page = await open('/contribute', 390);
    const tables = await page.$$eval('.prose table', (tables) =>
      tables.map((table) => {
        const region = table.parentElement!;
        return {
          role: region.getAttribute('role'),
          label: region.getAttribute('aria-label') ?? '',
          tabindex: region.getAttribute('tabindex'),
        };
      }),
    );
    expect(tables.length).toBeGreaterThan(3);
    for (const table of tables)
      expect(table).toMatchObject({ role: 'region', tabindex: '0', label: /^Table/ });
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.close();
  });
});

describe('copy buttons', () => {
  it('announce the copy in a polite live region', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}/packages/pg-query`);
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    const status = page.locator('[role="status"][aria-live="polite"]');
    await expect.poll(() => status.textContent()).toBe('Copied Markdown');
    await context.close();
  });
});

describe('the rest of the site', () => {
  it('serves a favicon at /favicon.ico', async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it('shows the sign-in page inside the site’s header, navigation and footer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    expect(await page.getByRole('link', { name: 'afscore' }).first().getAttribute('href')).toBe('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toContain('Packages');
    expect(await page.locator('footer').getByRole('link', { name: 'API (OpenAPI)' }).count()).toBe(1);
    // The site's stylesheet applies: the header has the site's dark background.
    expect(await page.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe(
      'rgb(13, 27, 42)',
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });
});

describe('signing in with GitHub', () => {
  it('runs the whole web flow in the browser under the sign-in pages’ policy and shows the key', async () => {
    const github = await startFakeGitHub();
    // The callback URL is the public URL's, so this server's own address must be known up front.
    const port = await freePort();
    const signIn = await startTestServer(tempDir(), {
      AFSCORE_ROOT: PROJECT_ROOT,
      PORT: String(port),
      AFSCORE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      AFSCORE_GITHUB_CLIENT_ID: 'client-123',
      AFSCORE_GITHUB_CLIENT_SECRET: 'secret-456',
      AFSCORE_GITHUB_API_URL: github.url,
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      github.approveNextSignIn({ login: 'grace-h', avatar_url: 'https://avatars.example/grace.png' });
      await page.goto(`${signIn.url}/sign-in`);
      await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
      await page.waitForURL(`${signIn.url}/sign-in/callback?**`);
      expect(await page.locator('#api-key').textContent()).toMatch(/^afk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
      expect(github.requests.some((line) => line.startsWith('GET /login/oauth/authorize?'))).toBe(true);
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await page.close();
      await signIn.close();
      await github.close();
    }
  });
});
