/** Submitted scores are never trusted: they must equal what the rubric computes from the checks. */
import { DIMENSIONS } from '../rubric/dimensions.ts';
import { scoreChecks, toScoresReport } from '../scoring/score-checks.ts';
import type { EvaluationDocument, ScoresReport } from '../types.ts';
import { type Issue, issue } from './issue.ts';

function mismatch(pointer: string, submitted: unknown, expected: unknown, version: string): Issue {
  return issue(
    pointer,
    `is ${JSON.stringify(submitted)} but the checks give ${JSON.stringify(expected)}`,
    `write ${JSON.stringify(expected)}; scores are recomputed from the checks by the rubric ${version} rules`,
  );
}

export function scoreIssues(doc: EvaluationDocument): Issue[] {
  const expected: ScoresReport = toScoresReport(
    scoreChecks(doc.package.kind, doc.checks, doc.rubric_version),
  );
  const submitted = doc.scores;
  const issues: Issue[] = [];
  if (submitted.status !== expected.status)
    issues.push(mismatch('/scores/status', submitted.status, expected.status, doc.rubric_version));
  if (submitted.af_score !== expected.af_score) {
    issues.push(mismatch('/scores/af_score', submitted.af_score, expected.af_score, doc.rubric_version));
  }
  if (submitted.grade !== expected.grade)
    issues.push(mismatch('/scores/grade', submitted.grade, expected.grade, doc.rubric_version));
  const caps = [...submitted.caps_applied].sort();
  if (caps.join(',') !== [...expected.caps_applied].sort().join(',')) {
    issues.push(
      mismatch('/scores/caps_applied', submitted.caps_applied, expected.caps_applied, doc.rubric_version),
    );
  }
  for (const dimension of DIMENSIONS) {
    const got = submitted.dimensions[dimension];
    const want = expected.dimensions[dimension];
    if (got.score !== want.score)
      issues.push(
        mismatch(`/scores/dimensions/${dimension}/score`, got.score, want.score, doc.rubric_version),
      );
    if (got.coverage !== want.coverage) {
      issues.push(
        mismatch(`/scores/dimensions/${dimension}/coverage`, got.coverage, want.coverage, doc.rubric_version),
      );
    }
  }
  return issues;
}
