/**
 * Combines a package's evaluations into its published scores. Trust-weighted and robust (see
 * robust-center.ts), blind to input order, and open about every evaluation it leaves out and why.
 */
import { loginKey } from '../ids.ts';
import { DIMENSIONS, type Dimension } from '../rubric/dimensions.ts';
import { isBefore, rubricVersionOf, standingRubric } from '../rubric/versions.ts';
import { gradeFor } from '../scoring/grade.ts';
import { roundScore } from '../scoring/round.ts';
import { isOperator } from '../trust/operator.ts';
import type { TierRule } from '../trust/tiers.ts';
import type { Confidence, PackageFile } from '../types.ts';
import type {
  EvaluationEntry,
  ExclusionReason,
  PackageAggregate,
  PackageFlag,
  SelfEvaluation,
} from './package-aggregate.ts';
import {
  CONSENSUS_MAX_MAD,
  CONSENSUS_MIN_EVALUATORS,
  CROSS_VALIDATION_TOLERANCE,
  SELF_EVALUATION_WEIGHT_FACTOR,
  UNDISCLOSED_DIVERGENCE,
} from './policy.ts';
import { medianAbsoluteDeviation, robustCenter } from './robust-center.ts';
import { isSnapshotCheck, newestFirst, type ScoredEvaluation } from './scored-evaluation.ts';

export type TierLookup = (login: string) => TierRule;

interface Candidate {
  evaluation: ScoredEvaluation;
  self: SelfEvaluation;
  weight: number;
}

function selfEvaluationOf(pkg: PackageFile, evaluation: ScoredEvaluation): SelfEvaluation {
  const maintainers = new Set(pkg.maintainers.map(loginKey));
  if (!maintainers.has(loginKey(evaluation.doc.contributor.login))) return 'none';
  return evaluation.doc.disclosure.affiliated ? 'disclosed' : 'undisclosed';
}

function afOf(candidate: Candidate): number | null {
  return candidate.evaluation.breakdown.afScore;
}

/**
 * The newest rubric any of these evaluations was graded under: scores under different rubrics are
 * not comparable, so once a package has evaluations under a newer rubric the older ones stop counting.
 */
function newestRubric(evaluations: readonly ScoredEvaluation[]): string | null {
  let newest: string | null = null;
  for (const evaluation of evaluations) {
    const standing = standingOf(evaluation);
    if (newest === null || isBefore(rubricVersionOf(newest), rubricVersionOf(standing))) newest = standing;
  }
  return newest;
}

/**
 * The rubric an evaluation counts under: a release that changed only judged checks leaves one made
 * without a judge standing beside the newer ones (it scores the same), so it is not left out.
 */
function standingOf({ doc }: ScoredEvaluation): string {
  return standingRubric(doc.rubric_version, doc.evaluator.llm != null, doc.package.kind);
}

/** Walks the history newest first and decides, for each evaluation, whether it may count. */
function screen(pkg: PackageFile, sorted: readonly ScoredEvaluation[], tierOf: TierLookup) {
  const excluded = new Map<string, ExclusionReason>();
  const eligible = sorted.filter((evaluation) => {
    if (evaluation.breakdown.status === 'partial')
      excluded.set(evaluation.doc.evaluation_id, 'coverage-too-low');
    else if (evaluation.spotCheck === 'diverged')
      excluded.set(evaluation.doc.evaluation_id, 'spot-check-diverged');
    else return true;
    return false;
  });
  const scoredVersion = eligible[0]?.doc.package.version ?? null;
  const rubric = newestRubric(
    eligible.filter((evaluation) => evaluation.doc.package.version === scoredVersion),
  );
  const seenContributors = new Set<string>();
  const candidates: Candidate[] = [];
  for (const evaluation of eligible) {
    const id = evaluation.doc.evaluation_id;
    const contributor = loginKey(evaluation.doc.contributor.login);
    if (evaluation.doc.package.version !== scoredVersion) excluded.set(id, 'older-version');
    else if (standingOf(evaluation) !== rubric) excluded.set(id, 'older-rubric');
    else if (seenContributors.has(contributor)) excluded.set(id, 'superseded');
    else {
      seenContributors.add(contributor);
      const self = selfEvaluationOf(pkg, evaluation);
      const factor = self === 'none' ? 1 : SELF_EVALUATION_WEIGHT_FACTOR;
      candidates.push({ evaluation, self, weight: tierOf(evaluation.doc.contributor.login).weight * factor });
    }
  }
  return { excluded, scoredVersion, candidates };
}

