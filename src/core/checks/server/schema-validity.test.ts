import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { checkSchemaValidity, instanceProblem, schemaProblem } from './schema-validity.ts';

describe('INT-01', () => {
  it('accepts draft-07 and 2020-12 object schemas', () => {
    expect(
      schemaProblem({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { a: { type: 'string' } },
      }),
    ).toBeNull();
    expect(
      schemaProblem({
        type: 'object',
        properties: { a: { type: 'array', prefixItems: [{ type: 'string' }] } },
      }),
    ).toBeNull();
  });

  it('rejects a non-object root, an invalid keyword value and a dangling reference', () => {
    expect(schemaProblem({ type: 'string' })).toBe('root type is "string", not "object"');
    expect(schemaProblem({ type: 'object', properties: { a: { type: 'strng' } } })).toMatch(
      /^is not a valid JSON Schema/,
    );
    expect(schemaProblem({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toMatch(
      /^does not compile/,
    );
    expect(schemaProblem(undefined)).toBe('has no inputSchema object');
  });

  it('fails the server when any tool schema is unusable', () => {
    const result = checkSchemaValidity(
      mcpSnapshot([tool('a'), tool('b', { inputSchema: { type: 'array' } })]),
    );
    expect(result).toMatchObject({ status: 'fail', evidence: [{ location: '/tools/1/inputSchema' }] });
  });

  it('validates structured content against an output schema', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    expect(instanceProblem(schema, { n: 1 })).toBeNull();
    expect(instanceProblem(schema, { n: 'one' })).toBe('/n must be number');
  });
});
