/**
 * The words afscore speaks in, each written once: the bottom of core, importing nothing. The types
 * (`types.ts`), the rubric, the JSON Schemas of evaluations and of every response, the OpenAPI
 * document and the MCP tools' output schemas all derive from these lists, so a word added here
 * reaches every one of them and a word missing here fails the type check wherever it is used.
 */

/** What afscore scores. */
export const PACKAGE_KINDS = ['mcp-server', 'skill'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** The seven dimensions of the rubric, in display order. Both kinds share the keys, so one schema fits both. */
export const DIMENSIONS = [
  'security',
  'reliability',
  'interface',
  'documentation',
  'efficiency',
  'maintenance',
  'licensing',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** How grave a check or a finding is. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** How a check is decided: by code, or by the pinned LLM judge. */
export const CHECK_METHODS = ['deterministic', 'llm'] as const;
export type CheckMethod = (typeof CHECK_METHODS)[number];

/** A check's outcome in one evaluation. */
export const CHECK_STATUSES = ['pass', 'partial', 'fail', 'not_applicable', 'not_run', 'error'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** How far one evaluation could score its package. */
export const SCORE_STATUSES = ['scored', 'partial', 'unrunnable'] as const;
export type EvaluationScoreStatus = (typeof SCORE_STATUSES)[number];

/** A package's evaluation state, in the exact words the spec publishes. */
export const EVALUATION_STATUSES = ['Not yet evaluated', 'Evaluated', 'Needs re-evaluation'] as const;
export type EvaluationStatusText = (typeof EVALUATION_STATUSES)[number];

/** Letter grades of af_score, best first. */
export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];

/** How far a published score is backed by independent evaluations. */
export const CONFIDENCES = ['single', 'corroborated', 'consensus', 'disputed', 'self-reported'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** Warnings a package carries, explained in agent-guide/recommendation-policy.ts. */
export const PACKAGE_FLAGS = [
  'critical-security-finding',
  'does-not-start',
  'evaluators-disagree',
  'reproducibility-mismatch',
  'self-evaluated',
  'undisclosed-self-evaluation',
  'spot-check-diverged',
] as const;
export type PackageFlag = (typeof PACKAGE_FLAGS)[number];

/** Contributor trust tiers, lowest first. */
export const TIER_NAMES = ['newcomer', 'contributor', 'trusted'] as const;
export type TierName = (typeof TIER_NAMES)[number];

/** How an evaluator is related to the package they evaluate; `none` when not affiliated. */
export const RELATIONSHIPS = [
  'none',
  'maintainer',
  'contributor',
  'employee',
  'contractor',
  'sponsor',
  'competitor',
  'other',
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** Whether an evaluation was made by the package's own maintainer, and whether they said so. */
export const SELF_EVALUATIONS = ['none', 'disclosed', 'undisclosed'] as const;
export type SelfEvaluation = (typeof SELF_EVALUATIONS)[number];

/** Why an evaluation in a package's history does not count toward its published score. */
export const EXCLUSION_REASONS = [
  'coverage-too-low',
  'spot-check-diverged',
  'older-version',
  'older-rubric',
  'superseded',
  'undisclosed-self-evaluation-diverges',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** What ran an evaluation: the command-line evaluator or an agent following the guide. */
export const EVALUATOR_KINDS = ['cli', 'agent'] as const;
export type EvaluatorKind = (typeof EVALUATOR_KINDS)[number];
