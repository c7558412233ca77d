/**
 * Answers to MCP calls, kept per data version. Every tool, resource and prompt of this server reads
 * nothing but the catalogue of the request's data version, so the same call (method and params,
 * under the same protocol version and content type) gets the same answer until the data changes;
 * only the JSON-RPC id differs. A kept answer is the SDK's own response body cut around the id, so
 * a hit is those bytes with the caller's id in between, without building a server and transport.
 *
 * Only single requests (no batches, no notifications) of the read methods below are kept, and only
 * when the SDK answered 200 with a result whose bytes the cut gives back exactly; `initialize`,
 * protocol errors and everything else go to the SDK every time. Memory is bounded in bytes
 * (lru-cache), least recently used first out; a new data version starts with none.
 */
import { LRUCache } from 'lru-cache';
import type { DataVersion } from '../live/live-data.ts';
import type { AnswerHead } from './node-bridge.ts';

const READ_METHODS = new Set([
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
]);

/** What an entry costs besides its bytes: the objects, the map slot, the header pairs. */
const ENTRY_OVERHEAD_BYTES = 256;
/** Stands for the id while the body is cut; a NUL cannot appear unescaped in JSON text. */
const ID_MARK = '\u0000afscore-jsonrpc-id\u0000';
const ID_MARK_JSON = JSON.stringify(ID_MARK);

export interface McpCall {
  key: string;
  id: string | number;
}

export interface KeptAnswer {
  before: Buffer;
  after: Buffer;
  /** The SDK's response headers but Content-Length, as name, value pairs. */
  headers: [string, string][];
  /**
   * The whole head for a request without Origin (most MCP clients are not browsers), rate-limit
   * headers aside, so such a request is answered with one `writeHead`.
   */
  plainHead: AnswerHead;
}

function parseObject(bytes: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The cache key and id of a request whose answer may be kept, or null. */
export function cacheableCall(
  body: Buffer,
  contentType: string | undefined,
  protocolVersion: string | undefined,
): McpCall | null {
  const message = parseObject(body);
  if (!message) return null;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !READ_METHODS.has(method)) return null;
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) return null;
  const key = `${contentType ?? ''}\n${protocolVersion ?? ''}\n${method}\n${JSON.stringify(params ?? null)}`;
  return { key, id };
}

/**
 * The SDK's answer to `call`, cut around its id, with its head for a request without Origin
 * (`headFor`); null when it is not a result that can be kept.
 */
export function keptAnswer(
  call: McpCall,
  status: number,
  body: Buffer,
  headers: Headers,
  headFor: (headers: [string, string][]) => AnswerHead,
): KeptAnswer | null {
  if (status !== 200) return null;
  const message = parseObject(body);
  if (!message || message.id !== call.id || !('result' in message) || 'error' in message) return null;
  const parts = JSON.stringify({ ...message, id: ID_MARK }).split(ID_MARK_JSON);
  if (parts.length !== 2) return null;
  const before = Buffer.from(parts[0]!);
  const after = Buffer.from(parts[1]!);
  // Kept only when the cut gives back the very bytes the SDK wrote.
  if (!Buffer.concat([before, Buffer.from(JSON.stringify(call.id)), after]).equals(body)) return null;
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name !== 'content-length') kept.push([name, value]);
  });
  return { before, after, headers: kept, plainHead: headFor(kept) };
}

/** The body of a kept answer for the caller's id, in three pieces. */
export function answerPieces(answer: KeptAnswer, id: string | number): Buffer[] {
  return [answer.before, Buffer.from(JSON.stringify(id)), answer.after];
}

function answerBytes(answer: KeptAnswer, key: string): number {
  let bytes = ENTRY_OVERHEAD_BYTES + key.length + answer.before.length + answer.after.length;
  for (const [name, value] of answer.headers) bytes += name.length + value.length;
  for (const text of answer.plainHead.beforeLength) bytes += text.length;
  for (const text of answer.plainHead.afterLength) bytes += text.length;
  return bytes;
}

const caches = new WeakMap<DataVersion, LRUCache<string, KeptAnswer>>();

/** The kept answers of a data version, within `maxBytes`; they go when the version does. */
export function mcpAnswers(version: DataVersion, maxBytes: number): LRUCache<string, KeptAnswer> {
  let cache = caches.get(version);
  if (!cache) {
    cache = new LRUCache({ maxSize: maxBytes, sizeCalculation: answerBytes });
    caches.set(version, cache);
  }
  return cache;
}
