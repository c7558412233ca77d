/**
 * `afscore review`: what the pull-request workflow runs on a checkout of the pull request. It
 * validates the changed data files as `afscore validate --since` does, recomputes the scores of the
 * new evaluations, decides the spot-check and self-evaluation labels, and writes the comment and
 * labels to files. It never talks to GitHub: a separate, privileged workflow posts what it wrote.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { reviewComment } from '../../core/contributions/review-comment.ts';
import {
  type ReviewedEvaluation,
  reviewEvaluation,
  submissionIdOfBranch,
} from '../../core/contributions/review-facts.ts';
import { isLogin, loginKey } from '../../core/ids.ts';
import type { EvaluationDocument, TierName } from '../../core/types.ts';
import type { FileIssue } from '../../core/validation/issue.ts';
import { parseRepositoryPath } from '../../core/validation/repository-paths.ts';
import { validateCategories, validatePackages } from '../../core/validation/validate-repository.ts';
import { tiersAtCommit } from '../../data/base-tiers.ts';
import { readChanges, resolveCommit } from '../../data/git-changes.ts';
import { listRepository, readRawFile, readRawFiles } from '../../data/repository-files.ts';
import { type CliIo, EXIT } from '../io.ts';
import { validateChanges } from './validate.ts';

export const reviewUsage = `Usage: afscore review --pr NUMBER --author LOGIN --base REF [--out DIR]
                      [--head-sha SHA] [--submission-branch BRANCH] [--root DIR]

Reviews a pull request's changes to data/ and evaluations/ since it left REF (the base commit):
validates them, recomputes the new evaluations' scores, and decides the spot-check (keyed on the
pull request number) and self-evaluation labels, with tiers as of REF. Prints the comment; with
--out, writes review.json (pull request, head commit, comment, labels) and comment.md there.
--submission-branch names the head branch only when it belongs to this repository: a branch
submissions/<id> is the service's delivery of an API submission, credited to the key's owner.
Exits 1 when a file has a problem.`;

interface ReviewOptions {
  root: string;
  pullRequest: number;
  author: string;
  base: string;
  submissionId?: string;
  out?: string;
  headSha: string | null;
  now: number;
}

interface Reviewed {
  issues: FileIssue[];
  files: string[];
  evaluations: ReviewedEvaluation[];
}

function parseOptions(args: readonly string[], io: CliIo): ReviewOptions | string | null {
  const { values } = parseArgs({
    args: [...args],
    options: {
      pr: { type: 'string' },
      author: { type: 'string' },
      base: { type: 'string' },
      out: { type: 'string' },
      'head-sha': { type: 'string' },
      'submission-branch': { type: 'string' },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  const pullRequest = Number(values.pr);
  if (!values.pr || !Number.isSafeInteger(pullRequest) || pullRequest < 1) {
    return '--pr must be the pull request number';
  }
  if (!values.author || !isLogin(values.author)) return '--author must be a GitHub login';
  if (!values.base) return '--base must name the base commit';
  const submissionId =
    values['submission-branch'] === undefined ? undefined : submissionIdOfBranch(values['submission-branch']);
  return {
    root: resolve(io.cwd, values.root ?? '.'),
    pullRequest,
    author: values.author,
    base: values.base,
    headSha: values['head-sha'] ?? null,
    now: io.now(),
    ...(submissionId === undefined ? {} : { submissionId }),
    ...(values.out === undefined ? {} : { out: resolve(io.cwd, values.out) }),
  };
}

function reviewChanges(options: ReviewOptions, tiers: ReadonlyMap<string, TierName>): Reviewed | string {
  const { root } = options;
  const changes = readChanges(root, options.base);
  if (!changes.ok) return changes.message;
  const issues = validateChanges(root, changes.value, options.now);
  const broken = new Set(issues.map((found) => found.path));
  const listing = listRepository(root);
  const slugs = new Set(
    validateCategories([...readRawFiles(root, listing.categories)]).values.map((c) => c.slug),
  );
  const packages = new Map(
    validatePackages([...readRawFiles(root, listing.packages)], slugs).values.map((pkg) => [pkg.id, pkg]),
  );
  const evaluations: ReviewedEvaluation[] = [];
  const context = {
    pullRequest: options.pullRequest,
    author: options.author,
    tierOf: (login: string) => tiers.get(loginKey(login)) ?? 'newcomer',
    ...(options.submissionId === undefined ? {} : { submissionId: options.submissionId }),
  };
  for (const change of changes.value) {
    const parsed = parseRepositoryPath(change.path);
    if (change.status !== 'added' || parsed?.kind !== 'evaluation' || broken.has(change.path)) continue;
    // Validation passed, so the file is a well-formed evaluation of a known package.
    const doc = JSON.parse(readRawFile(root, change.path).text) as EvaluationDocument;
    const reviewed = reviewEvaluation(change.path, doc, packages.get(doc.package.id)!, context);
    if (reviewed.ok) evaluations.push(reviewed.evaluation);
    else issues.push(reviewed.issue);
  }
  const files = changes.value.map((change) => change.path);
  return { issues, files, evaluations };
}

function writeOutputs(dir: string, record: Record<string, unknown>, body: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'review.json'), `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(join(dir, 'comment.md'), `${body}\n`);
}

export function runReview(args: readonly string[], io: CliIo): number {
  const options = parseOptions(args, io);
  if (options === null) {
    io.out(reviewUsage);
    return EXIT.ok;
  }
  if (typeof options === 'string') {
    io.err(`afscore review: ${options}\n\n${reviewUsage}`);
    return EXIT.usage;
  }
  const base = resolveCommit(options.root, options.base);
  if (!base.ok) {
    io.err(`afscore review: --base ${base.message}`);
    return EXIT.usage;
  }
  const tiers = tiersAtCommit(options.root, base.value, new Date(options.now).toISOString());
  if (!tiers.ok) {
    io.err(`afscore review: ${tiers.message}`);
    return EXIT.usage;
  }
  const reviewed = reviewChanges({ ...options, base: base.value }, tiers.value);
  if (typeof reviewed === 'string') {
    io.err(`afscore review: ${reviewed}`);
    return EXIT.usage;
  }
  const outcome = reviewComment({ pullRequest: options.pullRequest, ...reviewed });
  if (options.out !== undefined) {
    writeOutputs(
      options.out,
      {
        pull_request: options.pullRequest,
        head_sha: options.headSha,
        body: outcome.body,
        labels: outcome.labels,
        remove_labels: outcome.removeLabels,
      },
      outcome.body,
    );
  }
  io.out(outcome.body);
  return reviewed.issues.length === 0 ? EXIT.ok : EXIT.invalid;
}
