/** Completion of package ids for the package resource template and the evaluate_package prompt. */
import type { PackageIndex } from '../../core/query/package-index.ts';

/** The protocol allows at most 100 values per completion. */
const MAX_COMPLETIONS = 100;

export function completePackageId(index: PackageIndex, prefix: string): string[] {
  const wanted = prefix.trim().toLowerCase();
  const ids: string[] = [];
  for (const id of index.byId.keys()) {
    if (id.startsWith(wanted)) ids.push(id);
    if (ids.length === MAX_COMPLETIONS) break;
  }
  return ids;
}
