import { describe, expect, it } from 'vitest';
import { buildEvaluation, uuidFor } from '../../../test/support/evaluation-builder.ts';
import { HOSTILE } from '../../../test/support/fixture-repo.ts';
import { PG_QUERY } from '../../../test/support/package-fixture.ts';
import type { PackageFile, SandboxRecord, TierName } from '../types.ts';
import { MAX_COMMENT_CHARS, REVIEW_MARKER, reviewComment } from './review-comment.ts';
import { type ReviewContext, reviewEvaluation, spotCheckKey, submissionIdOfBranch } from './review-facts.ts';

/** Pull request numbers whose spot-check draw falls under the rate, and one that does not. */
const SAMPLED_PR = 15;
const UNSAMPLED_PR = 1;

const pgQuery: PackageFile = { ...PG_QUERY, body: 'PG Query.' };

const tiers: Record<string, TierName> = { 'trusty-tess': 'trusted', 'ada-evaluates': 'contributor' };

function context(overrides: Partial<ReviewContext> = {}): ReviewContext {
  return {
    pullRequest: UNSAMPLED_PR,
    author: 'newbie-nora',
    tierOf: (login) => tiers[login] ?? 'newcomer',
    ...overrides,
  };
}

function evaluationBy(login: string, options: { affiliated?: boolean; label?: string } = {}) {
  const doc = buildEvaluation({
    id: uuidFor(options.label ?? `review/${login}`),
    packageId: 'pg-query',
    version: '2.1.0',
    contributor: login,
    outcomes: {
      'DOC-03': { status: 'fail', message: 'README has no **install** section <b>at all</b>' },
      'SEC-07': { status: 'fail' },
    },
    ...(options.affiliated === undefined ? {} : { affiliated: options.affiliated }),
  });
  return { path: `evaluations/pg-query/${doc.evaluation_id}.json`, doc };
}

function reviewed(login: string, ctx: ReviewContext, options: { affiliated?: boolean } = {}) {
  const { path, doc } = evaluationBy(login, options);
  const result = reviewEvaluation(path, doc, pgQuery, ctx);
  if (!result.ok) throw new Error(result.issue.message);
  return result.evaluation;
}

describe('review facts', () => {
  it('keys the spot-check on the pull request number, or on the delivered submission', () => {
    expect(spotCheckKey({ pullRequest: 42 })).toBe('pr-42');
    expect(spotCheckKey({ pullRequest: 42, submissionId: 'sub_0123456789abcdef01234567' })).toBe(
      'sub_0123456789abcdef01234567',
    );
    expect(submissionIdOfBranch('submissions/sub_0123456789abcdef01234567')).toBe(
      'sub_0123456789abcdef01234567',
    );
    expect(submissionIdOfBranch('submissions/sub_x; rm -rf /')).toBeUndefined();
    expect(submissionIdOfBranch('feature/sub_0123456789abcdef01234567')).toBeUndefined();
  });

  it('samples a newcomer by the pull request number and never a trusted contributor', () => {
    expect(reviewed('newbie-nora', context({ pullRequest: SAMPLED_PR })).spotCheck).toBe(true);
    expect(reviewed('newbie-nora', context({ pullRequest: UNSAMPLED_PR })).spotCheck).toBe(false);
    const tess = reviewed('trusty-tess', context({ pullRequest: SAMPLED_PR, author: 'trusty-tess' }));
    expect(tess).toMatchObject({ tier: 'trusted', spotCheck: false });
  });

  it('refuses an evaluation credited to someone other than the pull request author', () => {
    const { path, doc } = evaluationBy('trusty-tess');
    const result = reviewEvaluation(path, doc, pgQuery, context({ author: 'newbie-nora' }));
    expect(result).toEqual({
      ok: false,
      issue: {
        path,
        pointer: '/contributor/login',
        message: 'is "trusty-tess" but the pull request is by newbie-nora',
        hint: 'an evaluation counts for whoever submits it: write "newbie-nora"',
      },
    });
  });

  it("credits a delivered API submission to the key's owner, with the API's spot-check decision", () => {
    const submissionId = 'sub_0123456789abcdef01234567';
    const evaluation = reviewed('ada-evaluates', context({ author: 'afscore-bot', submissionId }));
    expect(evaluation).toMatchObject({
      creditedLogin: 'ada-evaluates',
      tier: 'contributor',
      spotCheck: false,
    });
  });

  it('marks a maintainer’s disclosed evaluation as a self-evaluation', () => {
    const evaluation = reviewed('pg-maint', context({ author: 'PG-Maint' }), { affiliated: true });
    expect(evaluation.selfEvaluation).toBe('disclosed');
    expect(reviewed('newbie-nora', context()).selfEvaluation).toBe('none');
  });
});

