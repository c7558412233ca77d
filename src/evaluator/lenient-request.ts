/**
 * Requests whose answers are read even when the SDK's schema refuses their shape. Clients differ in
 * how strictly they check a server's answers, and the model behind a lenient one reads whatever
 * text arrived: a tools/list with an `inputSchema` that has no object root, a tool result with a
 * content block of an unknown type. The evaluator reads such answers as they came, judges their
 * shape separately, and scans their text, so a malformed answer cannot hide a payload from it.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';

/** Any JSON object: what is left to read once the strict schema has refused an answer. */
export const ANY_RESULT = z.looseObject({});

/**
 * A refusal of the answer's shape, not a timeout or the server's own JSON-RPC error: zod's core
 * `$ZodError` with its issues, or the SDK's wrapping of it for tools/call ("Invalid tools/call
 * result: …", which it raises as -32602 on the client's side).
 */
export function shapeRefused(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    Array.isArray((error as { issues?: unknown }).issues) || /\bInvalid [\w/]+ result\b/.test(error.message)
  );
}

export interface LenientAnswer<T> {
  result: T;
  /** Why the strict schema refused the answer, when it did (then `result` is the answer as it came). */
  refused: string | null;
}

/** Asks with the strict schema, and on a refusal of shape asks again and takes the answer as it comes. */
export async function requestLeniently<S extends z.ZodType>(
  client: Client,
  request: { method: string; params?: Record<string, unknown> },
  schema: S,
  timeout: number,
  fallback: z.ZodType = ANY_RESULT,
): Promise<LenientAnswer<z.infer<S>>> {
  try {
    return { result: await client.request(request, schema, { timeout }), refused: null };
  } catch (error) {
    if (!shapeRefused(error)) throw error;
    const result = (await client.request(request, fallback, { timeout })) as z.infer<S>;
    return { result, refused: error instanceof Error ? error.message.slice(0, 500) : String(error) };
  }
}

/** Every string in an answer, depth first: the text a lenient client may show the model. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}
