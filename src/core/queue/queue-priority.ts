/**
 * A queue entry's priority and what it is made of. One pure function over a package record, the
 * clock and the weights: its status and why it needs (re-)evaluation (a new version: "needs
 * re-evaluation since <version>"), how much it is used (twice for a new version of a much-used
 * package: many people run a version nobody scored), how many asked for it, how long it waited,
 * failed attempts backing off, and a deprecated or removed package sinking. The factors add up to
 * the priority, so the page and `/v1/queue` can show why a row sits where it does.
 */
import type { PackageRecord, PriorityFactor } from '../catalogue/catalogue-types.ts';
import { retryDelayDays } from '../failures/failure-record.ts';
import { daysBetween } from '../states/package-state.ts';
import { failedAttempts } from './failed-attempts.ts';
import { QUEUE_WEIGHTS, type QueueWeights } from './queue-policy.ts';

export type PriorityInput = Pick<
  PackageRecord,
  | 'evaluation_status'
  | 'state_reasons'
  | 'version'
  | 'evaluated_version'
  | 'added'
  | 'last_evaluated_at'
  | 'requests'
  | 'deprecated'
  | 'registry'
  | 'evaluations'
  | 'start_failure'
>;

export interface QueuePriority {
  priority: number;
  /** Largest first; negative points last. */
  factors: PriorityFactor[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const REGISTRY_NAMES = { npm: 'npm', pypi: 'PyPI', 'mcp-registry': 'the MCP Registry' } as const;
const GONE_WORDS = {
  ok: 'on',
  'not-found': 'not found on',
  unpublished: 'unpublished from',
  deleted: 'deleted from',
} as const;

/** Points for monthly downloads: 0 at the floor, then so many per tenfold, up to the cap. */
export function downloadPoints(monthly: number | null, weights: QueueWeights = QUEUE_WEIGHTS): number {
  const { floor, pointsPerTenfold, max } = weights.downloads;
  if (monthly === null || monthly <= floor) return 0;
  return Math.min(max, Math.round(pointsPerTenfold * Math.log10(monthly / floor)));
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function statusFactors(record: PriorityInput, weights: QueueWeights): PriorityFactor[] {
  if (record.evaluation_status === 'Evaluated') return [];
  const factors: PriorityFactor[] = [
    {
      factor: 'status',
      text: record.evaluation_status === 'Not yet evaluated' ? 'never evaluated' : 'score out of date',
      points: weights.status[record.evaluation_status],
    },
  ];
  for (const reason of record.state_reasons) {
    const points = weights.reasons[reason.code] ?? 0;
    if (points === 0) continue;
    const text =
      reason.code === 'new-version' && record.version !== null
        ? `needs re-evaluation since ${record.version}${record.evaluated_version ? ` (score for ${record.evaluated_version})` : ''}`
        : reason.text.replace(/\.$/, '');
    factors.push({ factor: 'reason', text, points });
  }
  return factors;
}

function usageFactors(record: PriorityInput, weights: QueueWeights): PriorityFactor[] {
  const monthly = record.registry.downloads_monthly;
  const points = downloadPoints(monthly, weights);
  if (points === 0 || monthly === null) return [];
  const factors: PriorityFactor[] = [
    { factor: 'popularity', text: `${plural(monthly, 'download', 'downloads')} a month`, points },
  ];
  const bonus = Math.round(points * weights.newVersionOfUsedPackage);
  if (bonus > 0 && record.state_reasons.some((reason) => reason.code === 'new-version'))
    factors.push({
      factor: 'new-version-popularity',
      text: 'a new version of a much-used package',
      points: bonus,
    });
  return factors;
}

function requestFactors(record: PriorityInput, weights: QueueWeights): PriorityFactor[] {
  if (record.requests <= 0) return [];
  const points = Math.min(weights.requests.max, record.requests * weights.requests.pointsEach);
  return [
    { factor: 'requests', text: `requested by ${plural(record.requests, 'person', 'people')}`, points },
  ];
}

function waitingFactors(record: PriorityInput, asOfMs: number, weights: QueueWeights): PriorityFactor[] {
  const since = record.last_evaluated_at ?? `${record.added}T00:00:00Z`;
  const waited = Math.max(0, daysBetween(since, asOfMs));
  const points = Math.min(weights.waiting.max, Math.floor(waited / weights.waiting.daysPerPoint));
  return points > 0 ? [{ factor: 'waiting', text: `waiting ${plural(waited, 'day', 'days')}`, points }] : [];
}

/**
 * Failed attempts hold a package back until its retry is due (the schedule of failure-record.ts,
 * or the start failure's own `retry_after`); then it returns at full priority.
 */
function failureFactors(record: PriorityInput, asOfMs: number, weights: QueueWeights): PriorityFactor[] {
  const { count, latestAt } = failedAttempts(record);
  if (count === 0 || latestAt === null) return [];
  const start = record.start_failure;
  const untilMs =
    start && start.evaluation_id === record.evaluations[0]?.evaluation_id
      ? Date.parse(start.retry_after)
      : Date.parse(latestAt) + retryDelayDays(count) * DAY_MS;
  if (asOfMs >= untilMs) return [];
  const { pointsEach, max } = weights.failures;
  const until = new Date(untilMs).toISOString().slice(0, 10);
  return [
    {
      factor: 'failed-attempts',
      text: `${plural(count, 'failed attempt', 'failed attempts')} at ${record.evaluations[0]!.version}: held back until ${until}`,
      points: -Math.min(max, count * pointsEach),
    },
  ];
}

function sinkingFactors(record: PriorityInput, weights: QueueWeights): PriorityFactor[] {
  const factors: PriorityFactor[] = [];
  const gone = record.registry.sources.filter((source) => source.status !== 'ok');
  if (gone.length > 0) {
    const text = gone.map((source) => `${GONE_WORDS[source.status]} ${REGISTRY_NAMES[source.registry]}`);
    factors.push({ factor: 'removed', text: text.join(', '), points: weights.removed });
  }
  if (record.deprecated !== null)
    factors.push({ factor: 'deprecated', text: 'deprecated on its registry', points: weights.deprecated });
  return factors;
}

export function queuePriority(
  record: PriorityInput,
  asOfMs: number,
  weights: QueueWeights = QUEUE_WEIGHTS,
): QueuePriority {
  if (record.evaluation_status === 'Evaluated') return { priority: 0, factors: [] };
  const factors = [
    ...statusFactors(record, weights),
    ...usageFactors(record, weights),
    ...requestFactors(record, weights),
    ...waitingFactors(record, asOfMs, weights),
    ...failureFactors(record, asOfMs, weights),
    ...sinkingFactors(record, weights),
  ].sort((a, b) => b.points - a.points);
  return { priority: factors.reduce((sum, factor) => sum + factor.points, 0), factors };
}
