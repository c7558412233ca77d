/** The shapes the build writes and the API, MCP tools and pages serve. */

import type { PackageConfiguration } from '../agent-config/package-configuration.ts';
import type { EvaluationEntry, PackageFlag } from '../aggregate/package-aggregate.ts';
import type { FailureRecord } from '../failures/failure-record.ts';
import type { RegistryView } from '../registry/registry-view.ts';
import type { Dimension } from '../rubric/dimensions.ts';
import type { StateReason } from '../states/package-state.ts';
import type {
  CheckMethod,
  CheckStatus,
  Confidence,
  Deprecation,
  Distribution,
  EvaluationStatusText,
  Evidence,
  Grade,
  PackageKind,
  ReviewField,
  Severity,
  TierName,
} from '../types.ts';
import type { Capability } from './capabilities.ts';

/** A rubric cap holding a published score down (catalogue/score-basis.ts works it out). */
export interface AppliedCap {
  /** The rubric's cap id (`no-licence`). */
  id: string;
  /** The highest af_score the cap allows, or null when it sets none. */
  max_af_score: number | null;
}

export interface ScoreBasis {
  /** Caps that hold af_score (and maybe security_score) below what the dimensions give. */
  caps: AppliedCap[];
  confidence: Confidence | null;
  /** Evaluations combined into the score: 1 means a single evaluation, unconfirmed. */
  evaluations_counted: number;
  /** How many of them are the operator's own worker's (it counts as one evaluator, like anyone). */
  operator_evaluations: number;
  /** Dimensions with a score: af_score is their weighted mean, rescaled to their weights. */
  dimensions_counted: Dimension[];
  /** Dimensions with too few checks run to score, left out of af_score. */
  dimensions_not_counted: Dimension[];
  /** Whether any check judged by a pinned model ran; false means deterministic checks only. */
  model_judged: boolean;
}

export interface PackageSummary {
  id: string;
  name: string;
  kind: PackageKind;
  category: string;
  description: string;
  version: string | null;
  af_score: number | null;
  security_score: number | null;
  reliability_score: number | null;
  grade: Grade | null;
  evaluation_status: EvaluationStatusText;
  confidence: Confidence | null;
  /** What the score rests on (caps, evaluations, dimensions, model-judged checks); null without a score. */
  score_basis: ScoreBasis | null;
  flags: PackageFlag[];
  /** The registry marked it deprecated: it still installs, but its maintainers moved on. */
  deprecated: Deprecation | null;
  updated_at: string;
}

export interface DimensionScore {
  score: number | null;
  weight: number;
}

/** A check outcome as the catalogue stores it: only what varies between packages. */
export interface CheckOutcome {
  id: string;
  status: CheckStatus;
  value?: number;
  message?: string;
  evidence?: Evidence[];
}

/** A check outcome joined with its rubric definition, as the API and pages show it. */
export interface CheckView {
  id: string;
  title: string;
  dimension: Dimension;
  severity: Severity;
  method: CheckMethod;
  status: CheckStatus;
  value: number | null;
  message: string | null;
  evidence: Evidence[];
  /** How to fix it; only for checks that did not pass. */
  remediation: string | null;
}

export interface PackageRecord extends PackageSummary {
  long_description: string;
  repository: string;
  homepage: string | null;
  distribution: Distribution;
  license: string | null;
  /** What it needs to start or connect (environment, arguments, headers), from the package file. */
  configuration: PackageConfiguration;
  /** How many people asked for it to be evaluated (queue priority). */
  requests: number;
  /** Words people search for it by, from the package file. */
  keywords: string[];
  /** Names of the tools the representative evaluation saw it list (MCP servers). */
  tools: string[];
  /** What it can do (runs code, changes files, reaches the network…), from that evaluation. */
  capabilities: Capability[];
  maintainers: string[];
  added: string;
  dimensions: Record<Dimension, DimensionScore>;
  state_reasons: StateReason[];
  cross_validated: boolean;
  independent_evaluators: number;
  spread: number | null;
  evaluated_version: string | null;
  /** What the shown evaluation examined (`npm:@scope/name@1.2.0`, a skill folder, a URL): where its checks looked. */
  evaluated_artifact: string | null;
  last_evaluated_at: string | null;
  representative_evaluation_id: string | null;
  /** The rubric version the shown score and checks were graded under. */
  rubric_version: string | null;
  /** Rubric caps on the representative evaluation, so a page can say why a score is held down. */
  caps_applied: string[];
  /** The representative evaluation's outcomes, in catalogue order. */
  checks: CheckOutcome[];
  evaluations: EvaluationEntry[];
  /** Fields an import assigned by rule that a maintainer has yet to confirm. */
  needs_review: ReviewField[];
  /** What the registries say, and when they were last asked. */
  registry: RegistryView;
  /** Why it does not start, when every evaluation counted says so; null otherwise. */
  start_failure: FailureRecord | null;
}