function centreOf(
  candidates: readonly Candidate[],
  pick: (candidate: Candidate) => number | null,
): number | null {
  const samples = candidates.flatMap((candidate) => {
    const value = pick(candidate);
    return value === null ? [] : [{ value, weight: candidate.weight }];
  });
  const centre = robustCenter(samples);
  return centre === null ? null : roundScore(centre);
}

/** Undisclosed self-evaluations far from what independent evaluators found are left out. */
function dropDivergentSelfEvaluations(
  candidates: Candidate[],
  excluded: Map<string, ExclusionReason>,
): Candidate[] {
  const independentCentre = centreOf(
    candidates.filter((candidate) => candidate.self === 'none'),
    afOf,
  );
  if (independentCentre === null) return candidates;
  return candidates.filter((candidate) => {
    const af = afOf(candidate);
    const diverges =
      candidate.self === 'undisclosed' &&
      af !== null &&
      Math.abs(af - independentCentre) > UNDISCLOSED_DIVERGENCE;
    if (diverges)
      excluded.set(candidate.evaluation.doc.evaluation_id, 'undisclosed-self-evaluation-diverges');
    return !diverges;
  });
}

function confidenceOf(
  independent: readonly Candidate[],
  tierOf: TierLookup,
): { confidence: Confidence | null; spread: number | null } {
  const scores = independent.map(afOf).filter((value): value is number => value !== null);
  if (scores.length === 0) return { confidence: null, spread: null };
  if (scores.length === 1) return { confidence: 'single', spread: 0 };
  const spread = roundScore(Math.max(...scores) - Math.min(...scores));
  if (spread > CROSS_VALIDATION_TOLERANCE) return { confidence: 'disputed', spread };
  const hasTrusted = independent.some(
    (candidate) => tierOf(candidate.evaluation.doc.contributor.login).name === 'trusted',
  );
  const mad = medianAbsoluteDeviation(scores) ?? 0;
  const consensus = scores.length >= CONSENSUS_MIN_EVALUATORS && mad <= CONSENSUS_MAX_MAD && hasTrusted;
  return { confidence: consensus ? 'consensus' : 'corroborated', spread };
}

/**
 * Evaluations of the same artifact must agree on every check computed from its snapshot (the tool
 * list or skill files): those are pure functions of the artifact, so a difference is a bug or a lie.
 * Runtime and repository checks may legitimately differ between runs and are not compared.
 */
function hasReproducibilityMismatch(kind: PackageFile['kind'], counted: readonly Candidate[]): boolean {
  const byDigest = new Map<string, Candidate[]>();
  for (const candidate of counted) {
    // Outcomes are only comparable under the same rubric.
    const digest = `${candidate.evaluation.doc.subject.digest} ${candidate.evaluation.doc.rubric_version}`;
    const group = byDigest.get(digest);
    if (group) group.push(candidate);
    else byDigest.set(digest, [candidate]);
  }
  for (const group of byDigest.values()) {
    if (group.length < 2) continue;
    const statuses = new Map<string, string>();
    for (const candidate of group) {
      for (const check of candidate.evaluation.doc.checks) {
        if (!isSnapshotCheck(kind, check.id) || !['pass', 'partial', 'fail'].includes(check.status)) continue;
        const outcome = `${check.status}:${check.value ?? ''}`;
        const previous = statuses.get(check.id);
        if (previous !== undefined && previous !== outcome) return true;
        statuses.set(check.id, outcome);
      }
    }
  }
  return false;
}

function flagsOf(
  kind: PackageFile['kind'],
  counted: readonly Candidate[],
  all: readonly ScoredEvaluation[],
  selfKinds: ReadonlySet<SelfEvaluation>,
  confidence: Confidence | null,
): PackageFlag[] {
  const flags: PackageFlag[] = [];
  const caps = new Set(counted.flatMap((candidate) => candidate.evaluation.breakdown.capsApplied));
  if (caps.has('critical-security-finding')) flags.push('critical-security-finding');
  if (caps.has('does-not-start')) flags.push('does-not-start');
  if (confidence === 'disputed') flags.push('evaluators-disagree');
  if (hasReproducibilityMismatch(kind, counted)) flags.push('reproducibility-mismatch');
  if (counted.some((candidate) => candidate.self !== 'none')) flags.push('self-evaluated');
  if (selfKinds.has('undisclosed')) flags.push('undisclosed-self-evaluation');
  if (all.some((evaluation) => evaluation.spotCheck === 'diverged')) flags.push('spot-check-diverged');
  return flags;
}

