import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalSha256 } from './canonical-json.ts';

describe('canonicalJson (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units and drops whitespace', () => {
    // The sorting example of RFC 8785 §3.2.3: U+1F600 is a surrogate pair (0xD83D…), so it sorts before U+FB33.
    const value = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\u{1f600}': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // Read the keys off the text: JSON.parse would put the integer-like key "1" first again.
    const keys = [...canonicalJson(value).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((match) =>
      JSON.parse(`"${match[1]}"`),
    );
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\u{1f600}', '\ufb33']);
  });

  it('writes numbers as ECMAScript does', () => {
    expect(canonicalJson([1e21, 1e-7, -0, 0.000001, 123456789012345680000, 4.5])).toBe(
      '[1e+21,1e-7,0,0.000001,123456789012345680000,4.5]',
    );
  });

  it('escapes strings minimally', () => {
    expect(canonicalJson({ a: 'é\u2028"\\\n' })).toBe('{"a":"é\u2028\\"\\\\\\n"}');
  });

  it('skips undefined members and refuses non-finite numbers', () => {
    expect(canonicalJson({ b: 1, a: undefined })).toBe('{"b":1}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/NaN/);
  });

  it('hashes equal values equally whatever their key order', () => {
    expect(canonicalSha256({ a: 1, b: [true, null] })).toBe(canonicalSha256({ b: [true, null], a: 1 }));
    expect(canonicalSha256({ a: 1 })).toMatch(/^[a-f0-9]{64}$/);
  });
});
