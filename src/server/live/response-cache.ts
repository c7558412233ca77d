/**
 * The responses of one data version, kept ready to write (http/prepared-response.ts) under a
 * canonical key (for `/v1`, the path and its parameters in sorted order). Raw request targets are
 * remembered as aliases of the key they were found to mean, so the front server answers a target it
 * has seen from here without parsing it or asking a module. A new data version starts a new cache,
 * so nothing of the previous version is ever served.
 *
 * Memory is bounded in bytes (lru-cache with each entry's size: bodies, compressed forms, heads,
 * key), least recently used first out; aliases have a budget of their own, and an alias whose entry
 * was evicted simply misses.
 */
import { LRUCache } from 'lru-cache';
import type { Encoding } from '../http/compression.ts';
import {
  type PreparedResponse,
  type PrepareOptions,
  prepareResponse,
  withEncoding,
} from '../http/prepared-response.ts';
import type { Reply } from '../http/reply.ts';

export interface ResponseCacheLimits {
  /** Budget for the prepared responses. */
  maxBytes: number;
  /** Budget for the remembered request targets. */
  maxAliasBytes: number;
}

/** AFSCORE_RESPONSE_CACHE_MB's default: per data version, for HTTP responses and MCP answers together. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 512 * 2 ** 20;

/**
 * The budget of one data version, split: eleven sixteenths for the prepared HTTP responses, one for
 * the raw targets that alias them, a quarter for MCP answers (mcp/mcp-answers.ts).
 */
export function splitResponseBudget(totalBytes: number): { http: ResponseCacheLimits; mcpBytes: number } {
  const sixteenth = Math.floor(totalBytes / 16);
  return {
    http: { maxBytes: 11 * sixteenth, maxAliasBytes: sixteenth },
    mcpBytes: 4 * sixteenth,
  };
}

/** What an alias costs besides its two strings. */
const ALIAS_OVERHEAD_BYTES = 64;

export class ResponseCache {
  private readonly entries: LRUCache<string, PreparedResponse>;
  private readonly aliases: LRUCache<string, string>;

  constructor(limits: ResponseCacheLimits) {
    this.entries = new LRUCache({
      maxSize: limits.maxBytes,
      sizeCalculation: (entry, key) => entry.bytes + key.length,
    });
    this.aliases = new LRUCache({
      maxSize: limits.maxAliasBytes,
      sizeCalculation: (key, target) => target.length + key.length + ALIAS_OVERHEAD_BYTES,
    });
  }

  /**
   * The entry kept under `key`, with its form in `encoding` made when this is the first time a
   * client asks for it (and counted against the budget from then on).
   */
  get(key: string, encoding: Encoding | null = null): PreparedResponse | undefined {
    const prepared = this.entries.get(key);
    return prepared === undefined ? undefined : this.withForm(key, prepared, encoding);
  }

  /**
   * Prepares a reply, with its form in `encoding`, and keeps it; one larger than the whole budget
   * is prepared but not kept.
   */
  keep(
    key: string,
    reply: Reply,
    options: PrepareOptions,
    encoding: Encoding | null = null,
  ): PreparedResponse {
    const prepared = prepareResponse(reply, options);
    this.entries.set(key, prepared);
    return this.withForm(key, prepared, encoding);
  }

  /** Remembers a raw request target as another name of a kept entry (of nothing, when it is not kept). */
  alias(target: string, key: string): void {
    if (this.entries.has(key)) this.aliases.set(target, key);
  }

  /** The entry a raw request target was last found to mean, while both are kept; as `get`. */
  byTarget(target: string, encoding: Encoding | null = null): PreparedResponse | undefined {
    const key = this.aliases.get(target);
    return key === undefined ? undefined : this.get(key, encoding);
  }

  private withForm(key: string, prepared: PreparedResponse, encoding: Encoding | null): PreparedResponse {
    if (encoding === null || prepared[encoding] !== undefined) return prepared;
    const grown = withEncoding(prepared, encoding);
    // Set again only while kept: an entry over the budget is not brought back by growing.
    if (this.entries.has(key)) this.entries.set(key, grown);
    return grown;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held by entries and by aliases, as counted against the budgets. */
  get bytes(): { entries: number; aliases: number } {
    return { entries: this.entries.calculatedSize, aliases: this.aliases.calculatedSize };
  }
}
