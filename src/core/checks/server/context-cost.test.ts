import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { checkDescriptionBloat, checkToolCount, checkToolListSize, toolsListTokens } from './context-cost.ts';

const many = (count: number) =>
  Array.from({ length: count }, (_, index) => tool(`tool_${String(index).padStart(3, '0')}`));

describe('EFF-01', () => {
  it('estimates tokens as canonical characters ÷ 4', () => {
    const snapshot = mcpSnapshot([tool('a', { description: 'x'.repeat(400) })]);
    expect(toolsListTokens(snapshot)).toBe(
      Math.ceil(
        JSON.stringify({
          tools: [{ description: 'x'.repeat(400), inputSchema: { type: 'object' }, name: 'a' }],
        }).length / 4,
      ),
    );
    expect(checkToolListSize(snapshot).status).toBe('pass');
    expect(checkToolListSize(mcpSnapshot([tool('a', { description: 'x'.repeat(20_000) })])).status).toBe(
      'partial',
    );
    expect(checkToolListSize(mcpSnapshot([tool('a', { description: 'x'.repeat(60_000) })])).status).toBe(
      'fail',
    );
  });
});

describe('EFF-02', () => {
  it('bands the tool count', () => {
    expect(checkToolCount(mcpSnapshot(many(15))).status).toBe('pass');
    expect(checkToolCount(mcpSnapshot(many(16))).status).toBe('partial');
    expect(checkToolCount(mcpSnapshot(many(51))).status).toBe('fail');
    expect(checkToolCount(mcpSnapshot([])).message).toBe('The server exposes no tools.');
  });
});

describe('EFF-03', () => {
  it('fails oversized descriptions and marks repeated long passages', () => {
    expect(checkDescriptionBloat(mcpSnapshot([tool('a', { description: 'y'.repeat(2001) })])).status).toBe(
      'fail',
    );
    const boilerplate = `Always check the workspace settings, the user permissions and the rate limits before calling any tool of this server, or calls fail.`;
    const result = checkDescriptionBloat(
      mcpSnapshot([
        tool('a', { description: `Reads. ${boilerplate}` }),
        tool('b', { description: `Writes. ${boilerplate}` }),
      ]),
    );
    expect(result).toMatchObject({
      status: 'partial',
      evidence: [{ location: '/tools/1/description', value: 'also in a' }],
    });
  });
});
