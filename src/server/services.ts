/**
 * The server's stateful services: the store, the lease view over it and the delivery worker. Opened
 * at start, closed at shutdown. A state folder that cannot be opened leaves reads running and
 * contributions answering 503.
 */
import type { ServerConfig } from './config.ts';
import { deliveryBackendFor } from './contributions/delivery-backend-for.ts';
import { DEFAULT_DELIVERY_POLICY, DeliveryWorker } from './contributions/delivery-worker.ts';
import { LeaseView } from './contributions/lease-view.ts';
import type { LiveData } from './live/live-data.ts';
import { SqliteStore } from './store/sqlite-store.ts';
import type { Store } from './store/store.ts';
import { unavailableStore } from './store/unavailable-store.ts';

export interface Services {
  store: Store;
  leases: LeaseView;
  worker: DeliveryWorker;
  close(): Promise<void>;
}

export async function openServices(
  config: ServerConfig,
  data: LiveData,
  log: (line: string) => void,
): Promise<Services> {
  let store: Store;
  try {
    store = await SqliteStore.open(config.stateDir);
    // This process owns the embedded store: a claim still held is a delivery a crash interrupted.
    const resumed = await store.releaseClaimsAtStart();
    if (resumed > 0) log(`delivery: resuming ${resumed} submission(s) interrupted by the last stop`);
  } catch (error) {
    log(`state store unavailable, contributions will answer 503: ${(error as Error).message}`);
    store = unavailableStore((error as Error).message);
  }
  const worker = new DeliveryWorker({
    store,
    backend: deliveryBackendFor(config.delivery),
    packageName: (id) => data.version.index.byId.get(id)?.name ?? id,
    policy: {
      ...DEFAULT_DELIVERY_POLICY,
      retryMs: config.delivery.retryMs,
      pollMs: Math.min(DEFAULT_DELIVERY_POLICY.pollMs, config.delivery.retryMs),
    },
    log,
  });
  worker.start();
  return {
    store,
    leases: new LeaseView(store),
    worker,
    async close() {
      await worker.stop();
      await store.close();
    },
  };
}
