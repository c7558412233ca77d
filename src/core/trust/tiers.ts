/**
 * Trust tiers, derived from the history in the repository: accepted evaluations, agreement with the
 * consensus, and spot-check outcomes. Thresholds are published; the highest tier whose every
 * threshold is met applies, then each diverged spot-check drops it one tier.
 */
import type { TierName } from '../types.ts';

export interface TierRule {
  name: TierName;
  /** Weight of this tier's evaluations in the aggregate. */
  weight: number;
  minAccepted: number;
  /** Agreement is judged only once there are this many comparisons with a consensus. */
  minComparisons: number;
  /** Median absolute distance from the consensus af_score, in points. */
  maxMedianDeviation: number;
  minConfirmedSpotChecks: number;
}

/** Highest first. The last tier is the floor every contributor starts on. */
export const TIERS: readonly TierRule[] = [
  {
    name: 'trusted',
    weight: 1.5,
    minAccepted: 20,
    minComparisons: 5,
    maxMedianDeviation: 7,
    minConfirmedSpotChecks: 1,
  },
  {
    name: 'contributor',
    weight: 1,
    minAccepted: 3,
    minComparisons: 0,
    maxMedianDeviation: 15,
    minConfirmedSpotChecks: 0,
  },
  {
    name: 'newcomer',
    weight: 0.5,
    minAccepted: 0,
    minComparisons: 0,
    maxMedianDeviation: Number.POSITIVE_INFINITY,
    minConfirmedSpotChecks: 0,
  },
];

export interface ContributorHistory {
  accepted: number;
  /** |own af_score − package consensus| for packages with at least two independent evaluators. */
  deviations: readonly number[];
  confirmedSpotChecks: number;
  divergedSpotChecks: number;
}

function meets(rule: TierRule, history: ContributorHistory, medianDeviation: number | null): boolean {
  if (history.accepted < rule.minAccepted) return false;
  if (history.confirmedSpotChecks < rule.minConfirmedSpotChecks) return false;
  if (history.deviations.length < rule.minComparisons) return false;
  return medianDeviation === null || medianDeviation <= rule.maxMedianDeviation;
}

export function tierFor(history: ContributorHistory, medianDeviation: number | null): TierRule {
  const earned = TIERS.findIndex((rule) => meets(rule, history, medianDeviation));
  const demoted = Math.min(TIERS.length - 1, earned + history.divergedSpotChecks);
  return TIERS[demoted]!;
}

export function tierRule(name: TierName): TierRule {
  return TIERS.find((rule) => rule.name === name)!;
}
