import { describe, expect, it } from 'vitest';
import { findCheck } from './checks.ts';

// A document is read under the rubric it was graded with, so each version must show a check as it
// stood then: the form in `before` applies to the versions before its `until`.
describe('a check as it stood in each rubric version', () => {
  it('shows SEC-06 comparing answers from 2.3 on, and only listings before', () => {
    const comparesAnswers = (version: '2.1' | '2.2' | '2.3' | '2.4') =>
      findCheck('mcp-server', 'SEC-06', version)?.passes.includes('The same tool calls');
    expect(comparesAnswers('2.1')).toBe(false);
    expect(comparesAnswers('2.2')).toBe(false);
    expect(comparesAnswers('2.3')).toBe(true);
    expect(comparesAnswers('2.4')).toBe(true);
  });

  it('keeps the oldest form for the oldest version', () => {
    expect(findCheck('mcp-server', 'SEC-06', '2.0')).toMatchObject({ severity: 'high', fromSnapshot: false });
    expect(findCheck('mcp-server', 'SEC-06', '2.1')).toMatchObject({
      severity: 'critical',
      fromSnapshot: true,
    });
  });

  it('shows LIC-01 asking the source repository from 2.3 on', () => {
    expect(findCheck('mcp-server', 'LIC-01', '2.2')?.passes).not.toContain('repository');
    expect(findCheck('mcp-server', 'LIC-01', '2.3')?.passes).toContain('source repository on GitHub');
  });
});
