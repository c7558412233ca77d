import { describe, expect, it } from 'vitest';
import { plausibleLanguages, proseOf, writtenInOtherLanguage } from './writing-language.ts';

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
