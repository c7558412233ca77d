/**
 * Which queue entries `POST /v1/checkout` may hand out: a worker narrows the queue to what it can
 * evaluate (`kind`, `category`, `distribution`), leaves out what it just failed on (`exclude`), and
 * with `held=skip` is never handed a package its own key already holds, so several workers sharing
 * one key (an operator's machines) never take the same package.
 */
import type { QueueEntry } from '../catalogue/catalogue-types.ts';
import { isCategorySlug, isPackageId } from '../ids.ts';
import { ParameterReader, type ParseResult, type QueryParams } from '../query/query-params.ts';
import type { Distribution, PackageKind } from '../types.ts';
import { PACKAGE_KINDS } from '../vocabulary.ts';

export const DISTRIBUTION_CHANNELS = ['npm', 'pypi', 'oci', 'remote', 'skill'] as const;
export type DistributionChannel = (typeof DISTRIBUTION_CHANNELS)[number];
export const MAX_EXCLUDED = 200;

export interface CheckoutFilter {
  kind: PackageKind | null;
  category: string | null;
  distribution: DistributionChannel | null;
  exclude: ReadonlySet<string>;
  /** `renew`: a package the key holds is handed out again (renewed); `skip`: never. */
  held: 'renew' | 'skip';
}

export function parseCheckoutFilter(params: QueryParams): ParseResult<CheckoutFilter> {
  const reader = new ParameterReader(params, ['kind', 'category', 'distribution', 'exclude', 'held']);
  const kind = reader.choice('kind', PACKAGE_KINDS);
  const category = reader.text('category') ?? null;
  if (category !== null && !isCategorySlug(category))
    reader.issues.push({
      parameter: 'category',
      message: `"${category.slice(0, 80)}" is not a category slug`,
    });
  const distribution = reader.choice('distribution', DISTRIBUTION_CHANNELS);
  const excluded = (reader.text('exclude') ?? '').split(',').filter((id) => id !== '');
  if (excluded.length > MAX_EXCLUDED)
    reader.issues.push({
      parameter: 'exclude',
      message: `lists ${excluded.length} ids`,
      hint: `give at most ${MAX_EXCLUDED}`,
    });
  const bad = excluded.find((id) => !isPackageId(id));
  if (bad !== undefined)
    reader.issues.push({ parameter: 'exclude', message: `"${bad.slice(0, 80)}" is not a package id` });
  const held = reader.choice('held', ['renew', 'skip'] as const) ?? 'renew';
  return reader.result({ kind, category, distribution, exclude: new Set(excluded), held });
}

export function matchesCheckout(
  entry: QueueEntry,
  distribution: Distribution | undefined,
  filter: CheckoutFilter,
): boolean {
  if (filter.kind !== null && entry.kind !== filter.kind) return false;
  if (filter.category !== null && entry.category !== filter.category) return false;
  if (filter.distribution !== null && !distribution?.[filter.distribution]) return false;
  return !filter.exclude.has(entry.id);
}
