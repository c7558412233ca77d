import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { checkParameterDescriptions, checkToolDescriptions, descriptionProblem } from './descriptions.ts';

describe('INT-04', () => {
  it('names the problem with each description', () => {
    expect(descriptionProblem(tool('get_user', { description: undefined }))).toBe('has no description');
    expect(descriptionProblem(tool('get_user', { description: 'Get user' }))).toBe('only repeats its name');
    expect(descriptionProblem(tool('get_user', { description: 'Gets a user.' }))).toBe(
      'is described in 12 characters',
    );
    expect(
      descriptionProblem(tool('get_user', { description: 'Returns one user by id, with their email.' })),
    ).toBeNull();
  });

  it('grades by the share of described tools', () => {
    const result = checkToolDescriptions(
      mcpSnapshot([tool('a'), tool('b'), tool('c'), tool('d', { description: '' })]),
    );
    expect(result).toMatchObject({
      status: 'partial',
      value: 0.75,
      evidence: [{ location: '/tools/3/description' }],
    });
  });
});

describe('INT-05', () => {
  it('grades by the share of described parameters', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string', description: 'User id' }, verbose: { type: 'boolean' } },
    };
    expect(
      checkParameterDescriptions(mcpSnapshot([tool('get_user', { inputSchema: schema })])),
    ).toMatchObject({
      status: 'partial',
      value: 0.5,
      evidence: [{ location: '/tools/0/inputSchema/properties/verbose', value: 'get_user.verbose' }],
    });
  });

  it('passes a server whose tools take no parameters', () => {
    expect(checkParameterDescriptions(mcpSnapshot([tool('ping')])).status).toBe('pass');
  });
});
