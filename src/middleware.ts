/**
 * Gives every page its context (site/page-context.ts). Behind the front server the context comes
 * with the request (site/page-locals-channel.ts); without one (`astro build`, `astro dev`) it is
 * built here from the generated folder, read once.
 */

import { defineMiddleware } from 'astro:middleware';
import { join } from 'node:path';
import { type GeneratedData, readGenerated } from './data/read-generated.ts';
import { hasPageContext, setPageContext } from './site/page-context.ts';
import { pageLocalsChannel } from './site/page-locals-channel.ts';
import { repositoryUrlFrom } from './site/site-links.ts';

let generated: GeneratedData | undefined;

function generatedData(): GeneratedData {
  generated ??= readGenerated(process.env.AFSCORE_GENERATED_DIR || join(process.cwd(), 'generated'));
  return generated;
}

export const onRequest = defineMiddleware((context, next) => {
  const given = pageLocalsChannel().getStore();
  if (given && !hasPageContext(context.locals)) Object.assign(context.locals, given);
  if (!hasPageContext(context.locals)) {
    setPageContext(context.locals, {
      data: generatedData(),
      claims: async () => new Map(),
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
