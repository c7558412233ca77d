/**
 * Rate-limit counters shared by every instance, in PostgreSQL, with rate-limiter-flexible's
 * RateLimiterPostgres (an atomic upsert per request on the `rate_limits` table the store's
 * migrations create). A daily limit is counted across all instances.
 *
 * Two shortcuts keep the database off the hot path where exactness does not need it: a budget
 * found spent stays spent until the day ends, so a client hammering past its limit gets its 429s
 * from memory; and a peek (pages, badges and documents show the budget without spending it) may
 * be up to a second old.
 *
 * A rate limiter must never fail a read: when the database does not answer, this instance counts
 * in its own memory (the library's memory engine) and tries the database again a moment later.
 * While that lasts, each instance counts apart, so a client may get up to one extra budget per
 * instance for the length of the outage.
 */
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { PipelinedConnection } from '../store/pg-pipeline.ts';
import { dayWindow, type Policy } from './policies.ts';
import {
  type Decision,
  LimiterRateLimitStore,
  MemoryRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store.ts';

/** After a failure, requests count in memory for this long before the database is tried again. */
const RETRY_AFTER_FAILURE_MS = 2_000;
/** How old a peeked standing may be. */
const PEEK_FRESH_MS = 1_000;
const PEEK_CACHE_SIZE = 10_000;

export class PgRateLimitStore implements RateLimitStore {
  private readonly connection: PipelinedConnection;
  private readonly shared: LimiterRateLimitStore;
  private readonly fallback = new MemoryRateLimitStore();
  private readonly log: (line: string) => void;
  private downUntil = 0;
  private down = false;
  /** Budgets found spent today: `<policy>:<limit>:<client>` → the refusal. */
  private spent = new Map<string, Decision>();
  private spentDay = '';
  private peeked = new Map<string, { at: number; decision: Decision }>();

  constructor(url: string, log: (line: string) => void) {
    this.log = log;
    this.connection = new PipelinedConnection({ url, name: 'rate-limits', asyncCommit: true, log });
    this.shared = new LimiterRateLimitStore(
      (options) =>
        new RateLimiterPostgres({
          ...options,
          // A single pipelined connection: the library calls its query() as it would a client's.
          storeClient: this.connection,
          storeType: 'client',
          tableName: 'rate_limits',
          // The store's versioned migrations made the table.
          tableCreated: true,
        }),
    );
  }

  async consume(policy: Policy, client: string, nowMs: number): Promise<Decision> {
    const key = this.spentKey(policy, client, nowMs);
    const refused = this.spent.get(key);
    if (refused) return refused;
    const decision = await this.counted((store) => store.consume(policy, client, nowMs));
    if (!decision.allowed && !this.down) this.spent.set(key, decision);
    this.peeked.delete(key);
    return decision;
  }

  async peek(policy: Policy, client: string, nowMs: number): Promise<Decision> {
    const key = this.spentKey(policy, client, nowMs);
    const known = this.spent.get(key) ?? this.peekedRecently(key, nowMs);
    if (known) return known;
    const decision = await this.counted((store) => store.peek(policy, client, nowMs));
    if (this.peeked.size >= PEEK_CACHE_SIZE) this.peeked.clear();
    this.peeked.set(key, { at: nowMs, decision });
    return decision;
  }

  private spentKey(policy: Policy, client: string, nowMs: number): string {
    const { day } = dayWindow(nowMs);
    if (day !== this.spentDay) {
      this.spentDay = day;
      this.spent = new Map();
      this.peeked = new Map();
    }
    return `${policy.name}:${policy.limit}:${client}`;
  }

  private peekedRecently(key: string, nowMs: number): Decision | undefined {
    const entry = this.peeked.get(key);
    return entry && nowMs - entry.at < PEEK_FRESH_MS ? entry.decision : undefined;
  }

  private async counted(count: (store: RateLimitStore) => Promise<Decision>): Promise<Decision> {
    if (Date.now() < this.downUntil) return count(this.fallback);
    try {
      const result = await count(this.shared);
      if (this.down) {
        this.down = false;
        this.log('rate limits: PostgreSQL is back; counting across instances again');
      }
      return result;
    } catch (error) {
      this.downUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
      if (!this.down) {
        this.down = true;
        this.log(
          `rate limits: PostgreSQL failed (${(error as Error).message}); counting in this instance's memory until it is back`,
        );
      }
      return count(this.fallback);
    }
  }

  async close(): Promise<void> {
    await this.connection.end();
  }
}
