/**
 * The page context (site/page-context.ts) the front server hands the Astro pages with each
 * request: the data version in memory, live claims, and the site's addresses from the configuration.
 */
import type { IncomingMessage } from 'node:http';
import { type PageContext, setPageContext } from '../site/page-context.ts';
import type { ServerConfig } from './config.ts';
import type { LiveData } from './live/live-data.ts';

export function pageLocalsFor(
  config: ServerConfig,
  data: LiveData,
  claims: PageContext['claims'],
): (req: IncomingMessage, nowMs: number) => Promise<object> {
  const repositoryUrl = config.repositoryUrl;
  return async (_req, nowMs) => {
    const locals = {};
    setPageContext(locals, {
      data: data.version,
      claims,
      viewer: null,
      publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
      repositoryUrl,
      signInWithGitHub: config.oauth !== null,
      now: nowMs,
    });
    return locals;
  };
}
