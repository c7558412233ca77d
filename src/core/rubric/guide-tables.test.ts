import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateEvaluation } from '../validation/validate-evaluation.ts';
import { checksFor } from './checks.ts';
import { exampleEvaluation } from './example-evaluation.ts';
import { renderGuide } from './guide-tables.ts';

const template = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'evaluation-guide.md'), 'utf8');

describe('the evaluation guide', () => {
  it('fills every marker from the rubric data', () => {
    const guide = renderGuide(template);
    expect(guide).not.toMatch(/<!-- [a-z:-]+ -->/);
    for (const check of [...checksFor('mcp-server'), ...checksFor('skill')])
      expect(guide).toContain(`| ${check.id} |`);
    expect(guide).toContain('| Security | 30 | 35 |');
  });

  it('refuses a marker it does not know', () => {
    expect(() => renderGuide('<!-- rubric:nonsense -->')).toThrow('unknown marker');
  });

  it('shows an example that passes validation', () => {
    const example = exampleEvaluation();
    const packages = new Map([
      [
        'server-memory',
        {
          id: 'server-memory',
          name: 'Memory',
          kind: 'mcp-server' as const,
          category: 'knowledge-memory',
          description: 'Keeps a local knowledge graph.',
          repository: 'https://github.com/modelcontextprotocol/servers',
          distribution: {},
          maintainers: [],
          added: '2026-11-01',
          body: '',
        },
      ],
    ]);
    expect(validateEvaluation(example, { packages, mode: 'integrity' })).toEqual({
      ok: true,
      value: example,
    });
    expect(example.scores.status).toBe('scored');
  });
});
