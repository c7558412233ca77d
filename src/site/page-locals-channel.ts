/**
 * How the page context travels from the front server to the Astro middleware: the adapter's
 * standalone handler (static files first, then the app) does not pass `locals` on, so the front
 * server runs the handler inside this AsyncLocalStorage and the middleware copies what it holds
 * into `Astro.locals`. Kept on globalThis under a registered symbol because the site is bundled
 * apart from the server, so each side has its own copy of this module.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const KEY = Symbol.for('afscore.page-locals');

export function pageLocalsChannel(): AsyncLocalStorage<object> {
  const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<object> | undefined>;
  holder[KEY] ??= new AsyncLocalStorage<object>();
  return holder[KEY];
}
