import { describe, expect, it } from 'vitest';
import { escapeInvisible, excerptAround } from './escape-text.ts';

describe('escaping package text', () => {
  it('writes invisible characters as ⟨U+…⟩ and is idempotent', () => {
    const escaped = escapeInvisible('a\u{E0041}\u202E\u200B\u001b[0m\nb\u3164');
    expect(escaped).toBe('a⟨U+E0041⟩⟨U+202E⟩⟨U+200B⟩⟨U+001B⟩[0m\\nb⟨U+3164⟩');
    expect(escapeInvisible(escaped)).toBe(escaped);
  });

  it('cuts excerpts around the spot on code point boundaries', () => {
    const text = `${'😀'.repeat(100)}HIT${'x'.repeat(100)}`;
    const excerpt = excerptAround(text, text.indexOf('HIT'), text.indexOf('HIT') + 3, 20);
    expect(excerpt).toContain('HIT');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
