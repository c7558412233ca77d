import type {
  Confidence,
  Dimension,
  EvaluationScoreStatus,
  EvaluatorKind,
  ExclusionReason,
  Grade,
  PackageFlag,
  SelfEvaluation,
  TierName,
} from '../vocabulary.ts';

export type { ExclusionReason, PackageFlag, SelfEvaluation };

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
  status: EvaluationScoreStatus;
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
  evaluator: { kind: EvaluatorKind; name: string; version: string; config_sha256: string };
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
