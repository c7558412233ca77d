/**
 * `afscore review` and `afscore validate --since` on a real git repository: a base branch with the
 * fixture catalogue and a pull-request branch on top, as the review workflow checks it out.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { buildCatalogue } from '../src/core/catalogue/build-catalogue.ts';
import { REVIEW_MARKER } from '../src/core/contributions/review-comment.ts';
import { loadRepository } from '../src/data/load-repository.ts';
import { captureIo } from './support/capture-io.ts';
import { buildEvaluation, type EvaluationSpec, uuidFor } from './support/evaluation-builder.ts';
import { writeFixtureRepo } from './support/fixture-repo.ts';
import { useTempDirs } from './support/temp-dir.ts';

/** Pull request numbers whose spot-check draw selects a newcomer, and one that does not. */
const SAMPLED_PR = '15';
const UNSAMPLED_PR = '1';

const tempDir = useTempDirs();
let root: string;
let base: string;

function git(args: string[]): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.org',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.org',
  };
  return execFileSync('git', ['-C', root, ...args], { env, encoding: 'utf8' }).trim();
}

function write(path: string, text: string): string {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  return path;
}

function addEvaluation(spec: Omit<EvaluationSpec, 'id'> & { label: string }): string {
  const doc = buildEvaluation({ finishedAt: '2026-11-20T09:00:00Z', ...spec, id: uuidFor(spec.label) });
  return write(
    `evaluations/${doc.package.id}/${doc.evaluation_id}.json`,
    `${JSON.stringify(doc, null, 2)}\n`,
  );
}

function commit(message: string): void {
  git(['add', '-A']);
  git(['commit', '-qm', message]);
}

beforeEach(() => {
  root = tempDir();
  writeFixtureRepo(root);
  git(['init', '-q', '-b', 'main']);
  commit('catalogue');
  base = git(['rev-parse', 'HEAD']);
  git(['checkout', '-qb', 'pull-request']);
});

async function review(pr: string, author: string, extra: string[] = []) {
  const out = join(tempDir(), 'review');
  const io = captureIo(root);
  const code = await main(
    [
      'review',
      '--pr',
      pr,
      '--author',
      author,
      '--base',
      base,
      '--head-sha',
      'f'.repeat(40),
      '--out',
      out,
      ...extra,
    ],
    io,
  );
  const read = (name: string) => readFileSync(join(out, name), 'utf8');
  const record = JSON.parse(read('review.json'));
  expect(read('comment.md')).toBe(`${record.body}\n`);
  expect(io.stdout).toEqual([record.body]);
  return { code, record, io };
}

