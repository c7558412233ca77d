/**
 * Responses computed once per data version and reused: the body bytes, a weak ETag, and compressed
 * forms added as clients ask for them.
 */
import { bodyReply, JSON_TYPE, type Reply } from '../http/reply.ts';

export function preparedJson(value: unknown, etag: string): Reply {
  return bodyReply(JSON.stringify(value), JSON_TYPE, etag);
}

/** A bounded map that forgets the least recently used entry first. */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
