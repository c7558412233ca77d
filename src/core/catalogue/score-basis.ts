/**
 * What a published score rests on, carried with the score wherever it is shown (lists,
 * leaderboards, compare, the API): the caps holding it down, how many evaluations it combines and
 * how far they agree, which dimensions were scored and which had too few checks run, and whether
 * any model-judged check ran. A 97.5 from one deterministic run over 5 of 7 dimensions says so.
 */
import { findCheck } from '../rubric/checks.ts';
import { DIMENSIONS, type Dimension } from '../rubric/dimensions.ts';
import { capsFor } from '../rubric/policy.ts';
import { rubricVersionOf } from '../rubric/versions.ts';
import type { Confidence, PackageKind } from '../types.ts';
import type { AppliedCap, CheckOutcome, DimensionScore, ScoreBasis } from './catalogue-types.ts';

export type { AppliedCap, ScoreBasis };

export interface ScoreBasisInput {
  kind: PackageKind;
  af_score: number | null;
  confidence: Confidence | null;
  caps_applied: readonly string[];
  dimensions: Readonly<Record<Dimension, DimensionScore>>;
  rubric_version: string | null;
  checks: readonly CheckOutcome[];
  evaluations: readonly { counted: boolean; operator?: boolean }[];
}

const RAN = new Set(['pass', 'partial', 'fail', 'error']);

/** The basis of a package's published score; null when it has none. */
export function scoreBasis(record: ScoreBasisInput): ScoreBasis | null {
  if (record.af_score === null) return null;
  const version = rubricVersionOf(record.rubric_version ?? undefined);
  const counted = DIMENSIONS.filter((dimension) => record.dimensions[dimension].score !== null);
  return {
    caps: record.caps_applied.map((id) => ({
      id,
      max_af_score: capsFor(version).find((cap) => cap.id === id)?.maxAfScore ?? null,
    })),
    confidence: record.confidence,
    evaluations_counted: record.evaluations.filter((entry) => entry.counted).length,
    operator_evaluations: record.evaluations.filter((entry) => entry.counted && entry.operator === true)
      .length,
    dimensions_counted: counted,
    dimensions_not_counted: DIMENSIONS.filter((dimension) => !counted.includes(dimension)),
    model_judged: record.checks.some(
      (outcome) => RAN.has(outcome.status) && findCheck(record.kind, outcome.id, version)?.method === 'llm',
    ),
  };
}
