import type { Dimension } from '../rubric/dimensions.ts';
import type { Confidence, Grade, TierName } from '../types.ts';

export type SelfEvaluation = 'none' | 'disclosed' | 'undisclosed';

/** Why an evaluation in a package's history does not count toward its published score. */
export type ExclusionReason =
  | 'coverage-too-low'
  | 'spot-check-diverged'
  | 'older-version'
  | 'older-rubric'
  | 'superseded'
  | 'undisclosed-self-evaluation-diverges';

export type PackageFlag =
  | 'critical-security-finding'
  | 'does-not-start'
  | 'evaluators-disagree'
  | 'reproducibility-mismatch'
  | 'self-evaluated'
  | 'undisclosed-self-evaluation'
  | 'spot-check-diverged';

export interface EvaluationEntry {
  evaluation_id: string;
  contributor: string;
  /** The contributor is the operator's own worker (trust/operator.ts): one evaluator like any other, disclosed. */
  operator: boolean;
  tier: TierName;
  version: string;
  /** The rubric version the evaluation was graded under. */
  rubric_version: string;
  finished_at: string;
  published_at: string;
  status: 'scored' | 'partial' | 'unrunnable';
  af_score: number | null;
  security_score: number | null;
  reliability_score: number | null;
  /** Rubric caps that held this evaluation's scores down (ids of `CAPS`). */
  caps_applied: string[];
  self_evaluation: SelfEvaluation;
  spot_check: 'confirmed' | 'diverged' | null;
  counted: boolean;
  weight: number;
  excluded_because: ExclusionReason | null;
  evaluator: { kind: 'cli' | 'agent'; name: string; version: string; config_sha256: string };
  model: string | null;
}

export interface PackageAggregate {
  status: 'scored' | 'unrunnable' | 'none';
  scoredVersion: string | null;
  afScore: number | null;
  grade: Grade | null;
  dimensions: Record<Dimension, number | null>;
  confidence: Confidence | null;
  crossValidated: boolean;
  independentEvaluators: number;
  /** max − min of the independent af_scores counted. */
  spread: number | null;
  flags: PackageFlag[];
  /** Newest first. */
  evaluations: EvaluationEntry[];
  /** The counted evaluation closest to the published score: its checks are shown as the evidence. */
  representativeId: string | null;
  lastEvaluatedAt: string | null;
}
