import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { checkAnnotationsDeclared, checkOutputSchemas } from './annotations.ts';

describe('INT-06', () => {
  it('needs readOnlyHint, and destructiveHint on tools that write', () => {
    const result = checkAnnotationsDeclared(
      mcpSnapshot([
        tool('read', { annotations: { readOnlyHint: true } }),
        tool('write', { annotations: { readOnlyHint: false } }),
        tool('erase', { annotations: { readOnlyHint: false, destructiveHint: true } }),
        tool('bare'),
      ]),
    );
    expect(result).toMatchObject({ status: 'partial', value: 0.5 });
    expect(result.evidence?.map((item) => item.value)).toEqual([
      'write is not read-only but does not declare destructiveHint',
      'bare does not declare readOnlyHint',
    ]);
  });
});

describe('INT-07', () => {
  it('grades by the share of tools with an output schema', () => {
    expect(
      checkOutputSchemas(mcpSnapshot([tool('a', { outputSchema: { type: 'object' } }), tool('b')])),
    ).toMatchObject({ status: 'partial', value: 0.5 });
    expect(checkOutputSchemas(mcpSnapshot([tool('a')])).status).toBe('fail');
  });
});
