/**
 * The contribution endpoints as a module of the front server: submissions (`/v1/evaluations`) and
 * checkout leases (`/v1/checkout`). Reads of a submission's status spend the read budget, checkout
 * its own per-client budget, and a submission the per-key budget of its API key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS, preflightHeaders } from '../http/cors.ts';
import { problem } from '../http/problems.ts';
import { problemReply, type Reply } from '../http/reply.ts';
import type { RequestTarget } from '../http/request-target.ts';
import { send } from '../http/send.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';
import type { Store, SubmissionRecord } from '../store/store.ts';
import { checkoutNext, checkoutPackage } from './checkout.ts';
import type { LeaseView } from './lease-view.ts';
import { submissionStatus, submitEvaluation } from './submissions.ts';

export interface ContributionsOptions {
  store: Store;
  leases: LeaseView;
  leaseHours: number;
  /** Called once a submission is safely in the outbox (wakes the delivery worker). */
  accepted: (record: SubmissionRecord) => void;
}

type Route = 'submit' | 'status' | 'checkout-next' | 'checkout-package';

function routeOf(target: RequestTarget): Route | null {
  const [v1, area, id, extra] = target.segments;
  if (v1 !== 'v1' || extra !== undefined) return null;
  if (area === 'evaluations') return id === undefined ? 'submit' : 'status';
  if (area === 'checkout') return id === undefined ? 'checkout-next' : 'checkout-package';
  return null;
}

const METHODS: Record<Route, string> = {
  submit: 'POST, OPTIONS',
  status: 'GET, HEAD, OPTIONS',
  'checkout-next': 'POST, OPTIONS',
  'checkout-package': 'GET, HEAD, POST, DELETE, OPTIONS',
};

function allows(route: Route, method: string): boolean {
  return METHODS[route].split(', ').includes(method);
}

export function contributionsModule(options: ContributionsOptions): ServerModule {
  const checkout = { store: options.store, leases: options.leases, leaseHours: options.leaseHours };

  async function afterAccept(record: SubmissionRecord): Promise<void> {
    // An evaluation of a package releases its submitter's lease on it.
    await options.store.releaseLease(record.package_id, record.login, new Date().toISOString());
    options.leases.invalidate();
    options.accepted(record);
  }

  async function reply(req: IncomingMessage, route: Route, context: ModuleContext): Promise<Reply> {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS')
      return { status: 204, headers: preflightHeaders(METHODS[route]), body: Buffer.alloc(0) };
    if (!allows(route, method))
      return problemReply(problem('methodNotAllowed', `This path takes ${METHODS[route]}.`), {
        Allow: METHODS[route],
      });
    const id = context.target.segments[2] ?? '';
    switch (route) {
      case 'submit':
        return submitEvaluation(req, context, options.store, afterAccept);
      case 'status':
        return submissionStatus(id, options.store);
      case 'checkout-next':
        return checkoutNext(req, context, checkout);
      case 'checkout-package':
        return checkoutPackage(req, id, context, checkout);
    }
  }

  return {
    name: 'contributions',
    owns: (target) => routeOf(target) !== null,
    policy: (target, method) => {
      if (method === 'OPTIONS') return null;
      const route = routeOf(target);
      if (route === 'submit') return null;
      return route === 'status' ? 'read' : 'checkout';
    },
    async handle(req: IncomingMessage, res: ServerResponse, context: ModuleContext) {
      const answer = await reply(req, routeOf(context.target)!, context);
      Object.assign(answer.headers, CORS_HEADERS);
      send(req, res, answer);
    },
  };
}
