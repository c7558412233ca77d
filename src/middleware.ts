/**
 * Gives every page its context (site/page-context.ts). Behind the front server the context comes
 * with the request (live/page-locals-channel.ts); under `astro dev` there is none, so it is built
 * here from the generated folder.
 */
import { defineMiddleware } from 'astro:middleware';
import { currentClaims, currentDataVersion } from './server/live/live-registry.ts';
import { pageLocalsChannel } from './server/live/page-locals-channel.ts';
import { hasPageContext, setPageContext } from './site/page-context.ts';
import { repositoryUrlFrom } from './site/site-links.ts';

export const onRequest = defineMiddleware((context, next) => {
  const given = pageLocalsChannel().getStore();
  if (given && !hasPageContext(context.locals)) Object.assign(context.locals, given);
  if (!hasPageContext(context.locals)) {
    setPageContext(context.locals, {
      data: currentDataVersion(),
      claims: currentClaims,
      holders: async () => new Map(),
      viewer: null,
      publicUrl: process.env.AFSCORE_PUBLIC_URL || null,
      repositoryUrl: repositoryUrlFrom(process.env),
      signInWithGitHub: false,
      now: Date.now(),
    });
  }
  return next();
});
