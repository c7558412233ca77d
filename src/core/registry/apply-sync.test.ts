import { describe, expect, it } from 'vitest';
import { PG_QUERY } from '../../../test/support/package-fixture.ts';
import type { PackageFile } from '../types.ts';
import { applySync, type Observations } from './apply-sync.ts';
import type { NpmLatest } from './npm-packument.ts';
import { emptyRecord, type RegistryRecord } from './registry-record.ts';

const NOW = '2026-11-25T18:00:00.000Z';
const LATER = '2026-11-26T18:00:00.000Z';
const validators = { etag: 'W/"abc"', lastModified: 'Tue, 25 Nov 2026 17:00:00 GMT' };

function npmLatest(overrides: Partial<NpmLatest> = {}): NpmLatest {
  return {
    status: 'ok',
    name: '@example/pg-query',
    version: '2.1.0',
    publishedAt: '2026-10-01T00:00:00.000Z',
    deprecated: null,
    license: 'MIT',
    repository: 'https://github.com/example/pg-query',
    homepage: null,
    mcpName: 'io.github.example/pg-query',
    description: 'Runs read-only SQL.',
    keywords: ['mcp'],
    hasBin: true,
    sdkDependency: '@modelcontextprotocol/sdk',
    ...overrides,
  };
}

const fresh = (facts: Partial<NpmLatest> = {}): Observations => ({
  npm: { outcome: 'fresh', facts: npmLatest(facts), validators },
});

function synced(pkg: PackageFile = PG_QUERY, facts: Partial<NpmLatest> = {}) {
  return applySync(pkg, emptyRecord(pkg.id), fresh(facts), NOW);
}

