/** The catalogue-wide views that `/v1/categories`, `/v1/stats` and their MCP tools share. */
import type { CategorySummary, Stats } from '../catalogue/catalogue-types.ts';
import { RUBRIC_VERSION } from '../rubric/policy.ts';
import type { Page } from './list-packages.ts';
import type { PackageIndex } from './package-index.ts';

/** Every category, in one page (there are few). */
export function categoryPage(index: PackageIndex): Page<CategorySummary> {
  const items = index.catalogue.categories.map(({ long_description: _, ...summary }) => summary);
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
