/**
 * The one comment the review workflow keeps on a pull request that changes the data, and the labels
 * that go with it. A hidden marker lets the workflow find and update its comment instead of adding
 * another. File names, messages and package text come from the contributor: all of it is escaped.
 */
import { findCheck } from '../rubric/checks.ts';
import { DIMENSION_TITLES, DIMENSIONS } from '../rubric/dimensions.ts';
import { rubricVersionOf } from '../rubric/versions.ts';
import { scoreChecks } from '../scoring/score-checks.ts';
import { inlineCode as code, inlineText as text } from '../text/markdown-inline.ts';
import { SPOT_CHECK_RATE, SPOT_CHECKED_TIERS } from '../trust/spot-check.ts';
import type { FileIssue } from '../validation/issue.ts';
import { LABELS } from './pull-request.ts';
import type { ReviewedEvaluation } from './review-facts.ts';
import { sandboxReview } from './sandbox-review.ts';

export const REVIEW_MARKER = '<!-- afscore-review -->';

/** Every label the review sets; the poster refuses any other. */
export const REVIEW_LABELS = { ...LABELS, invalid: 'invalid' } as const;

/** GitHub refuses comments over 65,536 characters; stay well below. */
export const MAX_COMMENT_CHARS = 60_000;
const MAX_ISSUE_ROWS = 50;
const MAX_EVALUATIONS_SHOWN = 20;
const MAX_FINDINGS_PER_EVALUATION = 15;
const MAX_FILES_LISTED = 100;

export interface ReviewFacts {
  pullRequest: number;
  /** The changed data files the review looked at. */
  files: readonly string[];
  issues: readonly FileIssue[];
  /** Valid new evaluations. */
  evaluations: readonly ReviewedEvaluation[];
}

export interface ReviewOutcome {
  body: string;
  /** Labels to add. */
  labels: string[];
  /**
   * Labels to take off: only `invalid`, once the problems are fixed. `spot-check` and
   * `self-evaluation` stay once set, so a later push cannot shed them.
   */
  removeLabels: string[];
}

const show = (score: number | null) => (score === null ? '–' : String(score));

function summary(facts: ReviewFacts): string {
  const count = facts.files.length;
  const files = `${count} changed data file${count === 1 ? '' : 's'}`;
  if (facts.issues.length === 0) {
    if (count === 0) return '✅ **No data files changed.**';
    return count === 1 ? '✅ **The changed data file is valid.**' : `✅ **All ${files} are valid.**`;
  }
  const broken = new Set(facts.issues.map((found) => found.path)).size;
  return `❌ **${facts.issues.length} problem${facts.issues.length === 1 ? '' : 's'}** in ${broken} of ${files}. Fix them and push again: this comment is updated on every push.`;
}

function issueTable(issues: readonly FileIssue[]): string[] {
  if (issues.length === 0) return [];
  const rows = issues
    .slice(0, MAX_ISSUE_ROWS)
    .map(
      (found) =>
        `| ${code(found.path)} | ${found.pointer === '' ? '(document)' : code(found.pointer)} | ${text(found.message)} | ${text(found.hint ?? '')} |`,
    );
  const more =
    issues.length > MAX_ISSUE_ROWS
      ? [
          '',
          `…and ${issues.length - MAX_ISSUE_ROWS} more. Run \`npx afscore validate --since origin/main\` to see them all.`,
        ]
      : [];
  return [
    '### Problems',
    '',
    '| File | Where | Problem | How to fix |',
    '| --- | --- | --- | --- |',
    ...rows,
    ...more,
    '',
  ];
}

function spotCheckLine(evaluation: ReviewedEvaluation): string {
  const rate = `${Math.round(SPOT_CHECK_RATE * 100)}%`;
  if (evaluation.spotCheck) {
    return `- **Spot-check: selected.** About ${rate} of ${evaluation.tier}s' submissions are re-run by an operator; the outcome goes to \`data/spot-checks/${evaluation.doc.evaluation_id}.md\`.`;
  }
  return SPOT_CHECKED_TIERS.includes(evaluation.tier)
    ? `- Spot-check: not selected this time (${evaluation.tier}s are sampled at about ${rate}).`
    : `- Spot-check: not sampled (tier ${evaluation.tier}).`;
}

function selfEvaluationLine(evaluation: ReviewedEvaluation): string {
  const { affiliated, relationship } = evaluation.doc.disclosure;
  if (evaluation.selfEvaluation === 'disclosed') {
    return `- **Self-evaluation:** ${text(evaluation.creditedLogin)} maintains this package and disclosed it (${text(relationship)}); it counts with a small fraction of their weight.`;
  }
  return affiliated
    ? `- Disclosure: affiliated (${text(relationship)}), not a listed maintainer.`
    : '- Self-evaluation: no.';
}

