/**
 * The evaluation queue: packages not yet evaluated or needing re-evaluation, highest priority first,
 * each with what its priority is made of and why its last evaluation failed, if it did.
 * Claims (checkout leases) are server state, laid over these entries at request time.
 */
import type { PackageRecord, PriorityFactor, QueueEntry } from '../catalogue/catalogue-types.ts';
import { compareStrings } from '../order.ts';
import { daysBetween } from '../states/package-state.ts';
import {
  DAYS_PER_WAITING_POINT,
  DOWNLOADS_FLOOR,
  MAX_POPULARITY_POINTS,
  MAX_REQUEST_POINTS,
  MAX_WAITING_POINTS,
  POINTS_PER_REQUEST,
  POINTS_PER_TENFOLD_DOWNLOADS,
  PRIORITY_BASE,
  PRIORITY_FOR_REASON,
} from './queue-policy.ts';

function waitingSince(record: PackageRecord): string {
  return record.last_evaluated_at ?? `${record.added}T00:00:00Z`;
}

/** Points for monthly downloads: 0 at the floor, POINTS_PER_TENFOLD_DOWNLOADS per tenfold above it. */
export function popularityPoints(monthlyDownloads: number): number {
  if (monthlyDownloads <= DOWNLOADS_FLOOR) return 0;
  const points = Math.round(POINTS_PER_TENFOLD_DOWNLOADS * Math.log10(monthlyDownloads / DOWNLOADS_FLOOR));
  return Math.min(MAX_POPULARITY_POINTS, points);
}

function downloadsText(count: number): string {
  return `${count.toLocaleString('en-US')} downloads a month`;
}

/**
 * What a package's queue priority is made of, largest first: its status, why it needs
 * re-evaluation, how much it is used (twice for a new version of a much-used package: many people
 * run an unscored version), how many asked for it, and how long it has waited.
 */
export function priorityFactors(record: PackageRecord, asOfMs: number): PriorityFactor[] {
  if (record.evaluation_status === 'Evaluated') return [];
  const factors: PriorityFactor[] = [
    {
      factor: 'status',
      text: record.evaluation_status === 'Not yet evaluated' ? 'never evaluated' : 'score out of date',
      points: PRIORITY_BASE[record.evaluation_status],
    },
  ];
  for (const reason of record.state_reasons) {
    const points = PRIORITY_FOR_REASON[reason.code] ?? 0;
    if (points > 0) factors.push({ factor: 'reason', text: reason.text.replace(/\.$/, ''), points });
  }
  const downloads = record.popularity?.monthly_downloads ?? 0;
  const popularity = popularityPoints(downloads);
  if (popularity > 0) {
    factors.push({ factor: 'popularity', text: downloadsText(downloads), points: popularity });
    if (record.state_reasons.some((reason) => reason.code === 'new-version'))
      factors.push({
        factor: 'new-version-popularity',
        text: 'a new version of a much-used package',
        points: popularity,
      });
  }
  if (record.requests > 0) {
    factors.push({
      factor: 'requests',
      text: `requested by ${record.requests} ${record.requests === 1 ? 'person' : 'people'}`,
      points: Math.min(MAX_REQUEST_POINTS, record.requests * POINTS_PER_REQUEST),
    });
  }
  const waited = Math.max(0, daysBetween(waitingSince(record), asOfMs));
  const waiting = Math.min(MAX_WAITING_POINTS, Math.floor(waited / DAYS_PER_WAITING_POINT));
  if (waiting > 0)
    factors.push({ factor: 'waiting', text: `waiting ${Math.floor(waited)} days`, points: waiting });
  return factors.sort((a, b) => b.points - a.points);
}

export function queuePriority(record: PackageRecord, asOfMs: number): number {
  return priorityFactors(record, asOfMs).reduce((sum, factor) => sum + factor.points, 0);
}

/** Why the latest evaluation gave no usable score: it did not start, or covered too few checks. */
export function lastFailure(record: PackageRecord): string | null {
  const latest = record.evaluations[0];
  if (!latest) return null;
  if (latest.status === 'unrunnable') {
    const start = record.checks.find(
      (check) => (check.id === 'REL-01' || check.id === 'SKL-R01') && check.status !== 'pass',
    );
    return `The latest evaluation (${latest.version}) could not start it${start?.message ? `: ${start.message}` : '.'}`;
  }
  if (latest.status === 'partial' || latest.excluded_because === 'coverage-too-low')
    return `The latest evaluation (${latest.version}) covered too few checks to score; run the checks it skipped.`;
  if (latest.excluded_because === 'spot-check-diverged')
    return `The latest evaluation (${latest.version}) did not hold up when the operator re-ran it.`;
  return null;
}

export function buildQueue(records: readonly PackageRecord[], asOfMs: number): QueueEntry[] {
  const entries: QueueEntry[] = [];
  for (const record of records) {
    if (record.evaluation_status === 'Evaluated') continue;
    const factors = priorityFactors(record, asOfMs);
    entries.push({
      id: record.id,
      name: record.name,
      kind: record.kind,
      category: record.category,
      evaluation_status: record.evaluation_status,
      reason: record.state_reasons.map((reason) => reason.text).join(' '),
      priority: factors.reduce((sum, factor) => sum + factor.points, 0),
      priority_factors: factors,
      last_failure: lastFailure(record),
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
