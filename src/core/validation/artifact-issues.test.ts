import { describe, expect, it } from 'vitest';
import { parseNpmArtifact } from './artifact-issues.ts';

describe('parseNpmArtifact', () => {
  it.each([
    ['npm:@upstash/context7-mcp@4.1.1', { name: '@upstash/context7-mcp', version: '4.1.1' }],
    ['npm:claude-skills@1.0.2#skills/check-translations', { name: 'claude-skills', version: '1.0.2' }],
    ['npm:@scope/unversioned', { name: '@scope/unversioned', version: null }],
    ['npm:plain', { name: 'plain', version: null }],
  ])('reads %s', (artifact, expected) => {
    expect(parseNpmArtifact(artifact)).toEqual(expected);
  });

  it('leaves other kinds of artifact alone', () => {
    expect(parseNpmArtifact('git:https://github.com/anthropics/skills#skills/pdf@0123abc')).toBeNull();
    expect(parseNpmArtifact('https://mcp.example.com/mcp')).toBeNull();
  });
});
