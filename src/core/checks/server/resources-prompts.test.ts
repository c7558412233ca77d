import { describe, expect, it } from 'vitest';
import { mcpSnapshot } from '../../../../test/support/snapshots.ts';
import { checkResourcesAndPrompts } from './resources-prompts.ts';

describe('INT-08', () => {
  it('does not apply without resources or prompts', () => {
    expect(checkResourcesAndPrompts(mcpSnapshot([])).status).toBe('not_applicable');
  });

  it('needs a MIME type on resources and descriptions on prompt arguments', () => {
    const result = checkResourcesAndPrompts(
      mcpSnapshot([], {
        resources: [
          { uri: 'memory://graph', name: 'graph', mimeType: 'application/json' },
          { uri: 'file:///notes.txt', name: 'notes' },
        ],
        prompts: [
          {
            name: 'review',
            arguments: [{ name: 'code', description: 'The code to review' }, { name: 'style' }],
          },
        ],
      }),
    );
    expect(result.status).toBe('partial');
    expect(result.value).toBeCloseTo(1 / 3, 3);
    expect(result.evidence?.map((item) => item.value)).toEqual([
      'file:///notes.txt has no MIME type',
      'review: style not described',
    ]);
  });
});
