import type { PackageFile } from '../types.ts';
import { dayStart } from './change-times.ts';

/**
 * The build's clock when none is given and there is no commit time: the newest date in the data
 * itself, so a build of the same files is the same wherever and whenever it runs.
 */
export function latestDataTime(
  packages: readonly PackageFile[],
  evaluations: readonly { doc: { timestamps: { finished_at: string } } }[],
): string {
  let latest = Date.parse('2026-01-01T00:00:00Z');
  for (const pkg of packages) {
    latest = Math.max(
      latest,
      Date.parse(dayStart(pkg.added)),
      pkg.removed ? Date.parse(dayStart(pkg.removed.date)) : 0,
    );
  }
  for (const { doc } of evaluations) latest = Math.max(latest, Date.parse(doc.timestamps.finished_at));
  return new Date(latest).toISOString();
}
