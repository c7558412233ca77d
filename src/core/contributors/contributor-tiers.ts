/**
 * Tiers from history, in two passes: first every package is aggregated with equal weights to find
 * the consensus each contributor is compared with; then tiers follow from the published thresholds.
 * Equal weights in the first pass keep the comparison from depending on the tiers it decides.
 */
import { aggregatePackage } from '../aggregate/aggregate-package.ts';
import { plainMedian } from '../aggregate/robust-center.ts';
import type { ScoredEvaluation } from '../aggregate/scored-evaluation.ts';
import { loginKey } from '../ids.ts';
import { roundScore } from '../scoring/round.ts';
import { type ContributorHistory, type TierRule, tierFor, tierRule } from '../trust/tiers.ts';
import type { PackageFile } from '../types.ts';

export interface ContributorStanding {
  login: string;
  rule: TierRule;
  history: ContributorHistory;
  medianDeviation: number | null;
}

function emptyHistory(): {
  accepted: number;
  deviations: number[];
  confirmedSpotChecks: number;
  divergedSpotChecks: number;
} {
  return { accepted: 0, deviations: [], confirmedSpotChecks: 0, divergedSpotChecks: 0 };
}

export function contributorStandings(
  packages: readonly PackageFile[],
  evaluationsByPackage: ReadonlyMap<string, readonly ScoredEvaluation[]>,
): Map<string, ContributorStanding> {
  const equalWeight = tierRule('contributor');
  const histories = new Map<string, ReturnType<typeof emptyHistory>>();
  const displayLogin = new Map<string, string>();
  for (const pkg of packages) {
    const evaluations = evaluationsByPackage.get(pkg.id) ?? [];
    const aggregate = aggregatePackage(pkg, evaluations, () => equalWeight);
    const comparable = aggregate.independentEvaluators >= 2 && aggregate.afScore !== null;
    for (const entry of aggregate.evaluations) {
      const key = loginKey(entry.contributor);
      if (!displayLogin.has(key)) displayLogin.set(key, entry.contributor);
      const history = histories.get(key) ?? emptyHistory();
      histories.set(key, history);
      history.accepted += 1;
      if (entry.spot_check === 'confirmed') history.confirmedSpotChecks += 1;
      if (entry.spot_check === 'diverged') history.divergedSpotChecks += 1;
      if (comparable && entry.counted && entry.self_evaluation === 'none' && entry.af_score !== null) {
        history.deviations.push(Math.abs(entry.af_score - aggregate.afScore!));
      }
    }
  }
  const standings = new Map<string, ContributorStanding>();
  for (const [key, history] of histories) {
    const medianDeviation =
      history.deviations.length > 0 ? roundScore(plainMedian(history.deviations)) : null;
    standings.set(key, {
      login: displayLogin.get(key)!,
      rule: tierFor(history, medianDeviation),
      history,
      medianDeviation,
    });
  }
  return standings;
}
