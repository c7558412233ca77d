/**
 * Times from a real git repository: a merged pull request counts from its merge, the build's clock
 * defaults to the HEAD commit, and a parent project's history is never mistaken for the data's.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import { readGitTimes } from '../src/data/git-times.ts';
import { loadRepository } from '../src/data/load-repository.ts';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();

function git(root: string, args: string[], date?: string): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.org',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.org',
  };
  if (date) Object.assign(env, { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  return execFileSync('git', ['-C', root, ...args], { env, encoding: 'utf8' });
}

describe('git times', () => {
  it('dates a merged evaluation by its merge and defaults the clock to HEAD', () => {
    const root = tempDir();
    writeFixtureRepo(root);
    git(root, ['init', '-q', '-b', 'main']);
    git(root, ['add', '.']);
    git(root, ['commit', '-qm', 'catalogue'], '2026-10-25T08:00:00Z');
    git(root, ['checkout', '-qb', 'submission']);
    const doc = buildEvaluation({
      id: uuidFor('late'),
      packageId: 'never-run',
      version: '0.1.0',
      contributor: 'grace-h',
      finishedAt: '2026-10-26T09:00:00Z',
    });
    mkdirSync(join(root, 'evaluations', 'never-run'));
    writeFileSync(join(root, 'evaluations', 'never-run', `${doc.evaluation_id}.json`), JSON.stringify(doc));
    git(root, ['add', '.']);
    git(root, ['commit', '-qm', 'evaluation'], '2026-10-26T10:00:00Z');
    git(root, ['checkout', '-q', 'main']);
    git(root, ['merge', '-q', '--no-ff', 'submission', '-m', 'merge'], '2026-10-30T15:00:00Z');

    const times = readGitTimes(root);
    expect(times.headTime).toBe('2026-10-30T15:00:00.000Z');
    expect(times.evaluationPublishedAt.get(doc.evaluation_id)).toBe('2026-10-30T15:00:00.000Z');
    expect(times.evaluationPublishedAt.get(uuidFor('pg/tess'))).toBe('2026-10-25T08:00:00.000Z');

    const loaded = loadRepository(root);
    expect(loaded.input.asOf).toBe('2026-10-30T15:00:00.000Z');
    const catalogue = buildCatalogue(loaded.input);
    expect(catalogue.changes.at(-1)).toEqual({
      id: 'never-run',
      change: 'evaluated',
      updated_at: '2026-10-30T15:00:00.000Z',
    });
  });

  it('ignores the history of a parent project', () => {
    const outer = tempDir();
    git(outer, ['init', '-q', '-b', 'main']);
    writeFixtureRepo(join(outer, 'nested'));
    git(outer, ['add', '.']);
    git(outer, ['commit', '-qm', 'outer'], '2026-10-25T08:00:00Z');
    expect(readGitTimes(join(outer, 'nested'))).toEqual({
      evaluationPublishedAt: new Map(),
      packageModifiedAt: new Map(),
      packageVersionChangedAt: new Map(),
      packageDeprecatedAt: new Map(),
      headTime: null,
    });
  });
});
