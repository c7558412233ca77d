/**
 * Posts what `afscore review` wrote: the privileged half of the pull-request review. It runs in the
 * `workflow_run` workflow through actions/github-script, from the default branch's checkout, and
 * never runs code from the pull request. The artifact it reads was made by the pull request's code,
 * so it is data to check, not to trust: bounded in size, of a fixed shape, labels from a fixed set,
 * and for the pull request whose head commit the triggering run tested (so it cannot aim the comment
 * at another pull request).
 *
 * Only relative `.ts` and `node:` imports: github-script's Node 24 runs this file by stripping its
 * types, without `npm ci`.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_COMMENT_CHARS, REVIEW_LABELS, REVIEW_MARKER } from '../core/contributions/review-comment.ts';

export const REVIEW_FILE = 'review.json';
/** Far above any honest review, far below what could hurt the runner. */
const MAX_ARTIFACT_BYTES = 512 * 1024;
const ALLOWED_LABELS: ReadonlySet<string> = new Set(Object.values(REVIEW_LABELS));
/** The account GITHUB_TOKEN comments as; a contributor cannot plant a comment under it. */
export const ACTIONS_BOT = 'github-actions[bot]';

export interface ReviewArtifact {
  pullRequest: number;
  body: string;
  labels: string[];
  removeLabels: string[];
}

interface Comment {
  id: number;
  body?: string | null;
  user?: { login?: string } | null;
}

/** The part of github-script's octokit client that posting needs. */
export interface ReviewClient {
  rest: {
    pulls: {
      get(params: { owner: string; repo: string; pull_number: number }): Promise<{
        data: { head: { sha: string } };
      }>;
    };
    issues: {
      listComments(params: {
        owner: string;
        repo: string;
        issue_number: number;
        per_page: number;
        page: number;
      }): Promise<{ data: Comment[] }>;
      createComment(params: {
        owner: string;
        repo: string;
        issue_number: number;
        body: string;
      }): Promise<unknown>;
      updateComment(params: {
        owner: string;
        repo: string;
        comment_id: number;
        body: string;
      }): Promise<unknown>;
      addLabels(params: {
        owner: string;
        repo: string;
        issue_number: number;
        labels: string[];
      }): Promise<unknown>;
      listLabelsOnIssue(params: {
        owner: string;
        repo: string;
        issue_number: number;
        per_page: number;
      }): Promise<{ data: { name: string }[] }>;
      removeLabel(params: {
        owner: string;
        repo: string;
        issue_number: number;
        name: string;
      }): Promise<unknown>;
    };
  };
}

export interface PostInput {
  github: ReviewClient;
  owner: string;
  repo: string;
  /** `github.event.workflow_run.head_sha`: the commit the review ran on. */
  headSha: string;
  /** Where download-artifact put the files. */
  dir: string;
  log?: (line: string) => void;
}

export type PostResult =
  | { posted: 'created' | 'updated'; pullRequest: number; labels: string[] }
  | { posted: 'skipped'; pullRequest: number; reason: string };

function labelList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length > ALLOWED_LABELS.size) {
    throw new Error(`${REVIEW_FILE}: ${field} must be a short list of labels`);
  }
  for (const label of value) {
    if (typeof label !== 'string' || !ALLOWED_LABELS.has(label)) {
      throw new Error(`${REVIEW_FILE}: ${field} has a label the review never sets`);
    }
  }
  return [...new Set(value as string[])];
}

/** Reads and checks the artifact; throws with the reason when it is not what `afscore review` writes. */
export function readReviewArtifact(dir: string): ReviewArtifact {
  const path = join(dir, REVIEW_FILE);
  const size = statSync(path).size;
  if (size > MAX_ARTIFACT_BYTES)
    throw new Error(`${REVIEW_FILE} is ${size} bytes; at most ${MAX_ARTIFACT_BYTES}`);
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${REVIEW_FILE} is not a JSON object`);
  }
  const record = value as Record<string, unknown>;
  const pullRequest = record.pull_request;
  if (typeof pullRequest !== 'number' || !Number.isSafeInteger(pullRequest) || pullRequest < 1) {
    throw new Error(`${REVIEW_FILE}: pull_request must be a positive integer`);
  }
  const body = record.body;
  if (typeof body !== 'string' || !body.startsWith(REVIEW_MARKER) || body.length > MAX_COMMENT_CHARS) {
    throw new Error(
      `${REVIEW_FILE}: body must be a review comment of at most ${MAX_COMMENT_CHARS} characters`,
    );
  }
  return {
    pullRequest,
    body,
    labels: labelList(record.labels, 'labels'),
    removeLabels: labelList(record.remove_labels, 'remove_labels'),
  };
}

/** The review's own earlier comment: the Actions bot's comment that starts with the marker. */
async function findOwnComment(input: PostInput, pullRequest: number): Promise<Comment | undefined> {
  const { github, owner, repo } = input;
  for (let page = 1; page <= 50; page++) {
    const { data } = await github.rest.issues.listComments({
      owner,
      repo,
      issue_number: pullRequest,
      per_page: 100,
      page,
    });
    const own = data.find(
      (comment) => comment.user?.login === ACTIONS_BOT && comment.body?.startsWith(REVIEW_MARKER),
    );
    if (own || data.length < 100) return own;
  }
  return undefined;
}

async function applyLabels(input: PostInput, artifact: ReviewArtifact): Promise<void> {
  const { github, owner, repo } = input;
  const issue_number = artifact.pullRequest;
  if (artifact.labels.length > 0)
    await github.rest.issues.addLabels({ owner, repo, issue_number, labels: artifact.labels });
  const removable = artifact.removeLabels.filter((label) => !artifact.labels.includes(label));
  if (removable.length === 0) return;
  const { data } = await github.rest.issues.listLabelsOnIssue({ owner, repo, issue_number, per_page: 100 });
  const present = new Set(data.map((label) => label.name));
  for (const name of removable) {
    if (present.has(name)) await github.rest.issues.removeLabel({ owner, repo, issue_number, name });
  }
}

export async function postReview(input: PostInput): Promise<PostResult> {
  const log = input.log ?? (() => {});
  const artifact = readReviewArtifact(input.dir);
  const { github, owner, repo } = input;
  const { data: pull } = await github.rest.pulls.get({ owner, repo, pull_number: artifact.pullRequest });
  if (pull.head.sha !== input.headSha) {
    const reason = `pull request #${artifact.pullRequest} is at ${pull.head.sha}, not the reviewed ${input.headSha}: a newer run will post (or the artifact names another pull request)`;
    log(reason);
    return { posted: 'skipped', pullRequest: artifact.pullRequest, reason };
  }
  const own = await findOwnComment(input, artifact.pullRequest);
  if (own) await github.rest.issues.updateComment({ owner, repo, comment_id: own.id, body: artifact.body });
  else
    await github.rest.issues.createComment({
      owner,
      repo,
      issue_number: artifact.pullRequest,
      body: artifact.body,
    });
  await applyLabels(input, artifact);
  log(`${own ? 'updated' : 'created'} the review comment on #${artifact.pullRequest}`);
  return { posted: own ? 'updated' : 'created', pullRequest: artifact.pullRequest, labels: artifact.labels };
}
