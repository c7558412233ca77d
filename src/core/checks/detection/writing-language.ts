/**
 * Which language a text is written in, and whether a piece of data is written in another language
 * than the server's own definitions. A server writes its descriptions, hints and errors in one
 * language; a paragraph in another language inside the data it returns was written by someone
 * else (an email, a cell, a pull request). That is evidence any rule can use without knowing the
 * words of the language, which is how injections in languages no word list covers are still read.
 *
 * Identification is franc's trigram model (187 languages). Names, addresses, numbers and code are
 * taken out first: they are the same in every language and only blur the guess.
 */
import { francAll } from 'franc';

/** How much prose it takes to name a language, and how far behind another the own language may be. */
export const LANGUAGE_EVIDENCE = {
  /** Fewer letters than this and trigrams guess: a clause of two or three words is left alone. */
  minimumLetters: 24,
  /** franc scores the best guess 1; a language scored at or above this is as plausible. */
  closeScore: 0.9,
} as const;

/** Code, then (`withoutAddresses`) addresses, then identifiers (`transfer_funds`, `startMastraCourse`), e-mail, numbers. */
const CODE_SPAN = /`[^`\n]*`/g;
const NOT_PROSE = [
  /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  // Only from where a run of letters and digits starts: a later start reaches the same separator,
  // so the match is the same, and a long run (`中中中…`, `xxxx…`) is read once, not from every letter.
  /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[_./-][\p{L}\p{N}]+)+/gu,
  /\b\p{Ll}+\p{Lu}[\p{L}\p{N}]*/gu,
  /[\p{N}]+/gu,
];

/**
 * Where an address can be: a whole run of scheme characters ending in `://`, to the next space.
 * Read from the run's start only, so a long run of dots and letters (`a.a.a…`) costs linear time,
 * where `\b[a-z][a-z0-9+.-]*:\/\/\S+` tried again from every letter of it.
 */
const ADDRESS_RUN = /(?<![a-z0-9+.-])([a-z0-9+.-]+):\/\/\S+/gi;
const WORD_CHAR = /[A-Za-z0-9_]/;
const LETTER = /[A-Za-z]/;

/**
 * The text with every `scheme://…` address taken out, exactly as `\b[a-z][a-z0-9+.-]*:\/\/\S+`
 * would: the address starts at the run's first letter that follows a non-word character.
 */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS_RUN, (run: string, scheme: string, offset: number) => {
    for (let index = 0; index < scheme.length; index += 1) {
      const before = offset + index === 0 ? '' : text[offset + index - 1]!;
      if (LETTER.test(scheme[index]!) && !WORD_CHAR.test(before)) return `${run.slice(0, index)} `;
    }
    // No address starts in the scheme: one may start later in the run (`1://http://x.io`).
    return scheme + withoutAddresses(run.slice(scheme.length));
  });
}

/** The text with everything removed that reads the same in every language. */
export function proseOf(text: string): string {
  let prose = withoutAddresses(text.replace(CODE_SPAN, ' '));
  for (const pattern of NOT_PROSE) prose = prose.replace(pattern, ' ');
  return prose.replace(/\s+/g, ' ').trim();
}

function letterCount(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/** Whether a text has enough prose to tell its language. */
export function tellsLanguage(text: string): boolean {
  return letterCount(proseOf(text)) >= LANGUAGE_EVIDENCE.minimumLetters;
}

/**
 * The languages a text may be written in (ISO 639-3): franc's best guess and every language scored
 * close to it. Close languages score close (Spanish and Galician, English and Scots), and a short
 * text can lean the wrong way, so one guess alone would call a language foreign to itself. Empty
 * when the text has too little prose to tell.
 */
export function plausibleLanguages(text: string): ReadonlySet<string> {
  const prose = proseOf(text);
  if (letterCount(prose) < LANGUAGE_EVIDENCE.minimumLetters) return new Set();
  return new Set(
    francAll(prose, { minLength: 1 })
      .filter(([code, score]) => code !== 'und' && score >= LANGUAGE_EVIDENCE.closeScore)
      .map(([code]) => code),
  );
}

/**
 * Whether `text` is written in another language than one of `languages`: it can tell, and no
 * language is plausible for both.
 */
export function writtenInOtherLanguage(text: string, languages: ReadonlySet<string>): boolean {
  const own = plausibleLanguages(text);
  if (own.size === 0) return false;
  for (const code of own) if (languages.has(code)) return false;
  return true;
}
