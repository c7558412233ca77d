/**
 * The evaluation queue: packages not yet evaluated or needing re-evaluation, highest priority first,
 * each with what its priority is made of (queue-priority.ts), the version to evaluate against the
 * one the score is for, and why its last evaluation failed, if it did.
 * Claims (checkout leases) are server state, laid over these entries at request time.
 */
import type { PackageRecord, QueueEntry } from '../catalogue/catalogue-types.ts';
import { compareStrings } from '../order.ts';
import { lastFailure } from './failed-attempts.ts';
import { QUEUE_WEIGHTS, type QueueWeights } from './queue-policy.ts';
import { queuePriority } from './queue-priority.ts';

/** A package's place in the queue, or null when it is evaluated and needs nothing. */
export function queueEntry(
  record: PackageRecord,
  asOfMs: number,
  weights: QueueWeights = QUEUE_WEIGHTS,
): QueueEntry | null {
  if (record.evaluation_status === 'Evaluated') return null;
  const { priority, factors } = queuePriority(record, asOfMs, weights);
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    category: record.category,
    evaluation_status: record.evaluation_status,
    reason: record.state_reasons.map((reason) => reason.text).join(' '),
    priority,
    priority_factors: factors,
    last_failure: lastFailure(record),
    version: record.version,
    evaluated_version: record.evaluated_version,
    downloads_monthly: record.registry.downloads_monthly,
    deprecated: record.deprecated !== null,
    claimed: false,
    claimed_until: null,
  };
}

/** Highest priority first, ties by id. */
export function sortQueue(entries: QueueEntry[]): QueueEntry[] {
  return entries.sort((a, b) => b.priority - a.priority || compareStrings(a.id, b.id));
}

export function buildQueue(
  records: readonly PackageRecord[],
  asOfMs: number,
  weights: QueueWeights = QUEUE_WEIGHTS,
): QueueEntry[] {
  return sortQueue(records.flatMap((record) => queueEntry(record, asOfMs, weights) ?? []));
}

/** Lays current claims over the queue; claimed entries keep their place so the order stays stable. */
export function withClaims(queue: readonly QueueEntry[], claims: ReadonlyMap<string, string>): QueueEntry[] {
  if (claims.size === 0) return [...queue];
  return queue.map((entry) => {
    const until = claims.get(entry.id);
    return until === undefined ? entry : { ...entry, claimed: true, claimed_until: until };
  });
}
