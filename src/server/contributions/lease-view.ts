/**
 * Current leases for the queue and for picking the next package, read from the store at most once
 * a second (and at once after a change made here), so showing claims costs no store read per request.
 */
import type { Lease, Store } from '../store/store.ts';
import { StoreUnavailableError } from '../store/store-errors.ts';

const FRESH_MS = 1_000;

export class LeaseView {
  private cached: { at: number; leases: Map<string, Lease> } | null = null;
  private readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  invalidate(): void {
    this.cached = null;
  }

  /** Live leases by package id. */
  async leases(nowMs: number): Promise<ReadonlyMap<string, Lease>> {
    if (this.cached && nowMs - this.cached.at < FRESH_MS) return this.cached.leases;
    const active = await this.store.activeLeases(new Date(nowMs).toISOString());
    const leases = new Map(active.map((lease) => [lease.package_id, lease]));
    this.cached = { at: nowMs, leases };
    return leases;
  }

  /**
   * package id → claimed until, for the queue. The queue is a read and reads do not depend on the
   * store: while it is unavailable, the claims last seen (or none) are shown.
   */
  async claims(nowMs: number): Promise<ReadonlyMap<string, string>> {
    let leases: ReadonlyMap<string, Lease>;
    try {
      leases = await this.leases(nowMs);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      leases = this.cached?.leases ?? new Map();
    }
    return new Map(
      [...leases.values()]
        .filter((lease) => Date.parse(lease.claimed_until) > nowMs)
        .map((lease) => [lease.package_id, lease.claimed_until]),
    );
  }
}
