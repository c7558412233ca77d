/**
 * INT-01: every inputSchema is a JSON Schema a client can compile, with an object root. The
 * dialect follows `$schema` (draft-07 from zod-to-json-schema, 2020-12 as the MCP default);
 * compiling also catches references that do not resolve.
 */
import { Ajv, type AnySchema } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { countOf, fail, pass } from '../results.ts';
import { asObject } from '../schema-utils.ts';
import type { McpSnapshot } from '../snapshot.ts';

const options = { strict: false, logger: false, validateFormats: false, allErrors: false } as const;
const dialects = {
  draft07: new Ajv(options),
  draft2019: new Ajv2019(options),
  draft2020: new Ajv2020(options),
};

function engineFor(schema: Record<string, unknown>): Ajv | Ajv2019 | Ajv2020 {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[4-7]/.test(dialect)) return dialects.draft07;
  if (/2019-09/.test(dialect)) return dialects.draft2019;
  return dialects.draft2020;
}

/** Why the schema is not usable, or null when it is. */
export function schemaProblem(value: unknown): string | null {
  const schema = asObject(value);
  if (!schema) return 'has no inputSchema object';
  if (schema.type !== 'object') return `root type is ${JSON.stringify(schema.type ?? null)}, not "object"`;
  const engine = engineFor(schema);
  // The engine embodies the dialect; without `$schema` and `$id` an unknown dialect is checked by
  // the MCP default (2020-12) and two tools sharing an `$id` do not collide in the engine's cache.
  const { $schema: _dialect, $id: _id, ...candidate } = schema;
  try {
    if (!engine.validateSchema(candidate as AnySchema)) {
      const first = engine.errors?.[0];
      return `is not a valid JSON Schema: ${first?.instancePath || '(root)'} ${first?.message ?? ''}`.trim();
    }
    engine.compile(candidate as AnySchema);
    return null;
  } catch (error) {
    return `does not compile: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  } finally {
    // Compiled schemas are cached by object; a long-running service must not keep every one.
    engine.removeSchema(candidate as AnySchema);
  }
}

/**
 * Whether `value` validates against `schema` (a tool's outputSchema), or why not. The schema
 * problem itself is reported first, since a broken schema cannot validate anything.
 */
export function instanceProblem(schemaValue: unknown, value: unknown): string | null {
  const schema = asObject(schemaValue);
  if (!schema) return 'the schema is not an object';
  const engine = engineFor(schema);
  const { $schema: _dialect, $id: _id, ...candidate } = schema;
  try {
    const validate = engine.compile(candidate as AnySchema);
    if (validate(value)) return null;
    const first = validate.errors?.[0];
    return `${first?.instancePath || '(root)'} ${first?.message ?? 'does not match'}`;
  } catch (error) {
    return `the schema does not compile: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  } finally {
    engine.removeSchema(candidate as AnySchema);
  }
}

export function checkSchemaValidity(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    const problem = schemaProblem(tool.inputSchema);
    if (problem)
      evidence.push({
        location: pointerJoin('/tools', index, 'inputSchema'),
        value: `${tool.name} ${problem}`,
      });
  });
  const total = snapshot.tools.length;
  if (evidence.length === 0) {
    return pass(
      'INT-01',
      total === 0 ? 'No tools to check.' : `All ${total} input schemas are valid object schemas.`,
    );
  }
  return fail(
    'INT-01',
    `${countOf(evidence.length, total, 'input schemas')} are not valid object schemas.`,
    evidence,
  );
}