function representativeOf(counted: readonly Candidate[], afScore: number | null): string | null {
  const scored = counted.filter((candidate) => afOf(candidate) !== null);
  const pool = scored.length > 0 ? scored : counted;
  if (pool.length === 0) return null;
  // `pool` is newest first, so the first of equally close evaluations is the newest.
  let best = pool[0]!;
  for (const candidate of pool) {
    if (afScore !== null && Math.abs(afOf(candidate)! - afScore) < Math.abs(afOf(best)! - afScore))
      best = candidate;
  }
  return best.evaluation.doc.evaluation_id;
}

function entryFor(
  evaluation: ScoredEvaluation,
  pkg: PackageFile,
  tierOf: TierLookup,
  weights: ReadonlyMap<string, number>,
  excluded: ReadonlyMap<string, ExclusionReason>,
): EvaluationEntry {
  const { doc, breakdown } = evaluation;
  const id = doc.evaluation_id;
  return {
    evaluation_id: id,
    contributor: doc.contributor.login,
    operator: isOperator(doc.contributor.login),
    tier: tierOf(doc.contributor.login).name,
    version: doc.package.version,
    rubric_version: doc.rubric_version,
    finished_at: doc.timestamps.finished_at,
    published_at: evaluation.publishedAt,
    status: breakdown.status,
    af_score: breakdown.afScore,
    security_score: breakdown.dimensions.security.score,
    reliability_score: breakdown.dimensions.reliability.score,
    caps_applied: [...breakdown.capsApplied],
    self_evaluation: selfEvaluationOf(pkg, evaluation),
    spot_check: evaluation.spotCheck,
    counted: weights.has(id),
    weight: weights.get(id) ?? 0,
    excluded_because: excluded.get(id) ?? null,
    evaluator: {
      kind: doc.evaluator.kind,
      name: doc.evaluator.name,
      version: doc.evaluator.version,
      config_sha256: doc.evaluator.config_sha256,
    },
    model: doc.evaluator.llm?.model ?? null,
  };
}

export function aggregatePackage(
  pkg: PackageFile,
  evaluations: readonly ScoredEvaluation[],
  tierOf: TierLookup,
): PackageAggregate {
  const sorted = [...evaluations].sort(newestFirst);
  const { excluded, scoredVersion, candidates } = screen(pkg, sorted, tierOf);
  const counted = dropDivergentSelfEvaluations(candidates, excluded);
  const scored = counted.filter((candidate) => afOf(candidate) !== null);
  const afScore = centreOf(scored, afOf);
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((dimension) => [
      dimension,
      centreOf(counted, (candidate) => candidate.evaluation.breakdown.dimensions[dimension].score),
    ]),
  ) as Record<Dimension, number | null>;
  const independent = counted.filter((candidate) => candidate.self === 'none');
  const { confidence: independentConfidence, spread } = confidenceOf(independent, tierOf);
  const confidence = independentConfidence ?? (scored.length > 0 ? 'self-reported' : null);
  const selfKinds = new Set(candidates.map((candidate) => candidate.self));
  const weights = new Map(
    counted.map((candidate) => [candidate.evaluation.doc.evaluation_id, candidate.weight]),
  );
  return {
    status: scored.length > 0 ? 'scored' : counted.length > 0 ? 'unrunnable' : 'none',
    scoredVersion: counted.length > 0 ? scoredVersion : null,
    afScore,
    grade: afScore === null ? null : gradeFor(afScore),
    dimensions,
    confidence,
    crossValidated: confidence === 'corroborated' || confidence === 'consensus',
    independentEvaluators: independent.length,
    spread,
    flags: flagsOf(pkg.kind, counted, sorted, selfKinds, confidence),
    evaluations: sorted.map((evaluation) => entryFor(evaluation, pkg, tierOf, weights, excluded)),
    representativeId: representativeOf(counted, afScore),
    lastEvaluatedAt: counted[0]?.evaluation.doc.timestamps.finished_at ?? null,
  };
}
