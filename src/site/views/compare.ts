/** Peers to compare with: the best-scored packages of the chosen packages' categories, not chosen yet. */
import type { PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';

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
