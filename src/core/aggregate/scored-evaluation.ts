import { compareStrings } from '../order.ts';
import type { ScoreBreakdown } from '../scoring/score-checks.ts';
import type { EvaluationDocument } from '../types.ts';

/** A validated evaluation with its recomputed scores and what the repository records about it. */
export interface ScoredEvaluation {
  doc: EvaluationDocument;
  breakdown: ScoreBreakdown;
  /** When the evaluation entered the repository (RFC 3339, UTC). */
  publishedAt: string;
  spotCheck: 'confirmed' | 'diverged' | null;
}

export function finishedAtMs(evaluation: ScoredEvaluation): number {
  return Date.parse(evaluation.doc.timestamps.finished_at);
}

/** Newest first by finish time, then by id, so every ordering question has one answer. */
export function newestFirst(a: ScoredEvaluation, b: ScoredEvaluation): number {
  return finishedAtMs(b) - finishedAtMs(a) || compareStrings(a.doc.evaluation_id, b.doc.evaluation_id);
}
