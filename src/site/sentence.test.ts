import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence.ts';

describe('asSentence', () => {
  it('adds a full stop only where a sentence has none', () => {
    expect(asSentence('1 credential-shaped string')).toBe('1 credential-shaped string.');
    expect(asSentence('in the published package.')).toBe('in the published package.');
    expect(asSentence('  does it start?  ')).toBe('does it start?');
  });
});
