/**
 * Markdown tables of the rubric, rendered from the same data the scorer uses, so the published
 * evaluation guide always states the rules the code applies.
 */
import {
  CONSENSUS_MAX_MAD,
  CONSENSUS_MIN_EVALUATORS,
  CROSS_VALIDATION_TOLERANCE,
  SELF_EVALUATION_WEIGHT_FACTOR,
  STALE_AFTER_DAYS,
  UNDISCLOSED_DIVERGENCE,
} from '../aggregate/policy.ts';
import { SPOT_CHECK_RATE } from '../trust/spot-check.ts';
import { TIERS } from '../trust/tiers.ts';
import type { PackageKind } from '../types.ts';
import { RUBRIC_CHANGELOG } from './changelog.ts';
import { checksFor } from './checks.ts';
import { DIMENSION_TITLES, DIMENSION_WEIGHTS, DIMENSIONS } from './dimensions.ts';
import { exampleEvaluation } from './example-evaluation.ts';
import {
  AF_SCORE_WEIGHT_FLOOR,
  CAPS,
  DEFAULT_PARTIAL_VALUE,
  DIMENSION_COVERAGE_FLOOR,
  GRADE_BANDS,
  SEVERITY_WEIGHTS,
} from './policy.ts';

/** Table-cell text: pipes escaped, and angle brackets outside `code` spans kept from reading as HTML. */
function cell(value: string | number): string {
  return String(value)
    .split('`')
    .map((part, index) => (index % 2 === 1 ? part : part.replaceAll('<', '&lt;').replaceAll('>', '&gt;')))
    .join('`')
    .replaceAll('|', '\\|')
    .replaceAll('\n', ' ');
}

function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function dimensionsTable(): string {
  return table(
    ['Dimension', 'MCP server weight', 'Skill weight'],
    DIMENSIONS.map((d) => [
      DIMENSION_TITLES[d],
      DIMENSION_WEIGHTS['mcp-server'][d],
      DIMENSION_WEIGHTS.skill[d],
    ]),
  );
}

function checksTable(kind: PackageKind): string {
  return table(
    ['Id', 'Dimension', 'Severity', 'Method', 'Check', 'Passes when'],
    checksFor(kind).map((check) => [
      check.id,
      check.dimension,
      `${check.severity}${check.failClosed ? ' (fail-closed)' : ''}`,
      check.method === 'llm'
        ? 'judged'
        : check.fromSnapshot
          ? 'deterministic, from snapshot'
          : 'deterministic',
      check.title,
      check.passes,
    ]),
  );
}

function severityTable(): string {
  return table(
    ['Severity', 'Weight'],
    Object.entries(SEVERITY_WEIGHTS).map(([severity, weight]) => [severity, weight]),
  );
}

function capsTable(): string {
  return table(
    ['Cap', 'Triggered by a fail of', 'Effect'],
    CAPS.map((cap) => [cap.id, cap.triggeredBy.join(', '), cap.description]),
  );
}

function changelog(): string {
  return RUBRIC_CHANGELOG.map((release) =>
    [
      `**${release.version}** (${release.date}). ${release.summary}`,
      '',
      ...release.changes.map((change) => `- ${change}`),
    ].join('\n'),
  ).join('\n\n');
}

function gradesTable(): string {
  return table(
    ['Grade', 'af_score at least'],
    GRADE_BANDS.map((band) => [band.grade, band.min]),
  );
}

function tiersTable(): string {
  return table(
    [
      'Tier',
      'Weight',
      'Accepted evaluations',
      'Comparisons with a consensus',
      'Median distance from consensus',
      'Confirmed spot-checks',
    ],
    TIERS.map((tier) => [
      tier.name,
      tier.weight,
      `≥ ${tier.minAccepted}`,
      `≥ ${tier.minComparisons}`,
      Number.isFinite(tier.maxMedianDeviation) ? `≤ ${tier.maxMedianDeviation} points` : 'any',
      `≥ ${tier.minConfirmedSpotChecks}`,
    ]),
  );
}

function policyTable(): string {
  return table(
    ['Rule', 'Value'],
    [
      ['Credit of a partial without a value', DEFAULT_PARTIAL_VALUE],
      ['Coverage needed to publish a dimension', percent(DIMENSION_COVERAGE_FLOOR)],
      ['Published dimension weight needed for af_score', percent(AF_SCORE_WEIGHT_FLOOR)],
      [
        'Cross-validation tolerance (max − min af_score of independent evaluations)',
        `${CROSS_VALIDATION_TOLERANCE} points`,
      ],
      [
        'Consensus',
        `≥ ${CONSENSUS_MIN_EVALUATORS} independent evaluators, median absolute deviation ≤ ${CONSENSUS_MAX_MAD}, one of them trusted`,
      ],
      [
        'Weight of a disclosed self-evaluation',
        `${SELF_EVALUATION_WEIGHT_FACTOR} × the author's tier weight`,
      ],
      [
        'Undisclosed self-evaluation left out when further than',
        `${UNDISCLOSED_DIVERGENCE} points from the independent centre`,
      ],
      ['Re-evaluation after', `${STALE_AFTER_DAYS} days`],
      ['Spot-check rate (newcomers)', percent(SPOT_CHECK_RATE)],
    ],
  );
}

const RENDERERS: Record<string, () => string> = {
  'rubric:dimensions': dimensionsTable,
  'rubric:severities': severityTable,
  'rubric:checks:mcp-server': () => checksTable('mcp-server'),
  'rubric:checks:skill': () => checksTable('skill'),
  'rubric:caps': capsTable,
  'rubric:changelog': changelog,
  'rubric:grades': gradesTable,
  'rubric:tiers': tiersTable,
  'rubric:policy': policyTable,
  'example:evaluation': () => `\`\`\`json\n${JSON.stringify(exampleEvaluation(), null, 2)}\n\`\`\``,
};

/** Replaces each `<!-- name -->` marker with its table; an unknown marker is an error, not a gap. */
export function renderGuide(template: string): string {
  return template.replace(/<!-- ([a-z:-]+) -->/g, (_, name: string) => {
    const render = RENDERERS[name];
    if (!render) throw new Error(`evaluation guide: unknown marker <!-- ${name} -->`);
    return render();
  });
}
