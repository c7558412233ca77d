import { describe, expect, it } from 'vitest';
import { formatCount, formatValue, scoreNoun, withDigitGroups } from './format.ts';

describe('numbers on pages', () => {
  it('groups digits the same way for every visitor', () => {
    expect(formatCount(5074)).toBe('5,074');
    expect(formatValue(14992)).toBe('14,992');
    expect(formatValue('5074')).toBe('5074');
    expect(formatValue(0.5)).toBe('0.5');
  });

  it('groups the counts a finding names, and nothing else', () => {
    expect(withDigitGroups('The tool list costs about 5074 tokens.')).toBe(
      'The tool list costs about 5,074 tokens.',
    );
    expect(withDigitGroups('312 lines, about 14992 tokens.')).toBe('312 lines, about 14,992 tokens.');
    expect(withDigitGroups('Released in 2026 as version 1.2.1000 with 1000000 tools')).toBe(
      'Released in 2026 as version 1.2.1000 with 1,000,000 tools',
    );
    expect(withDigitGroups('see localhost:4321 tokens and v1000-tools')).toBe(
      'see localhost:4321 tokens and v1000-tools',
    );
  });
});

describe('scoreNoun', () => {
  it('writes the score with its article', () => {
    expect(scoreNoun('af_score')).toBe('an af score');
    expect(scoreNoun('security_score')).toBe('a security score');
    expect(scoreNoun('efficiency_score')).toBe('an efficiency score');
  });
});
