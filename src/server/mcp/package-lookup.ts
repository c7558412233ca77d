/** One package by id for the tools, the package resource and the prompt, or why there is none. */
import type { PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import { lookupPackage } from '../../core/query/find-package.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';

export type McpLookup = { ok: true; record: PackageRecord } | { ok: false; message: string };

export function findPackageFor(index: PackageIndex, id: string): McpLookup {
  const lookup = lookupPackage(index, id);
  if (lookup.found) return { ok: true, record: lookup.record };
  if (lookup.removed) {
    const { removed_on, reason } = lookup.removed;
    return { ok: false, message: `${id} was removed from the catalogue on ${removed_on}: ${reason}` };
  }
  return {
    ok: false,
    message: `There is no package ${JSON.stringify(id)}; search_packages with q set to part of its name finds the id.`,
  };
}
