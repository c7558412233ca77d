/**
 * What the build keeps of each evaluation while it reads the repository: the fields aggregation and
 * the contributor records read, and the outcomes of the checks computed from the snapshot (compared
 * for reproducibility). Not the snapshot, the evidence or the messages: at 500,000 evaluations the
 * whole documents would not fit in memory. The package's representative evaluation, whose checks and
 * snapshot its record shows, is read again in full when its record is built.
 */
import { compareStrings } from '../order.ts';
import { CHECKS } from '../rubric/checks.ts';
import { type ScoreBreakdown, scoreChecks } from '../scoring/score-checks.ts';
import type { CheckResult, EvaluationDocument } from '../types.ts';

export interface EvaluationCore {
  evaluation_id: string;
  rubric_version: string;
  package: EvaluationDocument['package'];
  subject: Pick<EvaluationDocument['subject'], 'digest'>;
  contributor: { login: string };
  disclosure: Pick<EvaluationDocument['disclosure'], 'affiliated'>;
  evaluator: Pick<EvaluationDocument['evaluator'], 'kind' | 'name' | 'version' | 'config_sha256'> & {
    llm?: { model: string } | null;
  };
  timestamps: EvaluationDocument['timestamps'];
  /** Only the checks computed from the snapshot (`fromSnapshot`), and only their outcome. */
  checks: readonly Pick<CheckResult, 'id' | 'status' | 'value'>[];
}

/** An evaluation as the build holds it: its core and its scores recomputed from all its checks. */
export interface KeptEvaluation {
  doc: EvaluationCore;
  breakdown: ScoreBreakdown;
}

/** A kept evaluation with what the repository records about it. */
export interface ScoredEvaluation extends KeptEvaluation {
  /** When the evaluation entered the repository (RFC 3339, UTC). */
  publishedAt: string;
  spotCheck: 'confirmed' | 'diverged' | null;
}

const SNAPSHOT_CHECKS = new Set(
  CHECKS.filter((check) => check.fromSnapshot).map((check) => `${check.kind}/${check.id}`),
);

export function isSnapshotCheck(kind: EvaluationDocument['package']['kind'], id: string): boolean {
  return SNAPSHOT_CHECKS.has(`${kind}/${id}`);
}

/** Scores a validated document and keeps only what the build needs of it afterwards. */
export function keepEvaluation(doc: EvaluationDocument): KeptEvaluation {
  const { kind } = doc.package;
  const { llm } = doc.evaluator;
  return {
    doc: {
      evaluation_id: doc.evaluation_id,
      rubric_version: doc.rubric_version,
      package: { id: doc.package.id, kind, version: doc.package.version },
      subject: { digest: doc.subject.digest },
      contributor: { login: doc.contributor.login },
      disclosure: { affiliated: doc.disclosure.affiliated },
      evaluator: {
        kind: doc.evaluator.kind,
        name: doc.evaluator.name,
        version: doc.evaluator.version,
        config_sha256: doc.evaluator.config_sha256,
        ...(llm === undefined ? {} : { llm: llm === null ? null : { model: llm.model } }),
      },
      timestamps: { started_at: doc.timestamps.started_at, finished_at: doc.timestamps.finished_at },
      checks: doc.checks
        .filter((check) => isSnapshotCheck(kind, check.id))
        .map((check) =>
          check.value === undefined
            ? { id: check.id, status: check.status }
            : { id: check.id, status: check.status, value: check.value },
        ),
    },
    breakdown: scoreChecks(kind, doc.checks, doc.rubric_version),
  };
}

export function finishedAtMs(evaluation: ScoredEvaluation): number {
  return Date.parse(evaluation.doc.timestamps.finished_at);
}

/** Newest first by finish time, then by id, so every ordering question has one answer. */
export function newestFirst(a: ScoredEvaluation, b: ScoredEvaluation): number {
  return finishedAtMs(b) - finishedAtMs(a) || compareStrings(a.doc.evaluation_id, b.doc.evaluation_id);
}
