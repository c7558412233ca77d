import { describe, expect, it } from 'vitest';
import { skillSnapshot } from '../../../../test/support/snapshots.ts';
import { checkCompactBody, checkEvaluationsShipped, checkStructuredBody } from './body.ts';
import { readSkillManifest } from './files.ts';

function manifest(body: string) {
  const loaded = readSkillManifest(
    skillSnapshot('s', { 'SKILL.md': `---\nname: s\ndescription: d\n---\n${body}` }),
  );
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.manifest;
}

describe('SKL-D01', () => {
  it('wants a body organised under headings', () => {
    expect(checkStructuredBody(manifest('# Steps\n1. Do it.')).status).toBe('pass');
    expect(checkStructuredBody(manifest('Just do it.')).status).toBe('partial');
    expect(checkStructuredBody(manifest('\n\n')).status).toBe('fail');
  });
});

describe('SKL-E01', () => {
  it('bands the body by lines and tokens', () => {
    const lines = (count: number) => Array.from({ length: count }, () => 'step').join('\n');
    expect(checkCompactBody(manifest(lines(500))).status).toBe('pass');
    expect(checkCompactBody(manifest(lines(501))).status).toBe('partial');
    expect(checkCompactBody(manifest(lines(801))).status).toBe('fail');
    expect(checkCompactBody(manifest('x'.repeat(20_001))).status).toBe('partial');
  });
});

describe('SKL-M01', () => {
  it('wants a valid evaluation set', () => {
    const skill = (files: Record<string, string>) =>
      skillSnapshot('s', { 'SKILL.md': '---\nname: s\n---\n', ...files });
    expect(checkEvaluationsShipped(skill({ 'evals/evals.json': '[{"prompt":"p"}]' })).status).toBe('pass');
    expect(checkEvaluationsShipped(skill({ 'evals/evals.json': '[{' })).status).toBe('fail');
    expect(checkEvaluationsShipped(skill({ 'evals/cases.yaml': '- prompt: p' })).status).toBe('pass');
    expect(checkEvaluationsShipped(skill({})).status).toBe('fail');
  });
});
