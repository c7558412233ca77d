/**
 * Checkout leases: a contributor claims a package so two people do not evaluate it at once. A lease
 * lasts `leaseHours`; the same contributor claiming again renews it; an evaluation submitted for the
 * package releases it.
 */
import type { IncomingMessage } from 'node:http';
import { isPackageId } from '../../core/ids.ts';
import { queryParams } from '../../core/query/query-params.ts';
import { matchesCheckout, parseCheckoutFilter } from '../../core/queue/checkout-filter.ts';
import { parameterProblem, problem } from '../http/problems.ts';
import { isReply, jsonReply, problemReply, type Reply } from '../http/reply.ts';
import type { ModuleContext } from '../server-module.ts';
import type { Lease, Store } from '../store/store.ts';
import { keyOwner } from './api-key-header.ts';
import type { LeaseView } from './lease-view.ts';

export interface CheckoutSettings {
  store: Store;
  leases: LeaseView;
  leaseHours: number;
}

function leaseView(lease: Lease) {
  return {
    package_id: lease.package_id,
    claimed_by: lease.holder,
    claimed_at: lease.claimed_at,
    claimed_until: lease.claimed_until,
  };
}

function unknownPackage(id: string): Reply {
  return problemReply(
    problem('notFound', `There is no package "${id}"; the queue at /v1/queue lists what needs evaluating.`),
  );
}

async function claim(
  packageId: string,
  holder: string,
  context: ModuleContext,
  settings: CheckoutSettings,
): Promise<Reply> {
  const now = new Date(context.now).toISOString();
  const until = new Date(context.now + settings.leaseHours * 3_600_000).toISOString();
  const outcome = await settings.store.claimLease(packageId, holder, now, until);
  settings.leases.invalidate();
  if (!outcome.ok) {
    return problemReply(
      problem(
        'conflict',
        `${outcome.heldBy.holder} is evaluating ${packageId} until ${outcome.heldBy.claimed_until}; pick another package.`,
        { lease: leaseView(outcome.heldBy) },
      ),
    );
  }
  return jsonReply(leaseView(outcome.lease), undefined, outcome.renewed ? 200 : 201);
}

/**
 * POST /v1/checkout: the highest-priority queue package nobody else holds, among those the query
 * lets through (kind, category, distribution, exclude, held; see checkout-filter.ts).
 */
export async function checkoutNext(
  req: IncomingMessage,
  context: ModuleContext,
  settings: CheckoutSettings,
): Promise<Reply> {
  const filter = parseCheckoutFilter(queryParams(new URL(req.url ?? '/', 'http://local').searchParams));
  if (!filter.ok) return problemReply(parameterProblem(filter.issues));
  const owner = await keyOwner(req, settings.store);
  if (isReply(owner)) return owner;
  const leases = await settings.leases.leases(context.now);
  const { byId, catalogue } = context.data.index;
  // Evaluated since the catalogue was built (the queue does not know yet): not handed out again.
  const awaiting = new Set(await settings.store.packagesAwaitingReview(catalogue.meta.as_of));
  for (const entry of catalogue.queue) {
    if (awaiting.has(entry.id)) continue;
    if (!matchesCheckout(entry, byId.get(entry.id)?.distribution, filter.value)) continue;
    const lease = leases.get(entry.id);
    if (lease && (lease.holder !== owner.login || filter.value.held === 'skip')) continue;
    const reply = await claim(entry.id, owner.login, context, settings);
    if (reply.status !== 409) return reply;
  }
  return problemReply(
    problem('notFound', 'Every package in the queue that matches is claimed or evaluated; try again later.'),
  );
}

export async function checkoutPackage(
  req: IncomingMessage,
  id: string,
  context: ModuleContext,
  settings: CheckoutSettings,
): Promise<Reply> {
  if (!isPackageId(id) || !context.data.index.byId.has(id)) return unknownPackage(id);
  if (req.method === 'GET') {
    const lease = await settings.store.findLease(id, new Date(context.now).toISOString());
    return lease
      ? jsonReply(leaseView(lease))
      : problemReply(problem('notFound', `Nobody holds a lease on ${id}.`));
  }
  const owner = await keyOwner(req, settings.store);
  if (isReply(owner)) return owner;
  if (req.method === 'POST') return claim(id, owner.login, context, settings);
  const released = await settings.store.releaseLease(id, owner.login, new Date(context.now).toISOString());
  settings.leases.invalidate();
  if (released === 'released') return { status: 204, headers: {}, body: Buffer.alloc(0) };
  if (released === 'not-yours')
    return problemReply(
      problem('forbidden', `Someone else holds the lease on ${id}; only they can release it.`),
    );
  return problemReply(problem('notFound', `Nobody holds a lease on ${id}.`));
}
