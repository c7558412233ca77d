/**
 * The packages page (`/packages`): the same query, filters, order and paging as GET /v1/packages,
 * read from the page address, plus what the page says about the result.
 */
import { listPackages, type PackagePage } from '../../core/query/list-packages.ts';
import { parseListQuery, type SortKey } from '../../core/query/list-query.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';
import type { ParameterIssue } from '../../core/query/query-params.ts';
import { isPastTheEnd } from '../paging.ts';
import { queryOf, withParams } from '../request.ts';
import type { PageStatus } from '../status.ts';

export const SORT_LABELS: Readonly<Record<SortKey, string>> = {
  af_score: 'af score, highest first',
  security_score: 'Security, highest first',
  reliability_score: 'Reliability, highest first',
  name: 'Name, A to Z',
  updated_at: 'Recently updated',
};

export interface PackageSearchView {
  /** The status to answer with, when not 200. */
  status: PageStatus | null;
  issues: readonly ParameterIssue[];
  page: PackagePage | null;
  pastTheEnd: boolean;
  /** What the form shows as chosen. */
  form: { q: string; category: string; kind: string; sort: string };
  heading: string;
  /** Whether a filter narrows the list (a category, a kind, or a score minimum carried by a link). */
  filtered: boolean;
  /** Whether the list is in af score order, which puts scored packages first. */
  byAfScore: boolean;
  hrefFor(page: number): string;
}

export function packageSearchView(index: PackageIndex, url: URL): PackageSearchView {
  const query = parseListQuery(queryOf(url));
  const result = query.ok ? listPackages(index, query.value) : query;
  const page = result.ok ? result.value : null;
  const pastTheEnd = page !== null && isPastTheEnd(page.page, page.total_pages);
  const chosen = query.ok ? query.value : null;
  const form = {
    q: url.searchParams.get('q') ?? '',
    category: chosen?.category ?? '',
    kind: chosen?.kind ?? '',
    sort: chosen?.sort ?? '',
  };
  // Score minimums have no field in the form, but a link from the API or an agent may carry them.
  const minimums = { min_security_score: chosen?.minSecurity, min_reliability_score: chosen?.minReliability };
  return {
    status: !result.ok ? 400 : pastTheEnd ? 404 : null,
    issues: result.ok ? [] : result.issues,
    page,
    pastTheEnd,
    form,
    heading: form.q ? `Packages matching “${form.q}”` : 'Packages',
    filtered:
      form.category !== '' || form.kind !== '' || Object.values(minimums).some((value) => value != null),
    // Without a search, the default order is by af score.
    byAfScore: form.sort === 'af_score' || (form.sort === '' && form.q === ''),
    hrefFor: (n) => withParams('/packages', { ...form, ...minimums, page: n > 1 ? n : null }),
  };
}