describe('applying a sync', () => {
  it('records the facts and validators, and changes nothing when the file already agrees', () => {
    const outcome = synced();
    expect(outcome.changes).toEqual([]);
    expect(outcome.pkg).toEqual(PG_QUERY);
    expect(outcome.record.sources.npm).toMatchObject({
      name: '@example/pg-query',
      status: 'ok',
      latest_version: '2.1.0',
      etag: 'W/"abc"',
      checked_at: NOW,
      changed_at: NOW,
      mcp_name: 'io.github.example/pg-query',
    });
    expect(outcome.record.written).toEqual({
      license: 'MIT',
      repository: 'https://github.com/example/pg-query',
    });
    expect(outcome.record.synced_at).toBe(NOW);
  });

  it('takes a new version and remembers the one before', () => {
    const first = synced();
    const second = applySync(PG_QUERY, first.record, fresh({ version: '2.2.0' }), LATER);
    expect(second.changes).toEqual([{ field: 'version', from: '2.1.0', to: '2.2.0' }]);
    expect(second.pkg.version).toBe('2.2.0');
    expect(second.record.sources.npm).toMatchObject({
      latest_version: '2.2.0',
      previous_version: '2.1.0',
      changed_at: LATER,
    });
  });

  it('confirms a 304 without touching the facts', () => {
    const first = synced();
    const second = applySync(PG_QUERY, first.record, { npm: { outcome: 'not-modified', validators } }, LATER);
    expect(second.changes).toEqual([]);
    expect(second.record.sources.npm).toEqual({ ...first.record.sources.npm, checked_at: LATER });
  });

  it('keeps a licence a maintainer set, but follows the registry where sync wrote the value', () => {
    const handEdited = { ...PG_QUERY, license: 'MIT OR Apache-2.0' };
    const kept = synced(handEdited, { license: 'MIT' });
    expect(kept.pkg.license).toBe('MIT OR Apache-2.0');
    expect(kept.notes).toEqual(['kept license "MIT OR Apache-2.0" (set by hand; the registry says "MIT")']);
    const unknown = synced({ ...PG_QUERY, license: null });
    expect(unknown.changes).toEqual([{ field: 'license', from: null, to: 'MIT' }]);
    const relicensed = applySync(unknown.pkg, unknown.record, fresh({ license: 'Apache-2.0' }), LATER);
    expect(relicensed.changes).toEqual([{ field: 'license', from: 'MIT', to: 'Apache-2.0' }]);
  });

  it('marks a deprecation, keeps its first date, and clears only its own note', () => {
    const deprecated = synced(PG_QUERY, { deprecated: 'Moved to @example/pg' });
    expect(deprecated.pkg.deprecated).toEqual({
      date: '2026-11-25',
      reason: 'Deprecated on npm: Moved to @example/pg',
    });
    const again = applySync(
      deprecated.pkg,
      deprecated.record,
      fresh({ deprecated: 'Moved to @example/pg' }),
      LATER,
    );
    expect(again.changes).toEqual([]);
    const revived = applySync(deprecated.pkg, deprecated.record, fresh(), LATER);
    expect(revived.changes).toEqual([
      { field: 'deprecated', from: 'Deprecated on npm: Moved to @example/pg', to: null },
    ]);
    expect(revived.pkg.deprecated).toBeUndefined();
    const maintainerNote = { ...PG_QUERY, deprecated: { date: '2026-01-01', reason: 'Archived on GitHub.' } };
    expect(synced(maintainerNote).pkg.deprecated).toEqual(maintainerNote.deprecated);
  });

  it('removes a package unpublished from its only registry, and one that vanished after being found', () => {
    const unpublished = applySync(
      PG_QUERY,
      emptyRecord(PG_QUERY.id),
      {
        npm: {
          outcome: 'fresh',
          facts: { status: 'unpublished', name: '@example/pg-query', unpublishedAt: NOW },
          validators,
        },
      },
      NOW,
    );
    expect(unpublished.pkg.removed).toEqual({
      date: '2026-11-25',
      reason: 'Unpublished from npm (@example/pg-query).',
    });
    const found = synced();
    const vanished = applySync(PG_QUERY, found.record, { npm: { outcome: 'not-found' } }, LATER);
    expect(vanished.pkg.removed?.reason).toBe('No longer found on npm (@example/pg-query).');
  });

  it('never removes on a first 404 (a typo?) or when the server is also reachable another way', () => {
    const typo = applySync(PG_QUERY, emptyRecord(PG_QUERY.id), { npm: { outcome: 'not-found' } }, NOW);
    expect(typo.pkg.removed).toBeUndefined();
    expect(typo.failures).toEqual([
      { source: 'npm', message: 'has no "@example/pg-query" (404); check the name in the package file' },
    ]);
    const hosted = {
      ...PG_QUERY,
      distribution: { ...PG_QUERY.distribution, remote: 'https://pg.example/mcp' },
    };
    const gone = applySync(
      hosted,
      emptyRecord(hosted.id),
      {
        npm: {
          outcome: 'fresh',
          facts: { status: 'unpublished', name: '@example/pg-query', unpublishedAt: NOW },
          validators,
        },
      },
      NOW,
    );
    expect(gone.pkg.removed).toBeUndefined();
  });

  it('keeps the last facts through a failure and says so', () => {
    const found: RegistryRecord = synced().record;
    const failed = applySync(PG_QUERY, found, { npm: { outcome: 'error', message: 'answered 503' } }, LATER);
    expect(failed.changes).toEqual([]);
    expect(failed.failures).toEqual([{ source: 'npm', message: 'answered 503' }]);
    expect(failed.record.sources.npm).toEqual({
      ...found.sources.npm,
      last_error: { at: LATER, message: 'answered 503' },
    });
  });

  it('reads the version of a remote-only server from the MCP Registry, and its deprecation', () => {
    const remote: PackageFile = {
      ...PG_QUERY,
      distribution: { remote: 'https://pg.example/mcp' },
      version: '1.0.0',
    };
    const outcome = applySync(
      remote,
      emptyRecord(remote.id),
      {
        mcpName: 'com.example/pg',
        'mcp-registry': {
          outcome: 'fresh',
          validators,
          facts: {
            name: 'com.example/pg',
            title: null,
            description: 'Postgres.',
            version: '1.1.0',
            status: 'deprecated',
            statusMessage: 'Use com.example/pg2',
            isLatest: true,
            publishedAt: NOW,
            updatedAt: NOW,
            repository: null,
            repositorySubfolder: null,
            website: null,
            packages: [],
            remotes: [{ type: 'streamable-http', url: 'https://pg.example/mcp', headers: [] }],
          },
        },
      },
      NOW,
    );
    expect(outcome.changes.map((change) => change.field)).toEqual(['version', 'deprecated']);
    expect(outcome.pkg.deprecated?.reason).toBe('Deprecated on the MCP Registry: Use com.example/pg2');
  });
});

describe('homepages', () => {
  it('ignores a homepage that only points into the repository', () => {
    const readme = synced(PG_QUERY, { homepage: 'https://github.com/example/pg-query#readme' });
    expect(readme.changes).toEqual([]);
    const site = synced(PG_QUERY, { homepage: 'https://pg-query.example' });
    expect(site.changes).toEqual([{ field: 'homepage', from: null, to: 'https://pg-query.example' }]);
  });
});
