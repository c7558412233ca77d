import { describe, expect, it } from 'vitest';
import { emptyRecord, type RegistryRecord } from '../registry/registry-record.ts';
import { validateRegistryRecords } from './validate-repository.ts';

const packages = new Set(['playwright-mcp']);

function file(record: unknown, id = 'playwright-mcp') {
  return { path: `data/registry/${id}.json`, text: JSON.stringify(record) };
}

const synced: RegistryRecord = {
  ...emptyRecord('playwright-mcp'),
  synced_at: '2026-11-25T17:40:00.000Z',
  sources: {
    npm: {
      name: '@playwright/mcp',
      status: 'ok',
      checked_at: '2026-11-25T17:40:00.000Z',
      changed_at: '2026-11-25T17:40:00.000Z',
      etag: 'W/"2f8-abc"',
      last_modified: 'Mon, 29 Sep 2026 02:10:01 GMT',
      latest_version: '0.0.83',
      previous_version: null,
      published_at: '2026-09-29T02:10:00.640Z',
      deprecated: null,
      last_error: null,
      license: 'Apache-2.0',
      repository: 'https://github.com/microsoft/playwright-mcp',
      homepage: 'https://playwright.dev',
      mcp_name: 'io.github.microsoft/playwright-mcp',
      downloads_monthly: 1_250_000,
      downloads_checked_at: '2026-11-25T17:40:00.000Z',
    },
  },
};

describe('registry records', () => {
  it('accepts a record sync wrote', () => {
    const result = validateRegistryRecords([file(synced)], packages);
    expect(result.issues).toEqual([]);
    expect(result.values[0]?.sources.npm?.latest_version).toBe('0.0.83');
  });

  it('refuses a record for a package that has no file', () => {
    const result = validateRegistryRecords([file(emptyRecord('gone'), 'gone')], packages);
    expect(result.issues).toEqual([
      expect.objectContaining({ path: 'data/registry/gone.json', pointer: '/package_id' }),
    ]);
  });

  it('refuses a record whose id is not its file name, and unknown fields', () => {
    const renamed = validateRegistryRecords([file(synced, 'other')], new Set(['other']));
    expect(renamed.issues[0]?.message).toContain('but the file is other.json');
    const extra = validateRegistryRecords([file({ ...synced, score: 100 })], packages);
    expect(extra.issues.map((found) => found.pointer)).toEqual(['/score']);
  });

  it('refuses a negative download count and a time that is not RFC 3339', () => {
    const npm = { ...synced.sources.npm!, downloads_monthly: -1, checked_at: 'yesterday' };
    const result = validateRegistryRecords([file({ ...synced, sources: { npm } })], packages);
    expect(result.issues.map((found) => found.pointer).sort()).toEqual([
      '/sources/npm/checked_at',
      '/sources/npm/downloads_monthly',
    ]);
  });
});
