import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { checkSchemaHygiene, schemaHygieneProblems } from './schema-hygiene.ts';

describe('INT-02', () => {
  it('lists missing required properties, untyped properties, empty enums and deep nesting', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 6; level += 1) deep = { type: 'object', properties: { inner: deep } };
    const problems = schemaHygieneProblems(
      {
        type: 'object',
        required: ['ghost'],
        properties: { loose: { description: 'anything' }, mode: { type: 'string', enum: [] }, deep },
      },
      '/tools/0/inputSchema',
    );
    expect(problems.map((problem) => problem.value)).toEqual([
      'requires "ghost", which is not a property',
      'nested 6 levels deep',
      'empty enum',
      'property has no type',
    ]);
  });

  it('grades by the share of clean tools', () => {
    const result = checkSchemaHygiene(
      mcpSnapshot([tool('a'), tool('b', { inputSchema: { type: 'object', required: ['x'] } })]),
    );
    expect(result).toMatchObject({ status: 'partial', value: 0.5 });
  });

  it('counts anyOf, $ref and enum as typed', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        b: { enum: ['x'] },
        c: { $ref: '#/$defs/c' },
      },
    };
    expect(schemaHygieneProblems(schema, '')).toEqual([]);
  });
});
