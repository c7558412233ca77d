/**
 * A category page (`/categories/<slug>`): its leaderboard by one published score (`?dimension=`)
 * and one page of its packages by name (`?page=`), the same core calls as
 * /v1/categories/{slug}/leaderboard and /v1/categories/{slug}/packages.
 */
import {
  type Leaderboard,
  type LeaderboardDimension,
  leaderboard,
  parseLeaderboardQuery,
} from '../../core/query/leaderboard.ts';
import { listPackages, type PackagePage } from '../../core/query/list-packages.ts';
import { parseListQuery } from '../../core/query/list-query.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';
import type { ParameterIssue } from '../../core/query/query-params.ts';
import { isPastTheEnd } from '../paging.ts';
import { paramsOf, queryOf, withParams } from '../request.ts';
import type { PageStatus } from '../status.ts';

export interface CategoryPageView {
  /** The status to answer with, when not 200. */
  status: PageStatus | null;
  issues: readonly ParameterIssue[];
  dimension: LeaderboardDimension;
  board: Leaderboard;
  /** The packages of the category, by name; null when the page number is not one. */
  page: PackagePage | null;
  pastTheEnd: boolean;
  /** The leaderboard ranked by another score. */
  boardHref(dimension: LeaderboardDimension): string;
  /** Another page of the packages, keeping the leaderboard's score. */
  pageHref(page: number): string;
}

export function categoryPageView(index: PackageIndex, slug: string, url: URL): CategoryPageView {
  const params = queryOf(url);
  // The leaderboard reads only `dimension`, the package list only `page`: each ignores the other's.
  const query = parseLeaderboardQuery(new Map([...params].filter(([name]) => name === 'dimension')));
  const listParams = new Map([...params].filter(([name]) => name === 'page'));
  const list = parseListQuery(listParams.size > 0 ? listParams : paramsOf({}), slug);
  const issues = [...(query.ok ? [] : query.issues), ...(list.ok ? [] : list.issues)];
  const dimension = query.ok ? query.value.dimension : 'af_score';
  const members = list.ok ? listPackages(index, { ...list.value, sort: 'name' }) : null;
  const page = members?.ok ? members.value : null;
  const pastTheEnd = page !== null && isPastTheEnd(page.page, page.total_pages);
  const dimensionParam = (option: LeaderboardDimension) => (option === 'af_score' ? null : option);
  return {
    // Past the last page is the graver answer: the page asked for does not exist.
    status: pastTheEnd ? 404 : issues.length > 0 ? 400 : null,
    issues,
    dimension,
    board: leaderboard(index, slug, { dimension, limit: 10 }),
    page,
    pastTheEnd,
    boardHref: (option) =>
      `${withParams(`/categories/${slug}`, { dimension: dimensionParam(option) })}#leaderboard`,
    pageHref: (n) =>
      `${withParams(`/categories/${slug}`, { dimension: dimensionParam(dimension), page: n > 1 ? n : null })}#all-packages`,
  };
}
