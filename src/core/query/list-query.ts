/** The parameters of package lists: `/v1/packages`, `/v1/categories/{slug}/packages` and `search_packages`. */
import { PACKAGE_KINDS, type PackageKind } from '../types.ts';
import { ParameterReader, type ParseResult, type QueryParams } from './query-params.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from './query-policy.ts';

export const SORT_KEYS = ['af_score', 'security_score', 'reliability_score', 'name', 'updated_at'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface Paging {
  page: number;
  perPage: number;
}

export interface ListQuery extends Paging {
  category: string | null;
  kind: PackageKind | null;
  /** null: the default order (best match first when searching, else af_score). */
  sort: SortKey | null;
  q: string | null;
  minSecurity: number | null;
  minReliability: number | null;
}

export function readPaging(reader: ParameterReader): Paging {
  return {
    page: reader.integer('page', { min: 1, max: MAX_PAGE, fallback: 1 }),
    perPage: reader.integer('per_page', { min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE }),
  };
}

function readSearch(reader: ParameterReader): string | null {
  const raw = reader.text('q');
  if (raw === undefined) return null;
  const q = raw.trim().toLowerCase();
  if (q.length > MAX_QUERY_LENGTH) {
    reader.issues.push({
      parameter: 'q',
      message: `is longer than ${MAX_QUERY_LENGTH} characters`,
      hint: 'search by a shorter part of the name or id',
    });
    return null;
  }
  return q === '' ? null : q;
}

/** How a caller names and reads paging: page numbers for `/v1`, a cursor for the MCP tools. */
export interface PagingStyle {
  parameters: readonly string[];
  read(reader: ParameterReader): Paging;
}

export const PAGE_NUMBERS: PagingStyle = { parameters: ['page', 'per_page'], read: readPaging };

const FILTER_PARAMETERS = ['category', 'kind', 'sort', 'q', 'min_security_score', 'min_reliability_score'];

/** `fixedCategory`: the category named by the path, which then cannot also be a parameter. */
export function parseListQuery(
  params: QueryParams,
  fixedCategory: string | null = null,
  style: PagingStyle = PAGE_NUMBERS,
): ParseResult<ListQuery> {
  const filters =
    fixedCategory === null ? FILTER_PARAMETERS : FILTER_PARAMETERS.filter((name) => name !== 'category');
  const reader = new ParameterReader(params, [...style.parameters, ...filters]);
  const paging = style.read(reader);
  const category = fixedCategory ?? reader.text('category') ?? null;
  const query: ListQuery = {
    ...paging,
    category,
    kind: reader.choice('kind', PACKAGE_KINDS),
    sort: reader.choice('sort', SORT_KEYS),
    q: readSearch(reader),
    minSecurity: reader.score('min_security_score'),
    minReliability: reader.score('min_reliability_score'),
  };
  return reader.result(query);
}
