import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plausibleLanguages, proseOf, withoutAddresses, writtenInOtherLanguage } from './writing-language.ts';

describe('writing language', () => {
  it('reads only prose: names, addresses, code and numbers are the same in every language', () => {
    expect(
      proseOf(
        'Call `set_sharing` with sheetId 42 for ops@example.com at https://x.example/a; then startSync.',
      ),
    ).toBe('Call with for at then .');
  });

  it('names English, and other languages, from a sentence', () => {
    expect(
      plausibleLanguages('Returns the weather forecast for a city, with hourly temperatures.'),
    ).toContain('eng');
    expect(
      plausibleLanguages('Devuelve el pronóstico del tiempo para una ciudad, con las temperaturas por hora.'),
    ).toContain('spa');
  });

  it('cannot tell from a few words', () => {
    expect(plausibleLanguages('Sent, thanks.').size).toBe(0);
    expect(writtenInOtherLanguage('Gracias, hecho.', new Set(['eng']))).toBe(false);
  });

  it('counts close languages as one: English is not foreign to a server guessed as Scots', () => {
    expect(
      writtenInOtherLanguage('Please verify the address first and then try again.', new Set(['sco', 'eng'])),
    ).toBe(false);
    expect(
      writtenInOtherLanguage(
        'Por favor verifique primero la dirección y vuelva a intentarlo más tarde.',
        new Set(['eng', 'sco']),
      ),
    ).toBe(true);
  });
});

describe('withoutAddresses', () => {
  const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
  const pieces = ['a', 'Z', '1', '.', '+', '-', '_', ':', '/', '://', 'http', 'x.io', 'é', ' ', '\n', '`'];

  it('takes out exactly what `\\b[a-z][a-z0-9+.-]*:\\/\\/\\S+` takes out', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join('')),
        (text) => {
          expect(withoutAddresses(text)).toBe(text.replace(ADDRESS, ' '));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('reads a long run of dots and letters once, not from every letter', () => {
    const dotted = `${'a.'.repeat(50_000)} see https://x.io/a and 1://b.io/c`;
    expect(withoutAddresses(dotted)).toBe(dotted.replace(ADDRESS, ' '));
  });
});

describe('proseOf in linear time', () => {
  /** proseOf as it was before its patterns were made to start where a run starts: the oracle. */
  function quadraticProseOf(text: string): string {
    let prose = text;
    for (const pattern of [
      /`[^`\n]*`/g,
      /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi,
      /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
      /[\p{L}\p{N}]+(?:[_./-][\p{L}\p{N}]+)+/gu,
      /\b\p{Ll}+\p{Lu}[\p{L}\p{N}]*/gu,
      /[\p{N}]+/gu,
    ])
      prose = prose.replace(pattern, ' ');
    return prose.replace(/\s+/g, ' ').trim();
  }
  const pieces = [
    'a',
    'Z',
    '1',
    '中',
    'é',
    '_',
    '.',
    '/',
    '-',
    '@',
    ' ',
    'http',
    '://',
    '`',
    'x.io',
    'aB',
    'word',
  ];

  it('leaves exactly the prose the plain patterns left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join('')),
        (text) => {
          expect(proseOf(text)).toBe(quadraticProseOf(text));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
