/**
 * Counting requests per client, policy and UTC day. Handlers see only this interface; the embedded
 * deployment counts in process memory with rate-limiter-flexible, and a shared store (PostgreSQL)
 * can stand behind the same interface when several instances run.
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { dayWindow, type Policy, WINDOW_SECONDS } from './policies.ts';

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets (the next UTC midnight). */
  resetAt: number;
}

export interface RateLimitStore {
  /** Counts one request and says whether it is within the limit. */
  consume(policy: Policy, client: string, nowMs: number): Promise<Decision>;
  /** The current standing without counting anything. */
  peek(policy: Policy, client: string, nowMs: number): Promise<Decision>;
}

function decision(policy: Policy, consumed: number, resetAt: number): Decision {
  return {
    allowed: consumed <= policy.limit,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - consumed),
    resetAt,
  };
}

/** Makes the counter of one policy and limit; the engine decides where counts are kept. */
export type LimiterFactory = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

/** Daily counting over any rate-limiter-flexible engine. Engine failures reach the caller. */
export class LimiterRateLimitStore implements RateLimitStore {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly makeLimiter: LimiterFactory;

  constructor(makeLimiter: LimiterFactory) {
    this.makeLimiter = makeLimiter;
  }

  /** One limiter per policy and limit (allow-listed clients have limits of their own). */
  private limiter(policy: Policy): RateLimiterAbstract {
    const key = `${policy.name}:${policy.limit}`;
    let limiter = this.limiters.get(key);
    if (!limiter) {
      // Keys carry the UTC day, so a window ends at midnight; entries live a day longer, then expire.
      limiter = this.makeLimiter({ keyPrefix: key, points: policy.limit, duration: 2 * WINDOW_SECONDS });
      this.limiters.set(key, limiter);
    }
    return limiter;
  }

  async consume(policy: Policy, client: string, nowMs: number): Promise<Decision> {
    const { day, resetAt } = dayWindow(nowMs);
    try {
      const result = await this.limiter(policy).consume(`${client}:${day}`);
      return decision(policy, result.consumedPoints, resetAt);
    } catch (error) {
      if (error instanceof RateLimiterRes) return decision(policy, error.consumedPoints, resetAt);
      throw error;
    }
  }

  async peek(policy: Policy, client: string, nowMs: number): Promise<Decision> {
    const { day, resetAt } = dayWindow(nowMs);
    const result = await this.limiter(policy).get(`${client}:${day}`);
    return decision(policy, result?.consumedPoints ?? 0, resetAt);
  }
}

/** The embedded engine: counts in this process's memory, so they start again when it restarts. */
export class MemoryRateLimitStore extends LimiterRateLimitStore {
  constructor() {
    super((options) => new RateLimiterMemory(options));
  }
}
