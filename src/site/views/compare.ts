/**
 * The compare page's words: the score rows with the best of each marked, the link that adds or
 * removes a package, and peers to compare with: the best-scored packages of the chosen packages'
 * categories, not chosen yet.
 */
import type { PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import type { ComparedPackage } from '../../core/query/compare.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';
import { DIMENSION_TITLES, DIMENSIONS } from '../../core/rubric/dimensions.ts';
import type { Grade } from '../../core/types.ts';

export interface PeerGroup {
  category: { slug: string; name: string };
  peers: PackageRecord[];
}

export function comparePeers(index: PackageIndex, chosen: readonly string[], perCategory = 4): PeerGroup[] {
  const picked = new Set(chosen);
  const slugs = [
    ...new Set(chosen.map((id) => index.byId.get(id)?.category).filter((slug): slug is string => !!slug)),
  ];
  return slugs.flatMap((slug) => {
    const category = index.categories.get(slug);
    const order = index.orders.get(slug)?.af_score ?? [];
    const peers = order.filter((record) => !picked.has(record.id)).slice(0, perCategory);
    return category && peers.length > 0 ? [{ category: { slug, name: category.name }, peers }] : [];
  });
}

/** `/compare?ids=a,b`, or `/compare` when nothing is chosen. */
export function compareHref(ids: readonly string[]): string {
  return ids.length > 0 ? `/compare?ids=${ids.map(encodeURIComponent).join(',')}` : '/compare';
}

export interface ScoreRow {
  label: string;
  values: (number | null)[];
  grades: (Grade | null)[] | null;
  /** Whether caps can hold this row's scores down (the af score row). */
  capped: boolean;
  /** The row's highest value when it has a winner (two or more values that differ), else null. */
  best: number | null;
}

function bestOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  const top = Math.max(...present);
  return present.length > 1 && Math.min(...present) < top ? top : null;
}

/** The af score, then each dimension, side by side. */
export function scoreRows(items: readonly ComparedPackage[]): ScoreRow[] {
  const rows = [
    {
      label: 'af score',
      values: items.map((item) => item.af_score),
      grades: items.map((item) => item.grade),
      capped: true,
    },
    ...DIMENSIONS.map((dimension) => ({
      label: DIMENSION_TITLES[dimension],
      values: items.map((item) => item.dimensions[dimension].score),
      grades: null,
      capped: false,
    })),
  ];
  return rows.map((row) => ({ ...row, best: bestOf(row.values) }));
}
