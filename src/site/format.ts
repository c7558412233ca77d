/** How the pages write scores, dates and the domain's words for people. */

import type { Recommendation } from '../core/agent-guide/agent-guide.ts';
import { FLAG_EXPLANATIONS } from '../core/agent-guide/recommendation-policy.ts';
import type { ExclusionReason, PackageFlag, SelfEvaluation } from '../core/aggregate/package-aggregate.ts';
import type { LeaderboardDimension } from '../core/query/leaderboard.ts';
import { DIMENSION_TITLES, type Dimension } from '../core/rubric/dimensions.ts';
import type { CheckStatus, Confidence, Grade, PackageKind } from '../core/types.ts';

export function formatScore(score: number | null): string {
  return score === null ? '–' : String(score);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-10-20T09:00:00Z` → `20 Oct 2026`, in UTC so every visitor and test sees the same day. */
export function formatDate(iso: string | null): string {
  if (iso === null) return '–';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** `5074` → `5,074`: a fixed locale, so every visitor and test sees the same digits. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

// Quantities that findings count: a four-digit number before one of these words is a count, never a year.
const COUNTED =
  /(?<![\w.,:/-])(\d{4,})(?=\s(?:tokens?|lines?|bytes?|characters?|words?|tools?|files?|ms|seconds?)\b)/g;

/**
 * A finding as written by the evaluator, with digit groups in the counts it names ("about 5,074
 * tokens"). Only the digits change; versions, dates, ports and ids are left as they are.
 */
export function withDigitGroups(text: string): string {
  return text.replace(COUNTED, (digits) => formatCount(Number(digits)));
}

/** An evidence value: numbers with digit groups, anything else as written. */
export function formatValue(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) ? formatCount(value) : String(value);
}

/** The CSS class that colours a grade (and a score, by the grade it earns). */
export function gradeClass(grade: Grade | null): string {
  return grade === null ? 'grade-none' : `grade-${grade.toLowerCase()}`;
}

export const KIND_LABELS: Readonly<Record<PackageKind, string>> = {
  'mcp-server': 'MCP server',
  skill: 'Skill',
};

export const CONFIDENCE_LABELS: Readonly<Record<Confidence, string>> = {
  single: 'Single evaluation',
  corroborated: 'Corroborated',
  consensus: 'Consensus',
  disputed: 'Disputed',
  'self-reported': 'Self-reported',
};

export const STATUS_LABELS: Readonly<Record<CheckStatus, string>> = {
  pass: 'Pass',
  partial: 'Partial',
  fail: 'Fail',
  not_applicable: 'Not applicable',
  not_run: 'Not run',
  error: 'Error',
};

export function dimensionLabel(dimension: LeaderboardDimension): string {
  if (dimension === 'af_score') return 'af score (overall)';
  return DIMENSION_TITLES[dimension.slice(0, -'_score'.length) as Dimension];
}

/** "an af score", "a security score": the dimension's score as a noun, with its article. */
export function scoreNoun(dimension: LeaderboardDimension): string {
  const words = dimension === 'af_score' ? 'af score' : `${dimensionLabel(dimension).toLowerCase()} score`;
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
}

export function flagLabel(flag: PackageFlag): string {
  return flag.replaceAll('-', ' ').replace(/^./, (first) => first.toUpperCase());
}

export function flagMeaning(flag: PackageFlag): string {
  return FLAG_EXPLANATIONS[flag];
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export const EXCLUSION_LABELS: Readonly<Record<ExclusionReason, string>> = {
  'coverage-too-low': 'Left out: covered too few checks',
  'spot-check-diverged': 'Left out: the operator’s re-run did not reproduce it',
  'older-version': 'Left out: evaluates an older version',
  'older-rubric': 'Left out: graded under an older rubric than newer evaluations of this version',
  superseded: 'Left out: the same contributor evaluated this version again later',
  'undisclosed-self-evaluation-diverges':
    'Left out: undisclosed self-evaluation that diverges from independent ones',
};

export const SELF_EVALUATION_LABELS: Readonly<Record<SelfEvaluation, string | null>> = {
  none: null,
  disclosed: 'Maintainer (disclosed)',
  undisclosed: 'Maintainer (not disclosed)',
};

export const RECOMMENDATION_LABELS: Readonly<Record<Recommendation, string>> = {
  use: 'Use',
  'use-with-care': 'Use with care',
  avoid: 'Avoid',
  unknown: 'Unknown: not scored yet',
};

export const RECOMMENDATION_TONES: Readonly<Record<Recommendation, string>> = {
  use: 'ok',
  'use-with-care': 'warn',
  avoid: 'bad',
  unknown: '',
};
