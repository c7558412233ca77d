/**
 * Debian's Chromium through playwright-core, for the page suites: every page opened through a
 * `BrowserSession` is watched for Content-Security-Policy violations (the browser's own console
 * report and the page's `securitypolicyviolation` events), and the suite fails a test that caused
 * any. Axe is injected through the DevTools protocol, which the pages' CSP does not govern, so the
 * pages are checked under their real policy.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { chromiumPath } from '../setup/system-requirements.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Reports each violation on the console, where the session's listener picks it up with the page's URL. */
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('securitypolicyviolation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber);
});`;

export interface BrowserSession {
  browser: Browser;
  /** A page in a context of its own, watched. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A context whose every page is watched. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** The violations seen since the last call. */
  takeCspViolations(): string[];
  close(): Promise<void>;
}

function isCspReport(text: string): boolean {
  return text.startsWith('securitypolicyviolation:') || /Content Security Policy/i.test(text);
}

export async function startBrowser(extraArgs: readonly string[] = []): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', ...extraArgs],
  });
  const violations: string[] = [];
  const watch = async (context: BrowserContext) => {
    await context.addInitScript(REPORT_VIOLATIONS);
    const onPage = (page: Page) =>
      page.on('console', (message) => {
        if (isCspReport(message.text())) violations.push(`${page.url()}: ${message.text()}`);
      });
    context.on('page', onPage);
    for (const page of context.pages()) onPage(page);
    return context;
  };
  return {
    browser,
    async newContext(options) {
      return watch(await browser.newContext(options));
    },
    async newPage(options) {
      const context = await watch(await browser.newContext(options));
      const page = await context.newPage();
      page.once('close', () => void context.close());
      return page;
    },
    takeCspViolations: () => violations.splice(0),
    close: () => browser.close(),
  };
}

/** Fails the test that opened a page whose policy refused anything. */
export function failOnCspViolations(session: () => BrowserSession | undefined): void {
  afterEach(() => {
    expect(session()?.takeCspViolations() ?? [], 'Content-Security-Policy violations').toEqual([]);
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Axe's serious and critical findings on the page, run under the page's own CSP. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Every axe finding on the page, whatever its impact. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
}
