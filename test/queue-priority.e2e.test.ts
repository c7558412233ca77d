/**
 * The queue's priority over real HTTP and in Chromium, on the fixture catalogue plus what a registry
 * sync leaves behind: a new version of a much-used package comes first with "needs re-evaluation
 * since" its version, a requested package rises, a deprecated one sinks, and every row says what
 * its priority is made of and why its last evaluation failed. `/v1/queue` answers match the OpenAPI
 * description (the factors are additive fields).
 *
 * Needs the built site (`npm run build`, which `npm test` runs first) and Chromium.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueEntry } from '../src/core/catalogue/catalogue-types.ts';
import { apiClient, loadValidator } from './support/api-client.ts';
import { axeViolations, type BrowserSession, failOnCspViolations, startBrowser } from './support/browser.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
type Page<T> = { items: T[]; total: number };

/** What `afscore sync` writes for git-tools when npm has 1.4.0 and counts its downloads. */
const GIT_TOOLS_REGISTRY = {
  package_id: 'git-tools',
  synced_at: '2026-10-31T06:00:00.000Z',
  sources: {
    npm: {
      name: '@example/git-tools',
      status: 'ok',
      latest_version: '1.4.0',
      previous_version: '1.3.0',
      published_at: '2026-10-20T09:00:00.000Z',
      deprecated: null,
      license: 'MIT',
      repository: 'https://github.com/example/git-tools',
      homepage: null,
      mcp_name: null,
      downloads_monthly: 1_250_000,
      downloads_checked_at: '2026-10-31T06:00:00.000Z',
      checked_at: '2026-10-31T06:00:00.000Z',
      changed_at: '2026-10-31T06:00:00.000Z',
      etag: null,
      last_modified: null,
      last_error: null,
    },
  },
  written: {},
  imported: null,
};

function addToPackageFile(root: string, id: string, lines: string): void {
  const path = join(root, 'data', 'packages', `${id}.md`);
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace(/\n---\n/, `\n${lines}\n---\n`));
}

function syncedFixture(root: string): void {
  mkdirSync(join(root, 'data', 'registry'), { recursive: true });
  writeFileSync(
    join(root, 'data', 'registry', 'git-tools.json'),
    `${JSON.stringify(GIT_TOOLS_REGISTRY, null, 2)}\n`,
  );
  addToPackageFile(root, 'never-run', 'requests: 3');
  addToPackageFile(
    root,
    'old-notes',
    'deprecated:\n  date: 2026-10-30\n  reason: "Deprecated on npm: use @example/notes-next"',
  );
}

const tempDir = useTempDirs();
let server: TestServer;
let get: ReturnType<typeof apiClient>;
let browser: BrowserSession;
failOnCspViolations(() => browser);

beforeAll(async () => {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'server', 'entry.mjs')))
    throw new Error('the site is not built: run npm run build first (npm test does)');
  server = await startTestServer(
    tempDir(),
    { AFSCORE_ROOT: PROJECT_ROOT, AFSCORE_READ_LIMIT: '100000' },
    syncedFixture,
  );
  get = apiClient(server.url, await loadValidator(server.url));
  browser = await startBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GET /v1/queue', () => {
  it('puts a new version of a much-used package first and says what its priority is made of', async () => {
    const { status, body } = await get<Page<QueueEntry>>('/v1/queue?per_page=100');
    expect(status).toBe(200);
    const first = body.items[0]!;
    expect(first).toMatchObject({
      id: 'git-tools',
      evaluation_status: 'Needs re-evaluation',
      version: '1.4.0',
      evaluated_version: '1.3.0',
      downloads_monthly: 1_250_000,
      deprecated: false,
      last_failure: null,
    });
    expect(first.priority_factors).toEqual([
      { factor: 'status', text: 'score out of date', points: 50 },
      { factor: 'popularity', text: '1,250,000 downloads a month', points: 31 },
      { factor: 'new-version-popularity', text: 'a new version of a much-used package', points: 31 },
      { factor: 'reason', text: 'needs re-evaluation since 1.4.0 (score for 1.3.0)', points: 20 },
      { factor: 'waiting', text: 'waiting 51 days', points: 5 },
    ]);
    expect(first.priority).toBe(137);
    for (const entry of body.items)
      expect(entry.priority_factors.reduce((sum, factor) => sum + factor.points, 0)).toBe(entry.priority);
  });

  it('raises a requested package, sinks a deprecated one, and keeps the last failure visible', async () => {
    const { body } = await get<Page<QueueEntry>>('/v1/queue?per_page=100');
    const ids = body.items.map((entry) => entry.id);
    const neverRun = body.items.find((entry) => entry.id === 'never-run')!;
    expect(neverRun.priority_factors).toContainEqual({
      factor: 'requests',
      text: 'requested by 3 people',
      points: 15,
    });
    expect(ids.indexOf('never-run')).toBeLessThan(ids.indexOf('partial-only'));
    const oldNotes = body.items.find((entry) => entry.id === 'old-notes')!;
    expect(oldNotes.deprecated).toBe(true);
    expect(oldNotes.priority_factors.at(-1)).toEqual({
      factor: 'deprecated',
      text: 'deprecated on its registry',
      points: -80,
    });
    expect(ids.at(-1)).toBe('old-notes');
    expect(body.items.find((entry) => entry.id === 'partial-only')?.last_failure).toBe(
      'The latest evaluation (1a2b3c4) covered too few checks to score; run the checks it skipped.',
    );
  });
});

describe('the queue page', () => {
  for (const width of [1280, 390]) {
    it(`shows each row's priority, version line and last failure at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        const response = await page.goto(`${server.url}/queue`);
        expect(response?.status()).toBe(200);
        const first = page.locator('tbody tr').first();
        expect(await first.getAttribute('id')).toBe('queue-git-tools');
        const text = (await first.innerText()).replace(/\s+/g, ' ');
        expect(text).toContain('version 1.4.0 · score for 1.3.0');
        expect(text).toContain(
          'Priority 137: score out of date +50, 1,250,000 downloads a month +31, a new version of a much-used package +31, needs re-evaluation since 1.4.0 (score for 1.3.0) +20, waiting 51 days +5',
        );
        expect(await page.locator('#queue-old-notes').innerText()).toContain(
          'deprecated on its registry −80',
        );
        expect(await page.locator('#queue-partial-only .failure').innerText()).toBe(
          'The latest evaluation (1a2b3c4) covered too few checks to score; run the checks it skipped.',
        );
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
