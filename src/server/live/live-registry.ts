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

type ClaimsProvider = (nowMs: number) => Promise<ReadonlyMap<string, string>>;
const CLAIMS_KEY = Symbol.for('afscore.claims');

/** The front server's view of checkout claims, for pages that show the queue. */
export function publishClaims(provider: ClaimsProvider): void {
  (globalThis as unknown as Record<symbol, ClaimsProvider | undefined>)[CLAIMS_KEY] = provider;
}

/** Current claims (package id → claimed until); none without a running front server. */
export async function currentClaims(nowMs: number): Promise<ReadonlyMap<string, string>> {
  const provider = (globalThis as unknown as Record<symbol, ClaimsProvider | undefined>)[CLAIMS_KEY];
  return provider ? provider(nowMs) : new Map();
}
