import { describe, expect, it } from 'vitest';
import { tool as namedTool, mcpSnapshot as snapshot } from '../../../test/support/snapshots.ts';
import { checkHiddenUnicode, findHiddenCharacters } from './hidden-unicode.ts';
import type { SnapshotTool } from './snapshot.ts';

const tool = (description: string, extra: Partial<SnapshotTool> = {}) =>
  namedTool('lookup', { description, ...extra });

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

describe('SEC-01', () => {
  it('fails on tag characters and quotes them escaped', () => {
    const result = checkHiddenUnicode(snapshot([tool('Looks up a word.\u{E0069}\u{E0067}')]));
    expect(result.status).toBe('fail');
    expect(result.evidence?.[0]).toMatchObject({
      location: '/tools/0/description',
      excerpt: 'Looks up a word.\\u{E0069}\\u{E0067}',
    });
  });

  it('fails on bidi controls hidden in a parameter name', () => {
    const result = checkHiddenUnicode(
      snapshot([
        tool('Looks up a word.', {
          inputSchema: { type: 'object', properties: { 'wo\u202Erd': { type: 'string' } } },
        }),
      ]),
    );
    expect(result).toMatchObject({
      status: 'fail',
      evidence: [{ location: '/tools/0/inputSchema/properties/wo\\u{202E}rd' }],
    });
  });

  it('gives partial credit for zero-width characters only', () => {
    expect(checkHiddenUnicode(snapshot([tool('Looks\u200B up a word.')]))).toMatchObject({
      status: 'partial',
      value: 0.5,
    });
  });

  it('passes clean definitions', () => {
    expect(checkHiddenUnicode(snapshot([tool('Looks up a word in the dictionary. ✓')])).status).toBe('pass');
  });
});
