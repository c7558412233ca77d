/**
 * The queue page's Claim and Release buttons: form posts from a signed-in browser (session.ts)
 * that take or give back a checkout lease, as `POST /v1/checkout/{id}` does with an API key, then
 * lead back to the queue, which says what happened. They spend the checkout budget.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPackageId } from '../../core/ids.ts';
import { readBody } from '../http/read-body.ts';
import type { ServerModule } from '../server-module.ts';
import { isSameOrigin, sessionOwner } from '../sign-in/session.ts';
import type { Store } from '../store/store.ts';
import type { LeaseView } from './lease-view.ts';

export interface QueueClaimOptions {
  store: Store;
  leases: LeaseView;
  leaseHours: number;
  publicUrl: string;
}

/** The outcomes the queue page can name (`?claim=`): fixed words, never text from the request. */
export type ClaimOutcome = 'claimed' | 'released' | 'held' | 'signed-out' | 'unknown' | 'refused';

function back(res: ServerResponse, outcome: ClaimOutcome, id: string | null): void {
  const query = new URLSearchParams({ claim: outcome, ...(id ? { id } : {}) });
  res.writeHead(303, { Location: `/queue?${query}${id ? `#queue-${id}` : ''}`, 'Cache-Control': 'no-store' });
  res.end();
}

export function queueClaimModule(options: QueueClaimOptions): ServerModule {
  return {
    name: 'queue-claim',
    owns: (target) =>
      target.segments[0] === 'queue' &&
      (target.segments[1] === 'claim' || target.segments[1] === 'release') &&
      target.segments.length === 2,
    policy: (_target, method) => (method === 'POST' ? 'checkout' : null),
    async handle(req: IncomingMessage, res: ServerResponse, context) {
      if (req.method !== 'POST') {
        res.writeHead(405, { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Use the buttons on /queue.\n');
        return;
      }
      if (!isSameOrigin(req, options.publicUrl)) {
        back(res, 'refused', null);
        return;
      }
      const body = await readBody(req, 1024);
      const id = body.ok ? new URLSearchParams(body.body.toString('utf8')).get('id') : null;
      if (!id || !isPackageId(id) || !context.data.index.byId.has(id)) {
        back(res, 'unknown', null);
        return;
      }
      const owner = await sessionOwner(req, options.store);
      if (!owner) {
        back(res, 'signed-out', id);
        return;
      }
      const now = new Date(context.now).toISOString();
      if (context.target.segments[1] === 'release') {
        await options.store.releaseLease(id, owner.login, now);
        options.leases.invalidate();
        back(res, 'released', id);
        return;
      }
      const until = new Date(context.now + options.leaseHours * 3_600_000).toISOString();
      const outcome = await options.store.claimLease(id, owner.login, now, until);
      options.leases.invalidate();
      back(res, outcome.ok ? 'claimed' : 'held', id);
    },
  };
}
