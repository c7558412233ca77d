/**
 * The evaluation queue: packages not yet evaluated or needing re-evaluation, highest priority first.
 * Claims (checkout leases) are server state, laid over these entries at request time.
 */
import type { PackageRecord, QueueEntry } from '../catalogue/catalogue-types.ts';
import { compareStrings } from '../order.ts';
import { daysBetween } from '../states/package-state.ts';
import {
  DAYS_PER_WAITING_POINT,
  MAX_POPULARITY_POINTS,
  MAX_WAITING_POINTS,
  PRIORITY_BASE,
  PRIORITY_FOR_REASON,
} from './queue-policy.ts';

function waitingSince(record: PackageRecord): string {
  return record.last_evaluated_at ?? `${record.added}T00:00:00Z`;
}

export function popularityPoints(downloadsMonthly: number | null): number {
  if (downloadsMonthly === null || downloadsMonthly < 10) return 0;
  return Math.min(MAX_POPULARITY_POINTS, Math.floor(Math.log10(downloadsMonthly)));
}

export function queuePriority(record: PackageRecord, asOfMs: number): number {
  if (record.evaluation_status === 'Evaluated') return 0;
  const base = PRIORITY_BASE[record.evaluation_status];
  const reasons = record.state_reasons.reduce(
    (sum, reason) => sum + (PRIORITY_FOR_REASON[reason.code] ?? 0),
    0,
  );
  const waited = Math.max(0, daysBetween(waitingSince(record), asOfMs));
  return (
    base +
    reasons +
    popularityPoints(record.registry.downloads_monthly) +
    Math.min(MAX_WAITING_POINTS, Math.floor(waited / DAYS_PER_WAITING_POINT))
  );
}

export function buildQueue(records: readonly PackageRecord[], asOfMs: number): QueueEntry[] {
  const entries: QueueEntry[] = [];
  for (const record of records) {
    if (record.evaluation_status === 'Evaluated') continue;
    entries.push({
      id: record.id,
      name: record.name,
      kind: record.kind,
      category: record.category,
      evaluation_status: record.evaluation_status,
      reason: record.state_reasons.map((reason) => reason.text).join(' '),
      priority: queuePriority(record, asOfMs),
      version: record.version,
      evaluated_version: record.evaluated_version,
      downloads_monthly: record.registry.downloads_monthly,
      deprecated: record.deprecated !== null,
      claimed: false,
      claimed_until: null,
    });
  }
  return entries.sort((a, b) => b.priority - a.priority || compareStrings(a.id, b.id));
}

/** Lays current claims over the queue; claimed entries keep their place so the order stays stable. */
export function withClaims(queue: readonly QueueEntry[], claims: ReadonlyMap<string, string>): QueueEntry[] {
  if (claims.size === 0) return [...queue];
  return queue.map((entry) => {
    const until = claims.get(entry.id);
    return until === undefined ? entry : { ...entry, claimed: true, claimed_until: until };
  });
}
