/**
 * The server's stateful services: the store, the rate-limit counters, the lease view over the
 * store and the delivery worker. Opened at start, closed at shutdown. The engine is the embedded
 * one (SQLite in the state folder, counters in memory) unless `AFSCORE_DATABASE_URL` names a
 * PostgreSQL database, which then holds both, shared by every instance. A state folder that cannot
 * be opened, or a database that cannot be reached, leaves reads running and contributions
 * answering 503.
 */
import type { ServerConfig } from './config.ts';
import { deliveryBackendFor } from './contributions/delivery-backend-for.ts';
import { deliveryClaimMs } from './contributions/delivery-claim.ts';
import { DEFAULT_DELIVERY_POLICY, DeliveryWorker } from './contributions/delivery-worker.ts';
import { LeaseView } from './contributions/lease-view.ts';
import type { LiveData } from './live/live-data.ts';
import { PgRateLimitStore } from './rate-limit/pg-rate-limit-store.ts';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit/rate-limit-store.ts';
import { PgStore } from './store/pg-store.ts';
import { SqliteStore } from './store/sqlite-store.ts';
import type { Store } from './store/store.ts';
import { unavailableStore } from './store/unavailable-store.ts';

export interface Services {
  store: Store;
  limits: RateLimitStore;
  leases: LeaseView;
  worker: DeliveryWorker;
  close(): Promise<void>;
}

async function openEmbeddedStore(config: ServerConfig, log: (line: string) => void): Promise<Store> {
  try {
    const store = await SqliteStore.open(config.stateDir);
    // This process owns the embedded store: a claim still held is a delivery a crash interrupted.
    const resumed = await store.releaseClaimsAtStart();
    if (resumed > 0) log(`delivery: resuming ${resumed} submission(s) interrupted by the last stop`);
    return store;
  } catch (error) {
    log(`state store unavailable, contributions will answer 503: ${(error as Error).message}`);
    return unavailableStore((error as Error).message);
  }
}

export async function openServices(
  config: ServerConfig,
  data: LiveData,
  log: (line: string) => void,
): Promise<Services> {
  // With PostgreSQL, claims of deliveries are never freed at start: they run out (see delivery-claim).
  const store = config.databaseUrl
    ? await PgStore.open(config.databaseUrl, { log, waitForDatabase: true })
    : await openEmbeddedStore(config, log);
  const limits = config.databaseUrl
    ? new PgRateLimitStore(config.databaseUrl, log)
    : new MemoryRateLimitStore();
  const worker = new DeliveryWorker({
    store,
    backend: deliveryBackendFor(config.delivery),
    packageName: (id) => data.version.index.byId.get(id)?.name ?? id,
    policy: {
      ...DEFAULT_DELIVERY_POLICY,
      retryMs: config.delivery.retryMs,
      claimMs: deliveryClaimMs(config.delivery),
      pollMs: Math.min(DEFAULT_DELIVERY_POLICY.pollMs, config.delivery.retryMs),
    },
    log,
  });
  worker.start();
  log(`delivery: ${worker.id} delivers from the ${config.databaseUrl ? 'shared' : 'embedded'} outbox`);
  return {
    store,
    limits,
    leases: new LeaseView(store),
    worker,
    async close() {
      await worker.stop();
      await store.close();
      if (limits instanceof PgRateLimitStore) await limits.close();
    },
  };
}
