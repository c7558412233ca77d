/**
 * When each package last changed, and how. The times come from the repository (the data layer reads
 * them from git history, falling back to the files' own dates); this module only decides which
 * event is the latest. At equal times the more significant change wins.
 */
import type { ChangeKind } from './catalogue-types.ts';

export interface PackageEvents {
  added: string;
  /** Last time the package file itself changed, when known. */
  modified?: string;
  /** When the version line last changed: a new release, as sync wrote it. */
  versionChanged?: string;
  /** When the current deprecation was written. */
  deprecated?: string;
  evaluationsPublished: readonly string[];
  removed?: string;
}

const SIGNIFICANCE: Record<ChangeKind, number> = {
  added: 0,
  updated: 1,
  'new-version': 2,
  deprecated: 3,
  evaluated: 4,
  removed: 5,
};

export function dayStart(date: string): string {
  return `${date}T00:00:00Z`;
}

export function latestChange(events: PackageEvents): { change: ChangeKind; updated_at: string } {
  const candidates: { change: ChangeKind; at: string }[] = [{ change: 'added', at: events.added }];
  if (events.modified) candidates.push({ change: 'updated', at: events.modified });
  if (events.versionChanged) candidates.push({ change: 'new-version', at: events.versionChanged });
  if (events.deprecated) candidates.push({ change: 'deprecated', at: events.deprecated });
  for (const at of events.evaluationsPublished) candidates.push({ change: 'evaluated', at });
  if (events.removed) candidates.push({ change: 'removed', at: events.removed });
  let latest = candidates[0]!;
  for (const candidate of candidates) {
    const delta = Date.parse(candidate.at) - Date.parse(latest.at);
    if (delta > 0 || (delta === 0 && SIGNIFICANCE[candidate.change] > SIGNIFICANCE[latest.change]))
      latest = candidate;
  }
  // A removal is the last word, even if the file was touched after the recorded removal date.
  if (events.removed && latest.change !== 'removed') latest = { change: 'removed', at: latest.at };
  return { change: latest.change, updated_at: new Date(Date.parse(latest.at)).toISOString() };
}