/** The parts of a record only one package's answers show; a list never needs them. */
export const DETAIL_FIELDS = ['long_description', 'checks', 'evaluations'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

/** A record without its detail fields: what the build holds of every package, and lists read. */
export type PackageListing = Omit<PackageRecord, DetailField>;

/** The package as `/v1/packages/{id}` and its page show it: checks joined with the rubric. */
export interface PackageDetail extends Omit<PackageRecord, 'checks'> {
  checks: CheckView[];
}

export interface Tombstone {
  id: string;
  name: string;
  removed: true;
  removed_on: string;
  reason: string;
  updated_at: string;
}

export interface CategorySummary {
  slug: string;
  name: string;
  description: string;
  package_count: number;
  evaluated_count: number;
}

export interface CategoryRecord extends CategorySummary {
  long_description: string;
}

export interface ContributorRecord {
  login: string;
  tier: TierName;
  weight: number;
  evaluations: number;
  packages: string[];
  median_deviation: number | null;
  spot_checks: { confirmed: number; diverged: number };
  first_evaluation_at: string;
  last_evaluation_at: string;
}

export const PRIORITY_FACTORS = [
  'status',
  'reason',
  'popularity',
  'new-version-popularity',
  'requests',
  'waiting',
  'failed-attempts',
  'deprecated',
  'removed',
] as const;

/** One part of a queue priority: what it is, in words, and the points it adds (negative: it sinks). */
export interface PriorityFactor {
  factor: (typeof PRIORITY_FACTORS)[number];
  text: string;
  points: number;
}

export interface QueueEntry {
  id: string;
  name: string;
  kind: PackageKind;
  category: string;
  evaluation_status: Exclude<EvaluationStatusText, 'Evaluated'>;
  reason: string;
  priority: number;
  /** What the priority is made of, largest first; the points add up to `priority`. */
  priority_factors: PriorityFactor[];
  /** Why the latest evaluation gave no usable score, when the latest attempts failed. */
  last_failure: string | null;
  /** The version to evaluate, and the one the current score is for (null before any score). */
  version: string | null;
  evaluated_version: string | null;
  downloads_monthly: number | null;
  deprecated: boolean;
  claimed: boolean;
  claimed_until: string | null;
}

export interface ScoreBucket {
  min: number;
  max: number;
  count: number;
}

export interface Stats {
  packages_total: number;
  packages_evaluated: number;
  packages_needing_evaluation: number;
  packages_needing_reevaluation: number;
  packages_by_kind: Record<PackageKind, number>;
  evaluations_total: number;
  contributors_total: number;
  categories_total: number;
  average_af_score: number | null;
  score_distribution: ScoreBucket[];
}

export type ChangeKind = 'added' | 'updated' | 'new-version' | 'deprecated' | 'evaluated' | 'removed';

export interface ChangeEntry {
  id: string;
  change: ChangeKind;
  updated_at: string;
}

export interface CatalogueMeta {
  rubric_version: string;
  schema_version: string;
  as_of: string;
}

/** The catalogue but its packages, which the build hands out one at a time. */
export type CatalogueParts = Omit<Catalogue, 'packages'>;

export interface Catalogue {
  meta: CatalogueMeta;
  categories: CategoryRecord[];
  packages: PackageRecord[];
  removed: Tombstone[];
  contributors: ContributorRecord[];
  queue: QueueEntry[];
  stats: Stats;
  /** One entry per package (removed ones included), oldest change first. */
  changes: ChangeEntry[];
}
