/**
 * What the build keeps of each evaluation while it reads the repository: the fields aggregation and
 * the contributor records read, and the outcomes of the checks computed from the snapshot (compared
 * for reproducibility). Not the snapshot, the evidence or the messages: at 500,000 evaluations the
 * whole documents would not fit in memory. The package's representative evaluation, whose checks and
 * snapshot its record shows, is read again in full when its record is built.
 */
import { compareStrings } from '../order.ts';
import { CHECKS } from '../rubric/checks.ts';
import { DIMENSIONS, type Dimension } from '../rubric/dimensions.ts';
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

/** What aggregation reads of an evaluation's scores (score-checks.ts#ScoreBreakdown is one). */
export interface KeptBreakdown {
  status: ScoreBreakdown['status'];
  afScore: number | null;
  capsApplied: readonly string[];
  dimensions: Record<Dimension, { score: number | null }>;
}

/** An evaluation as the build holds it: its core and its scores recomputed from all its checks. */
export interface KeptEvaluation {
  doc: EvaluationCore;
  breakdown: KeptBreakdown;
}

/**
 * One copy of each equal value. The build holds 500,000 evaluation cores at the scale the catalogue
 * is built for, and most of their strings (rubric versions, logins, evaluator names, check ids)
 * repeat, as do their lists of snapshot check outcomes (evaluations of one artifact agree on them):
 * one copy of each is hundreds of megabytes less.
 */
export interface Interner {
  text: (value: string) => string;
  checks: (list: EvaluationCore['checks']) => EvaluationCore['checks'];
}

export function keptInterner(): Interner {
  const texts = new Map<string, string>();
  const lists = new Map<string, EvaluationCore['checks']>();
  const text = (value: string) => {
    const held = texts.get(value);
    if (held !== undefined) return held;
    texts.set(value, value);
    return value;
  };
  return {
    text,
    checks: (list) => {
      const key = list.map((check) => `${check.id} ${check.status} ${check.value ?? ''}`).join('\n');
      const held = lists.get(key);
      if (held !== undefined) return held;
      const kept = Object.freeze(list.map((check) => ({ ...check, id: text(check.id) })));
      lists.set(key, kept);
      return kept;
    },
  };
}

const asIs: Interner = { text: (value) => value, checks: (list) => list };
const NO_CAPS: readonly string[] = Object.freeze([]);

/** A kept evaluation with what the repository records about it. */
export interface ScoredEvaluation extends KeptEvaluation {
  /** When the evaluation entered the repository (RFC 3339, UTC). */
  publishedAt: string;
  /** finished_at in epoch milliseconds, when the caller has it: sorts compare it often. */
  finishedMs?: number;
  spotCheck: 'confirmed' | 'diverged' | null;
}

/** Check ids computed from the snapshot, by package kind (looked up for every check of every document). */
const SNAPSHOT_CHECKS = new Map<string, Set<string>>();
for (const check of CHECKS.filter((definition) => definition.fromSnapshot)) {
  const ids = SNAPSHOT_CHECKS.get(check.kind) ?? new Set<string>();
  ids.add(check.id);
  SNAPSHOT_CHECKS.set(check.kind, ids);
}

export function isSnapshotCheck(kind: EvaluationDocument['package']['kind'], id: string): boolean {
  return SNAPSHOT_CHECKS.get(kind)?.has(id) ?? false;
}

/**
 * The smallest copy of a kept evaluation: only the fields aggregation reads, repeated strings
 * through `intern`. Also applied to cores that crossed from a worker thread (a fresh copy each).
 */
export function compactEvaluation(kept: KeptEvaluation, intern: Interner = asIs): KeptEvaluation {
  const { doc, breakdown } = kept;
  const { llm } = doc.evaluator;
  const dimensions = {} as Record<Dimension, { score: number | null }>;
  for (const dimension of DIMENSIONS)
    dimensions[dimension] = { score: breakdown.dimensions[dimension].score };
  return {
    doc: {
      evaluation_id: doc.evaluation_id,
      rubric_version: intern.text(doc.rubric_version),
      package: {
        id: intern.text(doc.package.id),
        kind: doc.package.kind,
        version: intern.text(doc.package.version),
      },
      subject: { digest: intern.text(doc.subject.digest) },
      contributor: { login: intern.text(doc.contributor.login) },
      disclosure: { affiliated: doc.disclosure.affiliated },
      evaluator: {
        kind: doc.evaluator.kind,
        name: intern.text(doc.evaluator.name),
        version: intern.text(doc.evaluator.version),
        config_sha256: intern.text(doc.evaluator.config_sha256),
        ...(llm === undefined ? {} : { llm: llm === null ? null : { model: intern.text(llm.model) } }),
      },
      timestamps: { started_at: doc.timestamps.started_at, finished_at: doc.timestamps.finished_at },
      checks: intern.checks(
        doc.checks
          .filter((check) => isSnapshotCheck(doc.package.kind, check.id))
          .map(({ id, status, value }) => (value === undefined ? { id, status } : { id, status, value })),
      ),
    },
    breakdown: {
      status: breakdown.status,
      afScore: breakdown.afScore,
      capsApplied: breakdown.capsApplied.length === 0 ? NO_CAPS : breakdown.capsApplied.map(intern.text),
      dimensions,
    },
  };
}

/** Scores a validated document and keeps only what the build needs of it afterwards. */
export function keepEvaluation(doc: EvaluationDocument, intern: Interner = asIs): KeptEvaluation {
  return compactEvaluation(
    { doc, breakdown: scoreChecks(doc.package.kind, doc.checks, doc.rubric_version) },
    intern,
  );
}

export function finishedAtMs(evaluation: ScoredEvaluation): number {
  return evaluation.finishedMs ?? Date.parse(evaluation.doc.timestamps.finished_at);
}

/** Newest first by finish time, then by id, so every ordering question has one answer. */
export function newestFirst(a: ScoredEvaluation, b: ScoredEvaluation): number {
  return finishedAtMs(b) - finishedAtMs(a) || compareStrings(a.doc.evaluation_id, b.doc.evaluation_id);
}
