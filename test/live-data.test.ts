/**
 * The server's data version reloads when the build writes a new manifest, and only then: a
 * manifest written again with the same data version does not make it read the catalogue (at
 * 100,000 packages, seconds of work and a second copy of the listings in memory).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { CATALOGUE_DATABASE } from '../src/data/catalogue-database.ts';
import { LiveData } from '../src/server/live/live-data.ts';
import { captureIo } from './support/capture-io.ts';
import { FIXTURE_AS_OF, writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
let root: string;

beforeAll(() => {
  root = tempDir();
  writeFixtureRepo(root);
});

async function build(out: string, asOf: string): Promise<void> {
  expect(await main(['build', '--out', out, '--as-of', asOf], captureIo(root))).toBe(0);
}

describe('live data', () => {
  it('reads the catalogue again only when the manifest names another data version', async () => {
    const out = tempDir();
    await build(out, FIXTURE_AS_OF);
    const lines: string[] = [];
    const live = new LiveData(out, (line) => lines.push(line));
    const first = live.version;
    expect(first.index.byId.size).toBe(31);

    // The same manifest written again, over a catalogue that could no longer be read.
    const manifest = readFileSync(join(out, 'manifest.json'), 'utf8');
    writeFileSync(join(out, CATALOGUE_DATABASE), 'not a database');
    writeFileSync(join(out, 'manifest.json'), manifest);
    expect(live.reload()).toBe(false);
    expect(live.version).toBe(first);
    expect(lines).toEqual([]);

    // Another data version: it is read, and a catalogue that cannot be read keeps the old one.
    const other = tempDir();
    await build(other, '2026-11-02T00:00:00Z');
    writeFileSync(join(out, 'manifest.json'), readFileSync(join(other, 'manifest.json')));
    expect(live.reload()).toBe(false);
    expect(live.version).toBe(first);
    expect(lines).toEqual([expect.stringMatching(/^data reload failed, still serving /)]);

    writeFileSync(join(out, CATALOGUE_DATABASE), readFileSync(join(other, CATALOGUE_DATABASE)));
    expect(live.reload()).toBe(true);
    expect(live.version.manifest.as_of).toBe('2026-11-02T00:00:00.000Z');
    expect(live.version.index.byId.size).toBe(31);
    live.close();
    first.close();
    live.version.close();
  });
});