describe('review comment', () => {
  it('renders a valid, spot-checked submission with its recomputed scores and labels', () => {
    const evaluation = reviewed('newbie-nora', context({ pullRequest: SAMPLED_PR }));
    const outcome = reviewComment({
      pullRequest: SAMPLED_PR,
      files: [evaluation.path],
      issues: [],
      evaluations: [evaluation],
    });
    expect(outcome.labels).toEqual(['evaluation', 'spot-check']);
    expect(outcome.removeLabels).toEqual(['invalid']);
    expect(outcome.body.startsWith(`${REVIEW_MARKER}\n## afscore review\n`)).toBe(true);
    expect(outcome.body).toContain('✅ **The changed data file is valid.**');
    expect(outcome.body).toContain(
      `#### \`${evaluation.path}\`\n\nEvaluation of **PG Query** (\`pg-query\`) version \`2.1.0\` by newbie\\-nora (tier: newcomer).`,
    );
    expect(outcome.body).toContain('- Recomputed: af_score **');
    expect(outcome.body).toContain(
      `- **Spot-check: selected.** About 10% of newcomers' submissions are re-run by an operator; the outcome goes to \`data/spot-checks/${evaluation.doc.evaluation_id}.md\`.`,
    );
    expect(outcome.body).toContain('- Self-evaluation: no.');
    expect(outcome.body).toContain(
      '- Sandbox: bubblewrap 0.8.0, user, pid, mount, ipc, uts, network namespaces; network off; 2 GiB memory a process, 512 processes, 300 s CPU, 900 s wall.',
    );
    expect(outcome.body).toContain('| Security | ');
    expect(outcome.body).toContain('pull request #15');
  });

  it('flags an evaluation made without a sandbox, or with no record of one', () => {
    const review = (sandbox: SandboxRecord | string, transport?: 'streamable-http') => {
      const doc = buildEvaluation({
        id: uuidFor(`sandbox-${JSON.stringify(sandbox)}`),
        packageId: 'pg-query',
        sandbox,
      });
      if (transport) doc.subject.transport = transport;
      const evaluation = { ...reviewed('newbie-nora', context()), doc };
      return reviewComment({
        pullRequest: 15,
        files: [evaluation.path],
        issues: [],
        evaluations: [evaluation],
      });
    };
    const unsandboxed = review({ tool: 'none', network: 'full' });
    expect(unsandboxed.labels).toContain('unsandboxed');
    expect(unsandboxed.body).toContain('⚠️ **Made without a sandbox** (`--no-sandbox`)');
    const sentence = review('temporary HOME, <b>minimal</b> environment');
    expect(sentence.labels).toContain('unsandboxed');
    expect(sentence.body).toContain('⚠️ **No sandbox record.**');
    expect(sentence.body).not.toContain('<b>');
    const remote = review({ tool: 'none', network: 'full' }, 'streamable-http');
    expect(remote.labels).not.toContain('unsandboxed');
    expect(remote.body).toContain('- Sandbox: not needed (a remote server');
  });

  it('shows the recomputed af_score, not the one the document claims', () => {
    const evaluation = reviewed('newbie-nora', context());
    const claimed = {
      ...evaluation,
      doc: { ...evaluation.doc, scores: { ...evaluation.doc.scores, af_score: 100 } },
    };
    const body = reviewComment({
      pullRequest: 1,
      files: [evaluation.path],
      issues: [],
      evaluations: [claimed],
    }).body;
    const recomputed = evaluation.doc.scores.af_score;
    expect(recomputed).not.toBe(100);
    expect(body).toContain(`af_score **${recomputed}**`);
  });

  it('renders a self-evaluation that was not sampled', () => {
    const evaluation = reviewed('pg-maint', context({ author: 'pg-maint' }), { affiliated: true });
    const outcome = reviewComment({
      pullRequest: UNSAMPLED_PR,
      files: [evaluation.path],
      issues: [],
      evaluations: [evaluation],
    });
    expect(outcome.labels).toEqual(['evaluation', 'self-evaluation']);
    expect(outcome.body).toContain(
      '- Spot-check: not selected this time (newcomers are sampled at about 10%).',
    );
    expect(outcome.body).toContain(
      '- **Self-evaluation:** pg\\-maint maintains this package and disclosed it (maintainer); it counts with a small fraction of their weight.',
    );
  });

  it('says a trusted contributor is not sampled', () => {
    const evaluation = reviewed('trusty-tess', context({ author: 'trusty-tess' }));
    const body = reviewComment({
      pullRequest: 1,
      files: [evaluation.path],
      issues: [],
      evaluations: [evaluation],
    }).body;
    expect(body).toContain('- Spot-check: not sampled (tier trusted).');
  });

  it('renders an invalid pull request with every problem and the invalid label', () => {
    const path = 'evaluations/pg-query/a9cb4ae3-ef04-4e5b-8c89-194f5c5ec9e0.json';
    const outcome = reviewComment({
      pullRequest: 7,
      files: [path, 'data/packages/pg-query.md'],
      issues: [
        {
          path,
          pointer: '',
          message: 'changes an evaluation that is already merged',
          hint: 'restore the file',
        },
        { path, pointer: '/scores/af_score', message: 'is 100 but the checks give 97', hint: 'write 97' },
      ],
      evaluations: [],
    });
    expect(outcome.labels).toEqual(['invalid']);
    expect(outcome.removeLabels).toEqual([]);
    expect(outcome.body).toContain(
      '❌ **2 problems** in 1 of 2 changed data files. Fix them and push again: this comment is updated on every push.',
    );
    expect(outcome.body).toContain(
      `| \`${path}\` | (document) | changes an evaluation that is already merged | restore the file |`,
    );
    expect(outcome.body).toContain(
      `| \`${path}\` | \`/scores/af_score\` | is 100 but the checks give 97 | write 97 |`,
    );
    expect(outcome.body).toContain('- `data/packages/pg-query.md`');
  });

  it('escapes hostile file names, messages and package text', () => {
    const evaluation = {
      ...reviewed('newbie-nora', context()),
      packageName: HOSTILE.name,
      path: 'evaluations/x/`<img src=x onerror=alert(1)>`.json',
    };
    const outcome = reviewComment({
      pullRequest: 3,
      files: ['data/packages/<script>alert(1)</script>.md'],
      issues: [
        {
          path: 'data/packages/<script>alert(1)</script>.md',
          pointer: '/name',
          message: `is "${HOSTILE.description}" @everyone`,
          hint: '| broken | table |\n### heading',
        },
      ],
      evaluations: [evaluation],
    });
    for (const raw of ['<script>', '<img', '<svg', '</title>', '@everyone', '| broken |', '\n### heading']) {
      expect(outcome.body).not.toContain(raw);
    }
    expect(outcome.body).toContain('&lt;script&gt;alert\\(1\\)&lt;/script&gt;');
    // The failing check's message carries Markdown and HTML of its own.
    expect(outcome.body).toContain('README has no \\*\\*install\\*\\* section &lt;b&gt;at all&lt;/b&gt;');
  });

  it('stays under the comment size limit however many problems there are', () => {
    const issues = Array.from({ length: 5000 }, (_, index) => ({
      path: `evaluations/pg-query/${uuidFor(`many/${index}`)}.json`,
      pointer: '/notes',
      message: '<'.repeat(2000),
      hint: '&'.repeat(2000),
    }));
    const outcome = reviewComment({
      pullRequest: 9,
      files: issues.map((found) => found.path),
      issues,
      evaluations: [],
    });
    expect(outcome.body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(outcome.body.startsWith(REVIEW_MARKER)).toBe(true);
    expect(outcome.body).toContain('…(cut here: the review is longer than a comment can hold');
  });
});
