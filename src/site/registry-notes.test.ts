import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../test/support/package-fixture.ts';
import { registryView } from '../core/registry/registry-view.ts';
import { deprecationNotice, queueVersionText, registryFacts, versionNotice } from './registry-notes.ts';

const synced = registryView({
  package_id: 'pg-query',
  synced_at: '2026-11-25T18:00:00.000Z',
  written: {},
  imported: null,
  sources: {
    npm: {
      name: '@example/pg-query',
      status: 'ok',
      latest_version: '2.2.0',
      previous_version: '2.1.0',
      published_at: '2026-11-20T09:15:42.118Z',
      deprecated: null,
      license: 'MIT',
      repository: null,
      homepage: null,
      mcp_name: null,
      downloads_monthly: 1_250_000,
      downloads_checked_at: '2026-11-25T18:00:00.000Z',
      checked_at: '2026-11-25T18:00:00.000Z',
      changed_at: '2026-11-25T18:00:00.000Z',
      etag: null,
      last_modified: null,
      last_error: null,
    },
  },
});

describe('registry notes on the pages', () => {
  it('says since which version a score is out of date, and for which it was given', () => {
    const record = packageRecord({
      version: '2.2.0',
      evaluated_version: '2.1.0',
      last_evaluated_at: '2026-10-03T10:00:00Z',
    });
    expect(versionNotice(record)).toBe(
      'Needs re-evaluation since 2.2.0: the score shown is for 2.1.0, evaluated 3 Oct 2026.',
    );
    expect(versionNotice(packageRecord({ version: '2.1.0', evaluated_version: '2.1.0' }))).toBeNull();
    expect(versionNotice(packageRecord({ evaluated_version: null }))).toBeNull();
  });

  it('words a deprecation, and each registry with its latest release and last check', () => {
    expect(
      deprecationNotice({ deprecated: { date: '2026-11-25', reason: 'Deprecated on npm: use pg2' } }),
    ).toBe(
      'Deprecated on npm: use pg2 (noted 25 Nov 2026). It still installs, but its maintainers point elsewhere.',
    );
    expect(registryFacts(packageRecord({ registry: synced }))).toEqual([
      {
        label: 'npm',
        text: 'latest 2.2.0 · published 20 Nov 2026 · 1,250,000 downloads last month · checked 25 Nov 2026',
        href: 'https://www.npmjs.com/package/@example/pg-query',
      },
    ]);
  });

  it('shows the queue what to evaluate and what the score is for', () => {
    expect(queueVersionText({ version: '2.2.0', evaluated_version: '2.1.0' })).toBe(
      'version 2.2.0 · score for 2.1.0',
    );
    expect(queueVersionText({ version: '2.1.0', evaluated_version: '2.1.0' })).toBe('version 2.1.0');
    expect(queueVersionText({ version: null, evaluated_version: null })).toBe('');
  });
});
