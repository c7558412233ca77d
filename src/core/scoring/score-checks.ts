/**
 * Rubric 2.0 arithmetic: check outcomes → dimension scores → af_score. Pure and order-independent:
 * checks are visited in catalogue order, whatever order the document lists them in.
 */
import { checksFor } from '../rubric/checks.ts';
import { DIMENSION_WEIGHTS, DIMENSIONS, type Dimension } from '../rubric/dimensions.ts';
import {
  AF_SCORE_REQUIRED_DIMENSIONS,
  AF_SCORE_WEIGHT_FLOOR,
  type CapRule,
  capsFor,
  DIMENSION_COVERAGE_FLOOR,
  SEVERITY_WEIGHTS,
} from '../rubric/policy.ts';
import { type RubricVersion, rubricVersionOf } from '../rubric/versions.ts';
import type { CheckResult, EvaluationScoreStatus, Grade, PackageKind, ScoresReport } from '../types.ts';
import { creditFor, isApplicable, isFailure } from './check-value.ts';
import { gradeFor } from './grade.ts';
import { roundScore, roundShare } from './round.ts';

export interface DimensionBreakdown {
  dimension: Dimension;
  weight: number;
  applicable: boolean;
  /** Share of the applicable check weight that was evaluated; null when nothing applies. */
  coverage: number | null;
  published: boolean;
  /** Rounded score after caps; null when not published. */
  score: number | null;
}

export interface ScoreBreakdown {
  kind: PackageKind;
  status: EvaluationScoreStatus;
  afScore: number | null;
  grade: Grade | null;
  capsApplied: string[];
  dimensions: Record<Dimension, DimensionBreakdown>;
}

interface Tally {
  applicableWeight: number;
  evaluatedWeight: number;
  earned: number;
}

function tallyDimensions(
  kind: PackageKind,
  results: ReadonlyMap<string, CheckResult>,
  version: RubricVersion,
): Map<Dimension, Tally> {
  const tallies = new Map<Dimension, Tally>(
    DIMENSIONS.map((dimension) => [dimension, { applicableWeight: 0, evaluatedWeight: 0, earned: 0 }]),
  );
  for (const definition of checksFor(kind, version)) {
    const result = results.get(definition.id);
    if (!isApplicable(result)) continue;
    const tally = tallies.get(definition.dimension)!;
    const weight = SEVERITY_WEIGHTS[definition.severity];
    tally.applicableWeight += weight;
    const credit = creditFor(definition, result);
    if (credit === null) continue;
    tally.evaluatedWeight += weight;
    tally.earned += weight * credit;
  }
  return tallies;
}

function triggeredCaps(
  kind: PackageKind,
  results: ReadonlyMap<string, CheckResult>,
  version: RubricVersion,
): CapRule[] {
  const failed = new Set(
    checksFor(kind, version)
      .filter((definition) => isFailure(definition, results.get(definition.id)))
      .map((definition) => definition.id),
  );
  return capsFor(version).filter((cap) => cap.triggeredBy.some((id) => failed.has(id)));
}

function breakdownFor(
  kind: PackageKind,
  dimension: Dimension,
  tally: Tally,
  caps: readonly CapRule[],
): DimensionBreakdown {
  const weight = DIMENSION_WEIGHTS[kind][dimension];
  const applicable = tally.applicableWeight > 0;
  const coverage = applicable ? tally.evaluatedWeight / tally.applicableWeight : null;
  const unrunnable = caps.some((cap) => cap.unrunnable);
  if (dimension === 'reliability' && unrunnable) {
    return { dimension, weight, applicable, coverage: roundShare(coverage ?? 0), published: true, score: 0 };
  }
  const published = coverage !== null && coverage >= DIMENSION_COVERAGE_FLOOR && tally.evaluatedWeight > 0;
  let score = published ? (100 * tally.earned) / tally.evaluatedWeight : null;
  if (score !== null && dimension === 'security') {
    for (const cap of caps) if (cap.maxSecurity !== undefined) score = Math.min(score, cap.maxSecurity);
  }
  return {
    dimension,
    weight,
    applicable,
    coverage: coverage === null ? null : roundShare(coverage),
    published,
    score: score === null ? null : roundScore(score),
  };
}

function afScoreFor(
  kind: PackageKind,
  dimensions: Record<Dimension, DimensionBreakdown>,
  caps: readonly CapRule[],
): number | null {
  const required = AF_SCORE_REQUIRED_DIMENSIONS.every((dimension) => dimensions[dimension].published);
  const applicable = DIMENSIONS.filter((dimension) => dimensions[dimension].applicable);
  const published = applicable.filter((dimension) => dimensions[dimension].published);
  const applicableWeight = applicable.reduce((sum, d) => sum + DIMENSION_WEIGHTS[kind][d], 0);
  const publishedWeight = published.reduce((sum, d) => sum + DIMENSION_WEIGHTS[kind][d], 0);
  if (!required || applicableWeight === 0 || publishedWeight / applicableWeight < AF_SCORE_WEIGHT_FLOOR) {
    return null;
  }
  let score =
    published.reduce((sum, d) => sum + DIMENSION_WEIGHTS[kind][d] * dimensions[d].score!, 0) /
    publishedWeight;
  for (const cap of caps) if (cap.maxAfScore !== undefined) score = Math.min(score, cap.maxAfScore);
  return roundScore(score);
}

/** Scores under the rubric version the checks were graded under (the current one by default). */
export function scoreChecks(
  kind: PackageKind,
  checks: readonly CheckResult[],
  rubricVersion?: string,
): ScoreBreakdown {
  const version = rubricVersionOf(rubricVersion);
  const results = new Map(checks.map((check) => [check.id, check]));
  const tallies = tallyDimensions(kind, results, version);
  const caps = triggeredCaps(kind, results, version);
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, breakdownFor(kind, dimension, tallies.get(dimension)!, caps)]),
  ) as Record<Dimension, DimensionBreakdown>;
  const unrunnable = caps.some((cap) => cap.unrunnable);
  const afScore = unrunnable ? null : afScoreFor(kind, dimensions, caps);
  const status: EvaluationScoreStatus = unrunnable ? 'unrunnable' : afScore === null ? 'partial' : 'scored';
  return {
    kind,
    status,
    afScore,
    grade: afScore === null ? null : gradeFor(afScore),
    capsApplied: caps.map((cap) => cap.id),
    dimensions,
  };
}

/** The `scores` block an evaluation document must carry for these checks. */
export function toScoresReport(breakdown: ScoreBreakdown): ScoresReport {
  return {
    status: breakdown.status,
    af_score: breakdown.afScore,
    grade: breakdown.grade,
    caps_applied: breakdown.capsApplied,
    dimensions: Object.fromEntries(
      DIMENSIONS.map((dimension) => [
        dimension,
        { score: breakdown.dimensions[dimension].score, coverage: breakdown.dimensions[dimension].coverage },
      ]),
    ) as ScoresReport['dimensions'],
  };
}
