/**
 * Where code outside the front server (the Astro pages, bundled separately) finds the data version
 * being served. The registry lives on globalThis under a registered symbol, so the front server's
 * copy of this module and the site bundle's copy share it. Without a running front server (astro
 * build, astro dev) the generated folder is read directly, once.
 */
import { join } from 'node:path';
import { type DataVersion, type LiveData, loadDataVersion } from './live-data.ts';

const KEY = Symbol.for('afscore.live-data');

interface Registry {
  live?: LiveData;
  fallback?: DataVersion;
}

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[KEY] ??= {};
  return holder[KEY];
}

export function publishLiveData(live: LiveData): void {
  registry().live = live;
}

export function currentDataVersion(): DataVersion {
  const entry = registry();
  if (entry.live) return entry.live.version;
  entry.fallback ??= loadDataVersion(process.env.AFSCORE_GENERATED_DIR || join(process.cwd(), 'generated'));
  return entry.fallback;
}
