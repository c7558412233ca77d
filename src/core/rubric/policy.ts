/**
 * Rubric 2.0 tunables. Every number that decides a score lives here, so a change to scoring is a
 * reviewed change to this table (and a rubric version bump), never an edit buried in logic.
 */
import type { Grade, Severity } from '../types.ts';
import { isBefore, RUBRIC_VERSION, type RubricVersion } from './versions.ts';

export { RUBRIC_MAJOR, RUBRIC_VERSION } from './versions.ts';
export const SCHEMA_VERSION = '2.0';

/** OpenSSF Scorecard's risk weights. */
export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = {
  critical: 10,
  high: 7.5,
  medium: 5,
  low: 2.5,
};

/** A dimension is published only when this share of its applicable check weight was evaluated. */
export const DIMENSION_COVERAGE_FLOOR = 0.8;

/**
 * af_score is published only when security and reliability are published and the published
 * dimensions carry at least this share of the kind's total weight.
 */
export const AF_SCORE_REQUIRED_DIMENSIONS = ['security', 'reliability'] as const;
export const AF_SCORE_WEIGHT_FLOOR = 0.75;

/** Value credited to a `partial` outcome that carries no graded value of its own. */
export const DEFAULT_PARTIAL_VALUE = 0.5;

/** Scores are published to one decimal place; submitted scores must match the recomputed ones exactly. */
export const SCORE_DECIMALS = 1;

export interface CapRule {
  id: string;
  /** Check ids whose `fail` (or fail-closed `error`) triggers the cap. */
  triggeredBy: readonly string[];
  /** The triggers in versions before `until`. */
  before?: readonly { until: RubricVersion; triggeredBy: readonly string[] }[];
  maxSecurity?: number;
  maxAfScore?: number;
  /** The package could not be run: no af_score, reliability 0. */
  unrunnable?: boolean;
  description: string;
}

const CAP_RULES: readonly CapRule[] = [
  {
    id: 'critical-security-finding',
    // Deception, hidden instructions, shadowing, requests for secrets, look-alike names: a package
    // built to steal must grade F, however clean the rest of it is.
    triggeredBy: ['SEC-01', 'SEC-02', 'SEC-03', 'SEC-04', 'SEC-06', 'SEC-14', 'SKL-S01'],
    before: [{ until: '2.1', triggeredBy: ['SEC-01', 'SKL-S01'] }],
    maxSecurity: 20,
    maxAfScore: 40,
    description:
      'A critical security check failed (hidden characters or instructions, shadowing, requests for secrets, definitions that change by client or over time, look-alike names): security_score is capped at 20 and af_score at 40, an F, whatever else passed.',
  },
  {
    id: 'judged-security-finding',
    // The pinned judge reads for what the wording rules miss (orders to act that the user never gave).
    // It can be wrong, so its finding alone does not grade F; but a package it flags must not grade A
    // or B either. Triggers nothing before 2.5, when the judge first read what the server returns.
    triggeredBy: ['SEC-L1'],
    before: [{ until: '2.5', triggeredBy: [] }],
    maxSecurity: 50,
    maxAfScore: 60,
    description:
      'The pinned judge found poisoning (SEC-L1 failed: hidden instructions, shadowing, requests for secrets, an exfiltration channel, an override, or an order to act that the user did not give): security_score is capped at 50 and af_score at 60, a D at best. A judged finding can be wrong, so on its own it does not grade F.',
  },
  {
    id: 'does-not-start',
    triggeredBy: ['REL-01', 'SKL-R01'],
    unrunnable: true,
    description:
      'The server did not start (or SKILL.md did not load): no af_score is published and reliability is 0.',
  },
  {
    id: 'no-licence',
    triggeredBy: ['LIC-01', 'SKL-L01'],
    maxAfScore: 60,
    description:
      'No open licence in the package files or the manifest: af_score is capped at 60, since many directories will not install it.',
  },
];

function capAsOf(rule: CapRule, version: RubricVersion): CapRule {
  const earlier = (rule.before ?? []).find((form) => isBefore(version, form.until));
  return earlier ? { ...rule, triggeredBy: earlier.triggeredBy } : rule;
}

/** The caps of a rubric version. */
export function capsFor(version: RubricVersion = RUBRIC_VERSION): readonly CapRule[] {
  return CAP_RULES.map((rule) => capAsOf(rule, version));
}

/** The current caps. */
export const CAPS: readonly CapRule[] = capsFor();

/** Grade bands, highest first: a score at or above `min` earns the grade. */
export const GRADE_BANDS: readonly { grade: Grade; min: number }[] = [
  { grade: 'A', min: 90 },
  { grade: 'B', min: 80 },
  { grade: 'C', min: 70 },
  { grade: 'D', min: 50 },
  { grade: 'F', min: 0 },
];
