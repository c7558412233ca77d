import { describe, expect, it } from 'vitest';
import { findHiddenCharacters } from './hidden-unicode.ts';

describe('findHiddenCharacters', () => {
  it('classifies tag, bidi, zero-width, escape and control characters', () => {
    const kinds = findHiddenCharacters('a\u{E0041}b\u202Ec\u200Bd\u001b[8me\u0007f\u00ADg').map(
      (found) => found.kind,
    );
    expect(kinds).toEqual(['tag', 'bidi', 'zero-width', 'ansi-escape', 'control', 'format']);
  });

  it('leaves emoji sequences, tabs and newlines alone', () => {
    expect(
      findHiddenCharacters('⚠️ 👩\u200D💻 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\tok\n'),
    ).toEqual([]);
  });

  it('reports UTF-16 offsets', () => {
    expect(findHiddenCharacters('😀\u200B')[0]).toMatchObject({ index: 2, codePoint: 0x200b });
  });
});