describe('afscore review', () => {
  it('recomputes a newcomer’s evaluation and samples it by the pull request number', async () => {
    const path = addEvaluation({
      label: 'nora/pg',
      packageId: 'pg-query',
      version: '2.1.0',
      contributor: 'newbie-nora',
    });
    commit('evaluation');
    const { code, record } = await review(SAMPLED_PR, 'newbie-nora');
    expect(code).toBe(0);
    expect(record).toMatchObject({
      pull_request: 15,
      head_sha: 'f'.repeat(40),
      labels: ['evaluation', 'spot-check'],
      remove_labels: ['invalid'],
    });
    expect(record.body.startsWith(REVIEW_MARKER)).toBe(true);
    expect(record.body).toContain('✅ **The changed data file is valid.**');
    expect(record.body).toContain(`#### \`${path}\``);
    expect(record.body).toContain('by newbie\\-nora (tier: newcomer)');
    expect(record.body).toContain('**Spot-check: selected.**');

    const unsampled = await review(UNSAMPLED_PR, 'newbie-nora');
    expect(unsampled.record.labels).toEqual(['evaluation']);
  });

  it('takes tiers from the base branch, so a pull request cannot raise its author’s own', async () => {
    addEvaluation({ label: 'nora/pg', packageId: 'pg-query', version: '2.1.0', contributor: 'newbie-nora' });
    addEvaluation({
      label: 'nora/git',
      packageId: 'git-tools',
      version: '1.4.0',
      contributor: 'newbie-nora',
    });
    addEvaluation({
      label: 'nora/never',
      packageId: 'never-run',
      version: '0.1.0',
      contributor: 'newbie-nora',
    });
    commit('three evaluations');
    // Merged, these three would make her a contributor, whom spot-checks no longer sample.
    const merged = buildCatalogue(
      loadRepository(root, { withoutGit: true, asOf: '2026-11-22T12:00:00Z' }).input,
    );
    expect(merged.contributors.find((contributor) => contributor.login === 'newbie-nora')?.tier).toBe(
      'contributor',
    );

    const { code, record } = await review(SAMPLED_PR, 'newbie-nora');
    expect(code).toBe(0);
    expect(record.labels).toEqual(['evaluation', 'spot-check']);
    expect(record.body).toContain('(tier: newcomer)');
  });

  it('does not sample a trusted contributor and marks a disclosed self-evaluation', async () => {
    addEvaluation({
      label: 'tess/git',
      packageId: 'git-tools',
      version: '1.4.0',
      contributor: 'trusty-tess',
    });
    commit('trusted evaluation');
    const trusted = await review(SAMPLED_PR, 'trusty-tess');
    expect(trusted.record.labels).toEqual(['evaluation']);
    expect(trusted.record.body).toContain('- Spot-check: not sampled (tier trusted).');

    git(['reset', '-q', '--hard', base]);
    addEvaluation({
      label: 'maint/pg',
      packageId: 'pg-query',
      version: '2.1.0',
      contributor: 'pg-maint',
      affiliated: true,
      configSha: 'c'.repeat(64),
    });
    commit('self-evaluation');
    const self = await review(UNSAMPLED_PR, 'pg-maint');
    expect(self.code).toBe(0);
    expect(self.record.labels).toEqual(['evaluation', 'self-evaluation']);
    expect(self.record.body).toContain(
      '- **Self-evaluation:** pg\\-maint maintains this package and disclosed it (maintainer)',
    );
  });

  it('fails an edited and a deleted evaluation: evaluations are append-only', async () => {
    const edited = `evaluations/pg-query/${uuidFor('pg/ada')}.json`;
    const doc = JSON.parse(readFileSync(join(root, edited), 'utf8'));
    doc.notes = 'I changed my mind.';
    write(edited, JSON.stringify(doc, null, 2));
    const deleted = `evaluations/git-tools/${uuidFor('git/ada')}.json`;
    rmSync(join(root, deleted));
    commit('rewrite history');
    const { code, record, io } = await review(UNSAMPLED_PR, 'ada-evaluates');
    expect(code).toBe(1);
    expect(record.labels).toEqual(['invalid']);
    expect(record.remove_labels).toEqual([]);
    expect(record.body).toContain('❌ **2 problems** in 2 of 2 changed data files.');
    expect(record.body).toContain(
      `| \`${edited}\` | (document) | changes an evaluation that is already merged |`,
    );
    expect(record.body).toContain(
      `| \`${deleted}\` | (document) | deletes an evaluation that is already merged |`,
    );
    expect(io.stderr).toEqual([]);
  });

  it('fails an evaluation credited to someone other than the author, and a broken file', async () => {
    const borrowed = addEvaluation({
      label: 'borrowed',
      packageId: 'pg-query',
      version: '2.1.0',
      contributor: 'trusty-tess',
      configSha: 'd'.repeat(64),
    });
    const stale = addEvaluation({
      label: 'stale',
      packageId: 'git-tools',
      version: '1.3.0',
      contributor: 'newbie-nora',
    });
    commit('evaluations');
    const { code, record } = await review(SAMPLED_PR, 'newbie-nora');
    expect(code).toBe(1);
    expect(record.labels).toEqual(['invalid']);
    expect(record.body).toContain(
      `| \`${borrowed}\` | \`/contributor/login\` | is "trusty\\-tess" but the pull request is by newbie\\-nora |`,
    );
    expect(record.body).toContain(`| \`${stale}\` | \`/package/version\` |`);
  });

  it('credits a delivered API submission to the key’s owner', async () => {
    addEvaluation({
      label: 'ada/never',
      packageId: 'never-run',
      version: '0.1.0',
      contributor: 'ada-evaluates',
    });
    commit('submission');
    const { code, record } = await review(SAMPLED_PR, 'afscore-bot', [
      '--submission-branch',
      'submissions/sub_0123456789abcdef01234567',
    ]);
    expect(code).toBe(0);
    expect(record.labels).toEqual(['evaluation']);
    expect(record.body).toContain('by ada\\-evaluates (tier: contributor)');
  });

  it('refuses wrong arguments and a base it cannot find', async () => {
    const io = captureIo(root);
    expect(await main(['review', '--pr', 'abc', '--author', 'nora', '--base', base], io)).toBe(2);
    expect(io.stderr[0]).toContain('--pr must be the pull request number');
    const unknown = captureIo(root);
    expect(await main(['review', '--pr', '3', '--author', 'nora', '--base', 'origin/nowhere'], unknown)).toBe(
      2,
    );
    expect(unknown.stderr).toEqual([
      'afscore review: --base "origin/nowhere" is not a commit in this repository (fetch it first: git fetch origin main)',
    ]);
    const option = captureIo(root);
    expect(await main(['review', '--pr', '3', '--author', 'nora', '--base', '--output=/tmp/x'], option)).toBe(
      2,
    );
  });
});

describe('afscore validate --since', () => {
  it('checks only what the branch changed, committed or not', async () => {
    addEvaluation({ label: 'nora/pg', packageId: 'pg-query', version: '2.1.0', contributor: 'newbie-nora' });
    commit('evaluation');
    // A file not yet committed, nor even added, counts too.
    addEvaluation({
      label: 'nora/git',
      packageId: 'git-tools',
      version: '1.4.0',
      contributor: 'newbie-nora',
    });
    const io = captureIo(root);
    expect(await main(['validate', '--since', 'main'], io)).toBe(0);
    expect(io.stdout).toEqual(['✓ 2 changed file(s) valid']);
  });

  it('says when nothing changed and refuses what a pull request may not do', async () => {
    const quiet = captureIo(root);
    expect(await main(['validate', '--since', 'main'], quiet)).toBe(0);
    expect(quiet.stdout).toEqual(['✓ no data files changed since main']);

    rmSync(join(root, 'data/packages/old-notes.md'));
    write('data/packages/new-server.md', '---\nid: new-server\n---\n');
    const io = captureIo(root);
    expect(await main(['validate', '--since', 'main'], io)).toBe(1);
    expect(io.stderr).toContain(
      'data/packages/old-notes.md: (document): deletes a package file (set removed: {date, reason} in its frontmatter instead, so the change feed announces the removal)',
    );
    expect(io.stderr).toContain('data/packages/new-server.md: /name: is required (add "name")');
  });

  it('refuses files and --since together', async () => {
    const io = captureIo(root);
    expect(await main(['validate', '--since', 'main', 'data/packages/pg-query.md'], io)).toBe(2);
  });
});
