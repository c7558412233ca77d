/** The catalogue-wide views that `/v1/categories`, `/v1/stats` and their MCP tools share. */
import type { CategorySummary, Stats } from '../catalogue/catalogue-types.ts';
import { RUBRIC_VERSION } from '../rubric/policy.ts';
import { type Page, pageOf } from './list-packages.ts';
import type { Paging } from './list-query.ts';
import type { PackageIndex } from './package-index.ts';

/**
 * The categories, a page of them when `paging` is given (`/v1` takes the usual paging parameters),
 * otherwise every one in one page (the MCP tool and the site: there are few).
 */
export function categoryPage(index: PackageIndex, paging?: Paging): Page<CategorySummary> {
  const items = index.catalogue.categories.map(({ long_description: _, ...summary }) => summary);
  if (paging) return pageOf(items, paging);
  return {
    items,
    page: 1,
    per_page: items.length,
    total: items.length,
    total_pages: items.length > 0 ? 1 : 0,
  };
}

export type StatsView = Stats & { as_of: string; rubric_version: string };

export function statsView(index: PackageIndex): StatsView {
  const { stats, meta } = index.catalogue;
  return { ...stats, as_of: meta.as_of, rubric_version: RUBRIC_VERSION };
}
