import { describe, expect, it } from 'vitest';
import { isModelAlias, unpinnedModelReason } from './model-pin.ts';

describe('pinned models', () => {
  it('refuses aliases', () => {
    expect(isModelAlias('claude-3-5-sonnet-latest')).toBe(true);
    expect(isModelAlias('llama3:latest')).toBe(true);
    expect(unpinnedModelReason('anthropic', 'claude-sonnet-4-5')).toContain('not a dated Anthropic snapshot');
    expect(unpinnedModelReason('openai', 'gpt-4o')).toContain('names no dated snapshot');
  });

  it('accepts dated snapshots and explicit tags', () => {
    expect(unpinnedModelReason('anthropic', 'claude-sonnet-4-5-20250929')).toBeNull();
    expect(unpinnedModelReason('openai', 'gpt-4o-2024-08-06')).toBeNull();
    expect(unpinnedModelReason('openai', 'llama3.1:8b')).toBeNull();
  });
});
