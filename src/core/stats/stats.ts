import type { ContributorRecord, PackageListing, ScoreBucket, Stats } from '../catalogue/catalogue-types.ts';
import { roundScore } from '../scoring/round.ts';

const BUCKET_COUNT = 10;

/** Ten 10-point buckets of af_score; 100 falls in the last one. */
export function scoreDistribution(scores: readonly number[]): ScoreBucket[] {
  const buckets = Array.from({ length: BUCKET_COUNT }, (_, index) => ({
    min: index * 10,
    max: index * 10 + 10,
    count: 0,
  }));
  for (const score of scores) buckets[Math.min(BUCKET_COUNT - 1, Math.floor(score / 10))]!.count += 1;
  return buckets;
}

export function buildStats(
  records: readonly PackageListing[],
  contributors: readonly ContributorRecord[],
  evaluationsTotal: number,
  categoriesTotal: number,
): Stats {
  const scores = records.map((record) => record.af_score).filter((score): score is number => score !== null);
  const count = (status: PackageListing['evaluation_status']) =>
    records.filter((record) => record.evaluation_status === status).length;
  return {
    packages_total: records.length,
    // Evaluated at some point: needing re-evaluation still means a published score exists.
    packages_evaluated: count('Evaluated') + count('Needs re-evaluation'),
    packages_needing_evaluation: count('Not yet evaluated'),
    packages_needing_reevaluation: count('Needs re-evaluation'),
    packages_by_kind: {
      'mcp-server': records.filter((record) => record.kind === 'mcp-server').length,
      skill: records.filter((record) => record.kind === 'skill').length,
    },
    evaluations_total: evaluationsTotal,
    contributors_total: contributors.length,
    categories_total: categoriesTotal,
    average_af_score:
      scores.length > 0 ? roundScore(scores.reduce((sum, score) => sum + score, 0) / scores.length) : null,
    score_distribution: scoreDistribution(scores),
  };
}
