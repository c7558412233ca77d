/**
 * The pull request a submission becomes: title, body and labels, from the recomputed scores. Every
 * piece of package or contributor text is escaped: GitHub renders this body.
 */
import { findCheck } from '../rubric/checks.ts';
import { DIMENSION_TITLES, DIMENSIONS } from '../rubric/dimensions.ts';
import { rubricVersionOf } from '../rubric/versions.ts';
import { scoreChecks } from '../scoring/score-checks.ts';
import { escapeMarkdown } from '../text/markdown-escape.ts';
import { SPOT_CHECK_RATE } from '../trust/spot-check.ts';
import type { EvaluationDocument, TierName } from '../types.ts';
import { sandboxReview } from './sandbox-review.ts';

export interface PullRequestFacts {
  doc: EvaluationDocument;
  packageName: string;
  submissionId: string;
  tier: TierName;
  spotCheck: boolean;
  selfEvaluation: 'none' | 'disclosed';
}

export interface PullRequestText {
  title: string;
  body: string;
  labels: string[];
  branch: string;
  path: string;
}

export const LABELS = {
  evaluation: 'evaluation',
  spotCheck: 'spot-check',
  selfEvaluation: 'self-evaluation',
  /** Made without a sandbox, or with none recorded. */
  unsandboxed: 'unsandboxed',
} as const;

const show = (score: number | null) => (score === null ? '–' : String(score));

function findingsTable(doc: EvaluationDocument): string[] {
  const rows = doc.checks
    .filter((check) => check.status === 'fail' || check.status === 'partial' || check.status === 'error')
    .map((check) => {
      const definition = findCheck(doc.package.kind, check.id, rubricVersionOf(doc.rubric_version));
      return `| ${check.id} | ${escapeMarkdown(definition?.title ?? '')} | ${check.status} | ${escapeMarkdown(check.message ?? '')} |`;
    });
  if (rows.length === 0) return ['No check failed.'];
  return ['| Check | Title | Outcome | Message |', '| --- | --- | --- | --- |', ...rows];
}

export function pullRequestText(facts: PullRequestFacts): PullRequestText {
  const { doc } = facts;
  const scores = scoreChecks(doc.package.kind, doc.checks, doc.rubric_version);
  const name = escapeMarkdown(facts.packageName);
  const login = escapeMarkdown(doc.contributor.login);
  const notRun = doc.checks.filter((check) => check.status === 'not_run').length;
  const sandbox = sandboxReview(doc, escapeMarkdown);
  const body = [
    `Evaluation \`${doc.evaluation_id}\` of **${name}** (\`${doc.package.id}\`) version \`${escapeMarkdown(doc.package.version)}\`, submitted through the API as \`${facts.submissionId}\`.`,
    '',
    `- Contributor: ${login} (tier: ${facts.tier})`,
    `- Evaluator: ${escapeMarkdown(doc.evaluator.name)} ${escapeMarkdown(doc.evaluator.version)} (${doc.evaluator.kind})${doc.evaluator.llm ? `, judge ${escapeMarkdown(doc.evaluator.llm.model)}` : ', no judged checks'}`,
    `- Recomputed: af_score **${show(scores.afScore)}**${scores.grade ? ` (grade ${scores.grade})` : ''}, status ${scores.status}${scores.capsApplied.length > 0 ? `, caps: ${scores.capsApplied.join(', ')}` : ''}`,
    `- Checks not run: ${notRun}`,
    facts.spotCheck
      ? `- **Spot-check:** selected (about ${Math.round(SPOT_CHECK_RATE * 100)}% of newcomers' submissions). An operator re-runs it and records the outcome in \`data/spot-checks/${doc.evaluation_id}.md\`.`
      : '- Spot-check: not selected',
    facts.selfEvaluation === 'disclosed'
      ? '- **Self-evaluation:** the contributor maintains this package and disclosed it; it counts with a tenth of their weight.'
      : '- Self-evaluation: no',
    sandbox.line,
    '',
    '| Dimension | Score | Coverage |',
    '| --- | --- | --- |',
    ...DIMENSIONS.map(
      (dimension) =>
        `| ${DIMENSION_TITLES[dimension]} | ${show(scores.dimensions[dimension].score)} | ${scores.dimensions[dimension].coverage ?? '–'} |`,
    ),
    '',
    '### Findings',
    '',
    ...findingsTable(doc),
    '',
    'Validated with the same rules as `npx afscore validate`. Review the evidence in the file before merging.',
  ].join('\n');
  const labels: string[] = [LABELS.evaluation];
  if (facts.spotCheck) labels.push(LABELS.spotCheck);
  if (facts.selfEvaluation === 'disclosed') labels.push(LABELS.selfEvaluation);
  if (sandbox.flagged) labels.push(LABELS.unsandboxed);
  return {
    title: `Evaluation of ${doc.package.id} ${doc.package.version} by ${doc.contributor.login} (af_score ${show(scores.afScore)})`,
    body,
    labels,
    branch: `submissions/${facts.submissionId}`,
    path: `evaluations/${doc.package.id}/${doc.evaluation_id}.json`,
  };
}
