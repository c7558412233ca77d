/**
 * Tool output schemas are the read API's response schemas (the ones `/openapi.json` publishes and the
 * end-to-end tests hold every `/v1` response to), so a tool cannot drift from its endpoint. The SDK
 * wants Zod, so each is converted once, with its `$ref`s inlined.
 */
import { z } from 'zod';
import { RESPONSE_SCHEMAS } from '../documents/api-schemas.ts';

type SchemaName = keyof typeof RESPONSE_SCHEMAS;
type JsonSchema = Parameters<typeof z.fromJSONSchema>[0];

const REF_PREFIX = '#/components/schemas/';

function inlineRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inlineRefs);
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX))
    return inlineRefs(RESPONSE_SCHEMAS[ref.slice(REF_PREFIX.length) as SchemaName]);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value)]));
}

/** The response schema of a `/v1` endpoint, as plain JSON Schema without references. */
export function responseSchema(name: SchemaName): Record<string, unknown> {
  return inlineRefs(RESPONSE_SCHEMAS[name]) as Record<string, unknown>;
}

/** A page schema with the optional `next_cursor` of cursor paging added. */
export function withNextCursorProperty(schema: Record<string, unknown>): Record<string, unknown> {
  return {
    ...schema,
    properties: {
      ...(schema.properties as Record<string, unknown>),
      next_cursor: {
        type: 'string',
        description:
          'Present when a later page exists: pass it as `cursor`, with the other arguments unchanged.',
      },
    },
  };
}

export function zodSchema(schema: Record<string, unknown>): z.ZodType {
  return z.fromJSONSchema(schema as JsonSchema);
}

/** Converted once per process: the schemas are constants. */
export const OUTPUT_SCHEMAS = {
  packagePage: zodSchema(withNextCursorProperty(responseSchema('PackagePage'))),
  package: zodSchema(responseSchema('Package')),
  comparison: zodSchema(responseSchema('Comparison')),
  leaderboard: zodSchema(responseSchema('Leaderboard')),
  categoryPage: zodSchema(responseSchema('CategoryPage')),
  stats: zodSchema(responseSchema('Stats')),
  queuePage: zodSchema(withNextCursorProperty(responseSchema('QueuePage'))),
  agentGuide: zodSchema(responseSchema('AgentGuide')),
  changePage: zodSchema(withNextCursorProperty(responseSchema('ChangePage'))),
};
