/**
 * What the pull-request review says about one valid new evaluation: who it is credited to, their
 * tier, whether it is sampled for a spot-check and whether it is a disclosed self-evaluation. The
 * same rules as an API submission (`admitSubmission`), keyed on what the contributor cannot choose.
 */
import { loginKey } from '../ids.ts';
import { isSelectedForSpotCheck } from '../trust/spot-check.ts';
import type { EvaluationDocument, PackageFile, TierName } from '../types.ts';
import type { FileIssue } from '../validation/issue.ts';

export interface ReviewedEvaluation {
  path: string;
  doc: EvaluationDocument;
  packageName: string;
  /** The login the evaluation counts for. */
  creditedLogin: string;
  tier: TierName;
  spotCheck: boolean;
  selfEvaluation: 'none' | 'disclosed';
}

export interface ReviewContext {
  pullRequest: number;
  /** The pull request's author, from the event (not from the files). */
  author: string;
  /**
   * Set only for a pull request the service opened for an API submission (a branch of this
   * repository named `submissions/<id>`): the key's owner is then the contributor.
   */
  submissionId?: string;
  /** Tiers as of the base branch, so a pull request cannot raise its own. */
  tierOf: (login: string) => TierName;
}

const SUBMISSION_BRANCH = /^submissions\/(sub_[0-9a-f]{24})$/;

/** The submission id of a delivery branch, or undefined for any other branch name. */
export function submissionIdOfBranch(branch: string): string | undefined {
  return SUBMISSION_BRANCH.exec(branch)?.[1];
}

/** The spot-check key: the submission id, else the pull request number (neither is the contributor's choice). */
export function spotCheckKey(context: Pick<ReviewContext, 'pullRequest' | 'submissionId'>): string {
  return context.submissionId ?? `pr-${context.pullRequest}`;
}

export function reviewEvaluation(
  path: string,
  doc: EvaluationDocument,
  pkg: PackageFile,
  context: ReviewContext,
): { ok: true; evaluation: ReviewedEvaluation } | { ok: false; issue: FileIssue } {
  if (context.submissionId === undefined && loginKey(doc.contributor.login) !== loginKey(context.author)) {
    return {
      ok: false,
      issue: {
        path,
        pointer: '/contributor/login',
        message: `is "${doc.contributor.login}" but the pull request is by ${context.author}`,
        hint: `an evaluation counts for whoever submits it: write "${context.author}"`,
      },
    };
  }
  const creditedLogin = context.submissionId === undefined ? context.author : doc.contributor.login;
  const tier = context.tierOf(creditedLogin);
  const maintainer = pkg.maintainers.some((login) => loginKey(login) === loginKey(creditedLogin));
  return {
    ok: true,
    evaluation: {
      path,
      doc,
      packageName: pkg.name,
      creditedLogin,
      tier,
      spotCheck: isSelectedForSpotCheck(spotCheckKey(context), tier),
      selfEvaluation: maintainer ? 'disclosed' : 'none',
    },
  };
}
