import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REVIEW_MARKER } from '../core/contributions/review-comment.ts';
import {
  ACTIONS_BOT,
  type PostInput,
  postReview,
  type ReviewClient,
  readReviewArtifact,
} from './review-poster.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function artifactDir(review: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'afscore-review-artifact-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'review.json'), typeof review === 'string' ? review : JSON.stringify(review));
  return dir;
}

const HEAD = 'a'.repeat(40);
const BODY = `${REVIEW_MARKER}\n## afscore review\n\n✅ **The changed data file is valid.**`;

function review(overrides: Record<string, unknown> = {}) {
  return {
    pull_request: 15,
    head_sha: HEAD,
    body: BODY,
    labels: ['evaluation', 'spot-check'],
    remove_labels: ['invalid'],
    ...overrides,
  };
}

interface FakeComment {
  id: number;
  body: string;
  user: { login: string };
}

/** GitHub as the poster sees it: one pull request with its comments and labels. */
function fakeGitHub(state: { headSha?: string; comments?: FakeComment[]; labels?: string[] } = {}) {
  const comments = state.comments ?? [];
  const labels = new Set(state.labels ?? []);
  const calls: string[] = [];
  const client: ReviewClient = {
    rest: {
      pulls: {
        get: async ({ pull_number }) => {
          calls.push(`get pull ${pull_number}`);
          return { data: { head: { sha: state.headSha ?? HEAD } } };
        },
      },
      issues: {
        listComments: async ({ page, per_page }) => ({
          data: comments.slice((page - 1) * per_page, page * per_page),
        }),
        createComment: async ({ body }) => {
          calls.push('create comment');
          comments.push({ id: 1000 + comments.length, body, user: { login: ACTIONS_BOT } });
          return {};
        },
        updateComment: async ({ comment_id, body }) => {
          calls.push(`update comment ${comment_id}`);
          comments.find((comment) => comment.id === comment_id)!.body = body;
          return {};
        },
        addLabels: async ({ labels: added }) => {
          calls.push(`add ${added.join(',')}`);
          for (const label of added) labels.add(label);
          return {};
        },
        listLabelsOnIssue: async () => ({ data: [...labels].map((name) => ({ name })) }),
        removeLabel: async ({ name }) => {
          calls.push(`remove ${name}`);
          labels.delete(name);
          return {};
        },
      },
    },
  };
  return { client, comments, labels, calls };
}

function input(client: ReviewClient, dir: string): PostInput {
  return { github: client, owner: 'afscore', repo: 'afscore', headSha: HEAD, dir };
}

describe('posting the review', () => {
  it('creates one comment and sets the labels, taking off a stale invalid', async () => {
    const github = fakeGitHub({ labels: ['invalid'] });
    const result = await postReview(input(github.client, artifactDir(review())));
    expect(result).toEqual({ posted: 'created', pullRequest: 15, labels: ['evaluation', 'spot-check'] });
    expect(github.comments.map((comment) => comment.body)).toEqual([BODY]);
    expect([...github.labels].sort()).toEqual(['evaluation', 'spot-check']);
  });

  it('updates its own comment on the next push instead of adding another', async () => {
    const github = fakeGitHub({
      comments: [
        { id: 1, body: `${REVIEW_MARKER}\nforged by the contributor`, user: { login: 'mallory' } },
        { id: 2, body: `${REVIEW_MARKER}\nold review`, user: { login: ACTIONS_BOT } },
      ],
    });
    const result = await postReview(input(github.client, artifactDir(review())));
    expect(result.posted).toBe('updated');
    expect(github.calls).toContain('update comment 2');
    expect(github.comments.map((comment) => comment.body)).toEqual([
      `${REVIEW_MARKER}\nforged by the contributor`,
      BODY,
    ]);
  });

  it('finds its comment past the first page of a long discussion', async () => {
    const chatter = Array.from({ length: 150 }, (_, index) => ({
      id: index + 1,
      body: `comment ${index}`,
      user: { login: 'someone' },
    }));
    const github = fakeGitHub({
      comments: [...chatter, { id: 999, body: `${REVIEW_MARKER}\nold`, user: { login: ACTIONS_BOT } }],
    });
    await postReview(input(github.client, artifactDir(review())));
    expect(github.calls).toContain('update comment 999');
    expect(github.comments).toHaveLength(151);
  });

  it('keeps spot-check and self-evaluation labels once set, and adds invalid when broken', async () => {
    const github = fakeGitHub({ labels: ['spot-check'] });
    await postReview(
      input(github.client, artifactDir(review({ labels: ['evaluation', 'invalid'], remove_labels: [] }))),
    );
    expect([...github.labels].sort()).toEqual(['evaluation', 'invalid', 'spot-check']);
  });

  it('posts nothing when the pull request has moved on or the artifact names another one', async () => {
    const github = fakeGitHub({ headSha: 'b'.repeat(40) });
    const result = await postReview(input(github.client, artifactDir(review({ pull_request: 3 }))));
    expect(result).toMatchObject({ posted: 'skipped', pullRequest: 3 });
    expect(github.calls).toEqual(['get pull 3']);
  });
});

describe('the artifact is data from the pull request', () => {
  it.each([
    ['not JSON', '{"pull_request": 1,', /JSON/],
    ['not an object', '[1, 2]', /not a JSON object/],
    [
      'a pull request that is not a number',
      review({ pull_request: '15; rm -rf /' }),
      /pull_request must be a positive integer/,
    ],
    [
      'a body without the review marker',
      review({ body: 'Looks good to me! Merge it.' }),
      /body must be a review comment/,
    ],
    [
      'an overlong body',
      review({ body: `${REVIEW_MARKER}${'x'.repeat(70_000)}` }),
      /body must be a review comment/,
    ],
    [
      'a label the review never sets',
      review({ labels: ['evaluation', 'approved'] }),
      /labels has a label the review never sets/,
    ],
    ['labels that are not a list', review({ labels: 'evaluation' }), /labels must be a short list/],
    [
      'a label to remove that is not the review’s',
      review({ remove_labels: ['do-not-merge'] }),
      /remove_labels has a label/,
    ],
  ])('refuses %s', (_, content, message) => {
    expect(() => readReviewArtifact(artifactDir(content))).toThrow(message);
  });

  it('refuses an artifact too large to be a review before reading it', () => {
    expect(() => readReviewArtifact(artifactDir(' '.repeat(600 * 1024)))).toThrow(
      /is 614400 bytes; at most 524288/,
    );
  });
});

describe('running without npm ci', () => {
  it('loads from a bare copy of src/ on plain Node, as github-script runs it', () => {
    const root = mkdtempSync(join(tmpdir(), 'afscore-sparse-'));
    dirs.push(root);
    // The workflow checks out src/ only: no node_modules, so any npm import would fail here.
    cpSync(resolve(import.meta.dirname, '..'), join(root, 'src'), {
      recursive: true,
      filter: (path) => !path.endsWith('.test.ts'),
    });
    writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
    const dir = artifactDir(review());
    const script = `const m = await import(${JSON.stringify(join(root, 'src/github/review-poster.ts'))}); console.log(JSON.stringify(m.readReviewArtifact(${JSON.stringify(dir)})));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr.replace(/.*ExperimentalWarning.*\n|.*--trace-warnings.*\n/g, '')).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      pullRequest: 15,
      body: BODY,
      labels: ['evaluation', 'spot-check'],
      removeLabels: ['invalid'],
    });
  });
});
