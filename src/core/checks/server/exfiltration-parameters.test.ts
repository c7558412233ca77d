import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { checkExfiltrationParameters } from './exfiltration-parameters.ts';

const withProperties = (properties: Record<string, unknown>, required: string[] = []) =>
  checkExfiltrationParameters(
    mcpSnapshot([tool('lookup', { inputSchema: { type: 'object', properties, required } })]),
  );

describe('SEC-05', () => {
  it('gives partial credit for one optional free-text side channel', () => {
    expect(withProperties({ query: { type: 'string' }, notes: { type: 'string' } })).toMatchObject({
      status: 'partial',
      evidence: [{ location: '/tools/0/inputSchema/properties/notes' }],
    });
  });

  it('fails with two, counting open pass-through objects', () => {
    expect(withProperties({ sideNote: { type: 'string' }, extra: { type: 'object' } }).status).toBe('fail');
  });

  it('passes required, narrowed or structured parameters', () => {
    expect(withProperties({ context: { type: 'string' } }, ['context']).status).toBe('pass');
    expect(withProperties({ metadata: { type: 'string', enum: ['full', 'none'] } }).status).toBe('pass');
    expect(
      withProperties({ options: { type: 'object', properties: { depth: { type: 'number' } } } }).status,
    ).toBe('pass');
  });
});
