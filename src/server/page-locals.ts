/**
 * The page context (site/page-context.ts) the front server hands the Astro pages with each
 * request: the data version in memory, live claims, who is signed in, and the site's addresses.
 */
import type { IncomingMessage } from 'node:http';
import { setPageContext } from '../site/page-context.ts';
import type { ServerConfig } from './config.ts';
import type { LeaseView } from './contributions/lease-view.ts';
import type { LiveData } from './live/live-data.ts';
import { sessionOwner } from './sign-in/session.ts';
import type { Store } from './store/store.ts';

export interface PageServices {
  store: Store;
  leases: LeaseView;
}

export function pageLocalsFor(
  config: ServerConfig,
  data: LiveData,
  services: PageServices,
): (req: IncomingMessage, nowMs: number) => Promise<object> {
  const repositoryUrl = config.repositoryUrl;
  const claims = (nowMs: number) => services.leases.claims(nowMs);
  const holders = async (nowMs: number) => {
    try {
      const leases = await services.leases.leases(nowMs);
      return new Map([...leases.values()].map((lease) => [lease.package_id, lease.holder]));
    } catch {
      return new Map<string, string>();
    }
  };
  return async (req, nowMs) => {
    const locals = {};
    const owner = await sessionOwner(req, services.store);
    setPageContext(locals, {
      data: data.version,
      claims,
      holders,
      viewer: owner ? { login: owner.login } : null,
      publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
      repositoryUrl,
      signInWithGitHub: config.oauth !== null,
      now: nowMs,
    });
    return locals;
  };
}
