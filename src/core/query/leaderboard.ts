/** Top packages of a category by one published score. Equal scores share a rank (1, 2, 2, 4). */
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import { compareStrings } from '../order.ts';
import { DIMENSIONS, type Dimension } from '../rubric/dimensions.ts';
import type { PackageIndex } from './package-index.ts';
import { ParameterReader, type ParseResult, type QueryParams } from './query-params.ts';
import { DEFAULT_LEADERBOARD_LIMIT, MAX_LEADERBOARD_LIMIT } from './query-policy.ts';

export const LEADERBOARD_DIMENSIONS = [
  'af_score',
  ...DIMENSIONS.map((dimension) => `${dimension}_score` as const),
] as const;
export type LeaderboardDimension = (typeof LEADERBOARD_DIMENSIONS)[number];

export interface LeaderboardQuery {
  dimension: LeaderboardDimension;
  limit: number;
}

export interface LeaderboardEntry {
  rank: number;
  id: string;
  name: string;
  kind: PackageRecord['kind'];
  score: number;
  af_score: number | null;
  grade: PackageRecord['grade'];
  evaluation_status: PackageRecord['evaluation_status'];
  confidence: PackageRecord['confidence'];
  score_basis: PackageRecord['score_basis'];
}

export interface Leaderboard {
  category: string;
  dimension: LeaderboardDimension;
  limit: number;
  items: LeaderboardEntry[];
}

export function parseLeaderboardQuery(params: QueryParams): ParseResult<LeaderboardQuery> {
  const reader = new ParameterReader(params, ['dimension', 'limit']);
  const dimension = reader.choice('dimension', LEADERBOARD_DIMENSIONS) ?? 'af_score';
  const limit = reader.integer('limit', {
    min: 1,
    max: MAX_LEADERBOARD_LIMIT,
    fallback: DEFAULT_LEADERBOARD_LIMIT,
  });
  return reader.result({ dimension, limit });
}

export function scoreOf(record: PackageRecord, dimension: LeaderboardDimension): number | null {
  if (dimension === 'af_score') return record.af_score;
  return record.dimensions[dimension.slice(0, -'_score'.length) as Dimension].score;
}

/** `category` must be a known slug; the adapter answers 404 otherwise. */
export function leaderboard(index: PackageIndex, category: string, query: LeaderboardQuery): Leaderboard {
  const scored = (index.orders.get(category)?.name ?? [])
    .map((record) => ({ record, score: scoreOf(record, query.dimension) }))
    .filter((entry): entry is { record: PackageRecord; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || compareStrings(a.record.id, b.record.id));
  const items: LeaderboardEntry[] = [];
  for (const [position, { record, score }] of scored.slice(0, query.limit).entries()) {
    const previous = items[position - 1];
    items.push({
      rank: previous && previous.score === score ? previous.rank : position + 1,
      id: record.id,
      name: record.name,
      kind: record.kind,
      score,
      af_score: record.af_score,
      grade: record.grade,
      evaluation_status: record.evaluation_status,
      confidence: record.confidence,
      score_basis: record.score_basis,
    });
  }
  return { category, dimension: query.dimension, limit: query.limit, items };
}
