import { describe, expect, it } from 'vitest';
import { PG_QUERY } from '../../../test/support/package-fixture.ts';
import { parseMarkdownFile } from './parse-files.ts';
import { validatePackageFile } from './validate-package.ts';

const categories = new Set(['databases', 'documents']);

function frontmatter(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { body: _body, ...meta } = PG_QUERY;
  return {
    ...meta,
    ...overrides,
  };
}

function issuesOf(meta: Record<string, unknown>, fileId = 'pg-query') {
  const result = validatePackageFile(meta, 'Body.', { fileId, categories });
  return result.ok ? [] : result.issues;
}

describe('validatePackageFile', () => {
  it('accepts a complete package and trims its body', () => {
    const result = validatePackageFile(frontmatter(), '\nBody text.\n\n', { fileId: 'pg-query', categories });
    expect(result).toEqual({ ok: true, value: { ...frontmatter(), body: 'Body text.' } });
  });

  it('ties the id to the file name and the category to a known one', () => {
    expect(issuesOf(frontmatter(), 'pg')).toEqual([
      expect.objectContaining({ pointer: '/id', message: 'is "pg-query" but the file is pg.md' }),
    ]);
    expect(issuesOf(frontmatter({ category: 'games' }))).toEqual([
      expect.objectContaining({ pointer: '/category', hint: 'use one of databases, documents' }),
    ]);
  });

  it('refuses ids that could leave the folder', () => {
    expect(issuesOf(frontmatter({ id: '../etc' }), '../etc')[0]).toMatchObject({
      pointer: '/id',
      message: 'does not have the expected format',
    });
  });

  it('fits the distribution to the kind', () => {
    expect(issuesOf(frontmatter({ kind: 'skill' }))[0]).toMatchObject({
      pointer: '/distribution/skill',
      message: 'is required for a skill',
    });
    expect(
      issuesOf(frontmatter({ distribution: { npm: '@example/pg-query', skill: 'skills/x' } }))[0],
    ).toMatchObject({ pointer: '/distribution/skill' });
    expect(issuesOf(frontmatter({ distribution: {} }))[0]).toMatchObject({ pointer: '/distribution' });
  });

  it('accepts a removal after the package was added, and nothing before', () => {
    expect(issuesOf(frontmatter({ removed: { date: '2026-06-01', reason: 'Repository deleted.' } }))).toEqual(
      [],
    );
    expect(
      issuesOf(frontmatter({ removed: { date: '2025-06-01', reason: 'Repository deleted.' } }))[0],
    ).toMatchObject({ pointer: '/removed/date' });
  });

  it('requires https repository URLs', () => {
    expect(issuesOf(frontmatter({ repository: 'http://github.com/x/y' }))[0]).toMatchObject({
      pointer: '/repository',
      hint: 'use an https:// URL',
    });
  });
});

describe('parseMarkdownFile', () => {
  it('reads YAML frontmatter and turns dates back into text', () => {
    const parsed = parseMarkdownFile('---\nid: x\nadded: 2026-01-15\n---\nBody\n');
    expect(parsed).toEqual({
      ok: true,
      value: { frontmatter: { id: 'x', added: '2026-01-15' }, body: 'Body\n' },
    });
  });

  it('never runs JavaScript frontmatter', () => {
    (globalThis as Record<string, unknown>).pwned = false;
    const parsed = parseMarkdownFile('---js\n{ id: (globalThis.pwned = true, "x") }\n---\nBody\n');
    expect(parsed.ok).toBe(false);
    expect((globalThis as Record<string, unknown>).pwned).toBe(false);
  });

  it('explains a file without frontmatter or with broken YAML', () => {
    expect(parseMarkdownFile('# Title\n')).toMatchObject({
      ok: false,
      issues: [{ pointer: '', message: 'has no frontmatter' }],
    });
    const broken = parseMarkdownFile('---\nid: [unclosed\n---\n');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.issues[0]?.message).toMatch(/^frontmatter does not parse/);
  });
});
