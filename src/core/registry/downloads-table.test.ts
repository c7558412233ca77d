import { expect, it } from 'vitest';
import { parseDownloadsTable } from './downloads-table.ts';

it('reads names and monthly counts by the header, skipping rows without a whole-number count', () => {
  const table = parseDownloadsTable(
    [
      'name\tversion\tdownloads_a_month\tsummary',
      '@bytebase/dbhub\t0.11.5\t58849\tUniversal database MCP server',
      '@playwright/mcp\t0.0.83\t6293363\tPlaywright Tools for MCP',
      'odd-one\t1.0.0\t12.5\t',
      '\t1.0.0\t10\t',
      '',
    ].join('\n'),
  );
  expect(table).toEqual({
    ok: true,
    counts: new Map([
      ['@bytebase/dbhub', 58_849],
      ['@playwright/mcp', 6_293_363],
    ]),
    skipped: 2,
  });
});

it('takes downloads_monthly or downloads as the count column, in any position', () => {
  const table = parseDownloadsTable('downloads_monthly\tname\r\n1200\tfirecrawl-mcp\r\n');
  expect(table.ok && [...table.counts]).toEqual([['firecrawl-mcp', 1200]]);
});

it('says what the first line must hold when it names no columns', () => {
  expect(parseDownloadsTable('@bytebase/dbhub\t58849\n')).toEqual({
    ok: false,
    message:
      'its first line must name the columns, tab-separated: "name" and one of downloads_a_month, downloads_monthly, downloads',
  });
});