function findings(evaluation: ReviewedEvaluation): string[] {
  const { doc } = evaluation;
  const failed = doc.checks.filter(
    (check) => check.status === 'fail' || check.status === 'partial' || check.status === 'error',
  );
  if (failed.length === 0) return ['No check failed.'];
  const rows = failed.slice(0, MAX_FINDINGS_PER_EVALUATION).map((check) => {
    const title = findCheck(doc.package.kind, check.id, rubricVersionOf(doc.rubric_version))?.title ?? '';
    return `| ${code(check.id)} | ${text(title)} | ${check.status} | ${text(check.message ?? '')} |`;
  });
  const more =
    failed.length > MAX_FINDINGS_PER_EVALUATION
      ? ['', `…and ${failed.length - MAX_FINDINGS_PER_EVALUATION} more in the file.`]
      : [];
  return ['| Check | Title | Outcome | Message |', '| --- | --- | --- | --- |', ...rows, ...more];
}

function evaluationSection(evaluation: ReviewedEvaluation): string[] {
  const { doc } = evaluation;
  const scores = scoreChecks(doc.package.kind, doc.checks, doc.rubric_version);
  const caps = scores.capsApplied.length > 0 ? `, caps: ${scores.capsApplied.join(', ')}` : '';
  const notRun = doc.checks.filter((check) => check.status === 'not_run').length;
  return [
    `#### ${code(evaluation.path)}`,
    '',
    `Evaluation of **${text(evaluation.packageName)}** (${code(doc.package.id)}) version ${code(doc.package.version)} by ${text(evaluation.creditedLogin)} (tier: ${evaluation.tier}).`,
    '',
    `- Recomputed: af_score **${show(scores.afScore)}**${scores.grade ? ` (grade ${scores.grade})` : ''}, status ${scores.status}${caps}; ${notRun} check${notRun === 1 ? '' : 's'} not run.`,
    `- Evaluator: ${text(doc.evaluator.name)} ${text(doc.evaluator.version)} (${doc.evaluator.kind})${doc.evaluator.llm ? `, judge ${text(doc.evaluator.llm.model)}` : ', no judged checks'}.`,
    spotCheckLine(evaluation),
    selfEvaluationLine(evaluation),
    sandboxReview(doc, text).line,
    '',
    '| Dimension | Score | Coverage |',
    '| --- | --- | --- |',
    ...DIMENSIONS.map(
      (dimension) =>
        `| ${DIMENSION_TITLES[dimension]} | ${show(scores.dimensions[dimension].score)} | ${scores.dimensions[dimension].coverage ?? '–'} |`,
    ),
    '',
    ...findings(evaluation),
    '',
  ];
}

function evaluationSections(evaluations: readonly ReviewedEvaluation[]): string[] {
  if (evaluations.length === 0) return [];
  const shown = evaluations.slice(0, MAX_EVALUATIONS_SHOWN).flatMap(evaluationSection);
  const more =
    evaluations.length > MAX_EVALUATIONS_SHOWN
      ? [`…and ${evaluations.length - MAX_EVALUATIONS_SHOWN} more evaluations: split the pull request.`, '']
      : [];
  return ['### New evaluations', '', ...shown, ...more];
}

function labelsFor(facts: ReviewFacts): string[] {
  const labels: string[] = [];
  if (facts.evaluations.length > 0) labels.push(REVIEW_LABELS.evaluation);
  if (facts.evaluations.some((evaluation) => evaluation.spotCheck)) labels.push(REVIEW_LABELS.spotCheck);
  if (facts.evaluations.some((evaluation) => evaluation.selfEvaluation === 'disclosed')) {
    labels.push(REVIEW_LABELS.selfEvaluation);
  }
  if (facts.evaluations.some((evaluation) => sandboxReview(evaluation.doc, text).flagged))
    labels.push(REVIEW_LABELS.unsandboxed);
  if (facts.issues.length > 0) labels.push(REVIEW_LABELS.invalid);
  return labels;
}

/** Keeps the body under GitHub's limit even when every table is full of long escaped text. */
function capped(body: string): string {
  if (body.length <= MAX_COMMENT_CHARS) return body;
  const note =
    '\n\n…(cut here: the review is longer than a comment can hold; run `npx afscore validate --since origin/main` locally.)';
  return body.slice(0, MAX_COMMENT_CHARS - note.length) + note;
}

function fileList(files: readonly string[]): string[] {
  if (files.length === 0) return ['No data files changed.'];
  const more = files.length > MAX_FILES_LISTED ? [`- …and ${files.length - MAX_FILES_LISTED} more`] : [];
  return [
    `Files checked (${files.length}):`,
    '',
    ...files.slice(0, MAX_FILES_LISTED).map((path) => `- ${code(path)}`),
    ...more,
  ];
}

export function reviewComment(facts: ReviewFacts): ReviewOutcome {
  const body = [
    REVIEW_MARKER,
    '## afscore review',
    '',
    summary(facts),
    '',
    ...issueTable(facts.issues),
    ...evaluationSections(facts.evaluations),
    ...fileList(facts.files),
    '',
    `Checked with the same rules as \`npx afscore validate\` for pull request #${facts.pullRequest}. Scores are recomputed from the checks; maintainers still read the evidence before merging (see CONTRIBUTING.md).`,
  ].join('\n');
  const labels = labelsFor(facts);
  return {
    body: capped(body),
    labels,
    removeLabels: labels.includes(REVIEW_LABELS.invalid) ? [] : [REVIEW_LABELS.invalid],
  };
}
