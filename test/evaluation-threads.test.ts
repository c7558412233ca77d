/**
 * `afscore validate` and `afscore build` check evaluation files in worker threads on a large
 * repository: the outcome must be the one the single-threaded reading gives, problem for problem
 * and in the same order, and the catalogue built from it the same bytes.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import { loadRepository, loadRepositoryInThreads } from '../src/data/load-repository.ts';
import { FIXTURE_AS_OF, writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

const BROKEN = join(import.meta.dirname, 'fixtures', 'broken');
const tempDir = useTempDirs();
let clean: string;
let broken: string;

/** Threads even for a small repository, and more batches than threads. */
const FORCED = { threads: 3, threadsFromFiles: 0 };

function copyInto(root: string, name: string, path: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  copyFileSync(join(BROKEN, `${name}.json`), join(root, path));
}

beforeAll(() => {
  clean = tempDir();
  writeFixtureRepo(clean);
  broken = tempDir();
  writeFixtureRepo(broken);
  copyInto(broken, 'bad-json', 'evaluations/pg-query/a9cb4ae3-ef04-4e5b-8c89-194f5c5ec9e0.json');
  copyInto(broken, 'schema-violation', 'evaluations/pg-query/64419b7b-5e1b-4267-8db1-1ae571241dd4.json');
  copyInto(broken, 'unknown-package', 'evaluations/ghost-server/f1d11e78-0e9f-45b9-8422-dd4940a78b7f.json');
  // An evaluation filed under another package's folder, and a file where none can be.
  const folder = join(broken, 'evaluations', 'pg-query');
  const first = readdirSync(folder).sort()[0]!;
  const doc = JSON.parse(readFileSync(join(folder, first), 'utf8')) as { package: { id: string } };
  mkdirSync(join(broken, 'evaluations', 'zz-copy'), { recursive: true });
  writeFileSync(join(broken, 'evaluations', 'zz-copy', first), JSON.stringify(doc));
  writeFileSync(join(broken, 'evaluations', 'stray.json'), '{}');
});

describe('evaluation files checked in threads', () => {
  it('build the same catalogue as one thread does', async () => {
    const single = loadRepository(clean, { asOf: FIXTURE_AS_OF });
    const threaded = await loadRepositoryInThreads(clean, { asOf: FIXTURE_AS_OF, ...FORCED });
    expect(threaded.issues).toEqual([]);
    expect(threaded.counts).toEqual(single.counts);
    expect(threaded.input.evaluations).toEqual(single.input.evaluations);
    expect(JSON.stringify(buildCatalogue(threaded.input))).toBe(JSON.stringify(buildCatalogue(single.input)));
  });

  it('report the same problems in the same order', async () => {
    const single = loadRepository(broken, { withoutGit: true, validateOnly: true });
    const threaded = await loadRepositoryInThreads(broken, {
      withoutGit: true,
      validateOnly: true,
      ...FORCED,
    });
    expect(single.issues.map((found) => found.message)).toEqual([
      '"ghost-server" is not a known package',
      'is required',
      'must be boolean',
      'has a value that is not allowed',
      expect.stringMatching(/^is not valid JSON/),
      'is not where a repository file can be',
      'is "pg-query" but the file is under evaluations/zz-copy/',
    ]);
    expect(threaded.issues).toEqual(single.issues);
    expect(threaded.input.evaluations).toEqual([]);
  });

  it('stay on one thread for a small repository unless told', async () => {
    const threaded = await loadRepositoryInThreads(clean, { asOf: FIXTURE_AS_OF });
    expect(threaded.counts.evaluations).toBeLessThan(2_000);
    expect(threaded.issues).toEqual([]);
  });
});
