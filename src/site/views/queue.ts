/**
 * The queue page's words: each row's version line, what its priority is made of and what its claim
 * cell offers, and the notice after a Claim or Release button (`?claim=…&id=…`), from fixed words only.
 */
import type { QueueEntry } from '../../core/catalogue/catalogue-types.ts';
import { type Page, pageOf } from '../../core/query/list-packages.ts';
import { readPaging } from '../../core/query/list-query.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';
import { type ParameterIssue, ParameterReader } from '../../core/query/query-params.ts';
import { withClaims } from '../../core/queue/queue.ts';
import type { PageContext, Viewer } from '../page-context.ts';
import { isPastTheEnd } from '../paging.ts';
import { queueVersionText } from '../registry-notes.ts';
import { queryOf, withParams } from '../request.ts';
import type { PageStatus } from '../status.ts';

export interface ClaimNotice {
  text: string;
  tone: 'ok' | 'warn' | 'bad';
}

export function claimOutcome(params: URLSearchParams, index: PackageIndex): ClaimNotice | null {
  const outcome = params.get('claim');
  const id = params.get('id') ?? '';
  // Only a package of the catalogue is named back, so the notice cannot carry text from a link.
  const name = index.byId.get(id)?.name ?? null;
  switch (outcome) {
    case 'claimed':
      return name
        ? {
            text: `You claimed ${name}: nobody else can claim it until your lease ends. Submitting your evaluation releases it.`,
            tone: 'ok',
          }
        : null;
    case 'released':
      return name ? { text: `You released ${name}: it is free for others again.`, tone: 'ok' } : null;
    case 'held':
      return name
        ? { text: `Someone else is evaluating ${name}; pick another package.`, tone: 'warn' }
        : null;
    case 'signed-out':
      return { text: 'Sign in first: claiming needs your API key.', tone: 'warn' };
    case 'refused':
      return { text: 'That request did not come from this site, so nothing was claimed.', tone: 'bad' };
    case 'unknown':
      return { text: 'That package is not in the catalogue.', tone: 'bad' };
    default:
      return null;
  }
}

/** What the claim cell offers: release your own claim, see someone else's, claim a free one, or nothing. */
export type ClaimCell =
  | { state: 'yours'; until: string }
  | { state: 'held'; until: string }
  | { state: 'claimable' }
  | { state: 'free' };

export interface QueueRow {
  entry: QueueEntry;
  /** "version 2.2.0 · score for 2.1.0". */
  version: string;
  /** "Priority 136: score out of date +50, 2,000,000 downloads a month +33, …". */
  priority: string;
  claim: ClaimCell;
}

/** "+33" or "−60" (a minus sign, not a hyphen). */
export function signedPoints(points: number): string {
  return points < 0 ? `−${-points}` : `+${points}`;
}

export function priorityText(entry: Pick<QueueEntry, 'priority' | 'priority_factors'>): string {
  const parts = entry.priority_factors.map((factor) => `${factor.text} ${signedPoints(factor.points)}`);
  return `Priority ${entry.priority}: ${parts.join(', ')}`;
}

function claimCell(
  entry: QueueEntry,
  viewer: Viewer | null,
  holders: ReadonlyMap<string, string>,
): ClaimCell {
  if (entry.claimed && entry.claimed_until !== null) {
    const yours = viewer !== null && holders.get(entry.id) === viewer.login;
    return { state: yours ? 'yours' : 'held', until: entry.claimed_until };
  }
  return viewer ? { state: 'claimable' } : { state: 'free' };
}

/** The queue's rows as the page shows them; `holders` (package id → login) only matters when signed in. */
export function queueRows(
  entries: readonly QueueEntry[],
  viewer: Viewer | null,
  holders: ReadonlyMap<string, string>,
): QueueRow[] {
  return entries.map((entry) => ({
    entry,
    version: queueVersionText(entry),
    priority: priorityText(entry),
    claim: claimCell(entry, viewer, holders),
  }));
}

export const QUEUE_PAGE_SIZE = 50;

export interface QueuePageView {
  /** The status to answer with, when not 200. */
  status: PageStatus | null;
  issues: readonly ParameterIssue[];
  queue: Page<QueueEntry>;
  rows: QueueRow[];
  /** How many packages nobody has claimed. */
  free: number;
  pastTheEnd: boolean;
  outcome: ClaimNotice | null;
  hrefFor(page: number): string;
}

/** The queue page: `?page=` only, with the live claims laid over the queue the data describes. */
export async function queuePageView(
  site: Pick<PageContext, 'data' | 'claims' | 'holders' | 'viewer' | 'now'>,
  url: URL,
): Promise<QueuePageView> {
  const { index } = site.data;
  const reader = new ParameterReader(new Map([...queryOf(url)].filter(([name]) => name === 'page')), [
    'page',
  ]);
  const paging = { ...readPaging(reader), perPage: QUEUE_PAGE_SIZE };
  const entries = withClaims(index.catalogue.queue, await site.claims(site.now));
  const holders = site.viewer ? await site.holders(site.now) : new Map<string, string>();
  const queue = pageOf(entries, paging);
  const pastTheEnd = isPastTheEnd(queue.page, queue.total_pages);
  return {
    // Past the last page is the graver answer: the page asked for does not exist.
    status: pastTheEnd ? 404 : reader.issues.length > 0 ? 400 : null,
    issues: reader.issues,
    queue,
    rows: queueRows(queue.items, site.viewer, holders),
    free: entries.filter((entry) => !entry.claimed).length,
    pastTheEnd,
    outcome: claimOutcome(url.searchParams, index),
    hrefFor: (n: number) => withParams('/queue', { page: n > 1 ? n : null }),
  };
}
