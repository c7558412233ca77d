/**
 * The form of a text that detection rules match against, with a map back to the original. It is
 * what a model effectively reads once the tricks that only fool a human reader or a naive scanner
 * are undone:
 * - invisible characters (zero-width, bidi controls, tag characters, variation selectors, soft
 *   hyphens, blank letters) and ANSI escape sequences are dropped, so "ig⟨U+200B⟩nore" reads "ignore";
 * - compatibility forms are folded (fullwidth and mathematical letters), accents are stripped, and
 *   in words written only with Latin letters and their look-alikes, Cyrillic "а" or Greek "ο" read
 *   as the Latin letter, so "іgnore" reads "ignore" while Russian or Greek words stay as they are;
 * - letters spelled out one at a time ("i g n o r e", "s.s.h") are joined;
 * - everything is lower case, and any run of white space is one space (or one line break).
 * Rules therefore match techniques, not the disguise a payload happens to wear.
 */

export interface TextForm {
  /** The matchable text. */
  text: string;
  /** For each UTF-16 unit of `text`, the UTF-16 offset in the original it came from. */
  origin: number[];
}

/** Cyrillic, Greek, Armenian and small-capital letters that read as a Latin letter. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  ё: 'e',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  ı: 'i',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ո: 'n',
  ս: 'u',
  օ: 'o',
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};

export function isLookAlike(char: string): boolean {
  return char in LOOK_ALIKES;
}

export function lookAlikeOf(char: string): string | undefined {
  return LOOK_ALIKES[char];
}

/** ANSI escape sequences: CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), and two-character escapes. */
export const ANSI_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC and BEL are what an ANSI sequence is made of.
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;

/**
 * Characters that render as nothing. Tabs, line breaks, the braille blank and the Hangul fillers
 * (letters that render as a blank the width of a space, used to space out words no filter reads:
 * "read\u3164.env\u3164in\u3164the\u3164root") become spaces instead.
 */
/** Interlinear annotation marks (U+FFF9–FFFB) separate the annotated text from its note: read as spaces. */
const DROPPED =
  /(?![\uFFF9-\uFFFB])\p{Cf}|[\u{FE00}-\u{FE0F}]|[\u{E0100}-\u{E01EF}]|\u034F|\u180E|(?![\t\n\r])\p{Cc}/u;
const BLANK = /[\s\u2800\u115F\u1160\u3164\uFFA0\uFFF9-\uFFFB]/u;
const MARK = /\p{M}/u;

function ansiRanges(text: string): [number, number][] {
  return [...text.matchAll(ANSI_SEQUENCE)].map((match) => [match.index, match.index + match[0].length]);
}

/**
 * Typographic apostrophes and primes read as the ASCII one, so "don’t" matches what "don't" does:
 * word processors and most chat clients write the curly form, attackers included.
 */
const APOSTROPHE = /[\u2018\u2019\u201B\u02BC\u2032\uFF07]/u;

/** Folds one code point: compatibility decomposition, accents stripped, lower case. */
function fold(char: string): string {
  if (APOSTROPHE.test(char)) return "'";
  let out = '';
  for (const part of char.normalize('NFKD')) if (!MARK.test(part)) out += part;
  return out.toLowerCase();
}

interface Units {
  chars: string[];
  origin: number[];
}

/**
 * JSON string escapes left in a result that serialises its records (`"text": "…\n\nIgnore the
 * system instructions.\n…"`): the model reads `\n` as the line break it stands for, so it ends a
 * sentence here too. Only before what cannot continue a lower-case word, so a Windows path
 * (`C:\Users\nick`) keeps its letters.
 */
const ESCAPED_BLANK = /\\[nrt](?![a-z])/g;

function escapedBlanks(original: string): Map<number, string> {
  const blanks = new Map<number, string>();
  for (const match of original.matchAll(ESCAPED_BLANK)) {
    blanks.set(match.index, match[0][1] === 't' ? '\t' : '\n');
    blanks.set(match.index + 1, '');
  }
  return blanks;
}

function visibleUnits(original: string): Units {
  const skip = ansiRanges(original);
  const escaped = escapedBlanks(original);
  const chars: string[] = [];
  const origin: number[] = [];
  let range = 0;
  let index = 0;
  for (const unread of original) {
    const at = index;
    index += unread.length;
    while (range < skip.length && skip[range]![1] <= at) range += 1;
    if (range < skip.length && skip[range]![0] <= at) continue;
    const char = escaped.get(at) ?? unread;
    if (char === '') continue;
    if (DROPPED.test(char)) continue;
    if (BLANK.test(char)) {
      // Line breaks end sentences, so they survive; any other run of blanks is one space.
      const unit = char === '\n' || char === '\r' ? '\n' : ' ';
      const last = chars[chars.length - 1];
      if (last === undefined) continue;
      if (last === ' ' || last === '\n') {
        if (unit === '\n') chars[chars.length - 1] = '\n';
        continue;
      }
      chars.push(unit);
      origin.push(at);
      continue;
    }
    for (const unit of fold(char)) {
      chars.push(unit);
      origin.push(at);
    }
  }
  while (chars[chars.length - 1] === ' ' || chars[chars.length - 1] === '\n') {
    chars.pop();
    origin.pop();
  }
  return { chars, origin };
}

const WORD = /[\p{L}]+/gu;
const LATIN = /^[a-z]$/;

/** In words made only of Latin letters and look-alikes, the look-alikes become Latin. */
function foldLookAlikes(units: Units): void {
  const text = units.chars.join('');
  for (const match of text.matchAll(WORD)) {
    const letters = Array.from(match[0]);
    // A word of look-alikes only ("οκ") is folded too: a Latin reader sees Latin.
    if (!letters.every((letter) => LATIN.test(letter) || letter in LOOK_ALIKES)) continue;
    let at = match.index;
    for (const letter of letters) {
      const latin = LOOK_ALIKES[letter];
      if (latin !== undefined) units.chars[at] = latin;
      at += letter.length;
    }
  }
}

/** "i g n o r e" and "s.s.h" → "ignore", "ssh": at least three single letters with one separator each. */
const SPELLED = /(?<![\p{L}\p{N}])\p{L}(?:[ .\-_*·]\p{L}){2,}(?![\p{L}\p{N}])/gu;

function joinSpelledLetters(units: Units): Units {
  const text = units.chars.join('');
  const drop = new Set<number>();
  for (const match of text.matchAll(SPELLED)) {
    const separator = match[0][1];
    // Every separator must be the same character, or this is ordinary text ("a-b c").
    if (![...match[0]].every((char, index) => index % 2 === 0 || char === separator)) continue;
    for (let index = 1; index < match[0].length; index += 2) drop.add(match.index + index);
  }
  if (drop.size === 0) return units;
  return {
    chars: units.chars.filter((_, index) => !drop.has(index)),
    origin: units.origin.filter((_, index) => !drop.has(index)),
  };
}

/**
 * A pattern written in ordinary spelling, rewritten as the match form spells it: accents and
 * voicing marks stripped ("ユーザー" reads "ユーサー"), compatibility forms folded. Regex syntax is
 * ASCII and passes through unchanged.
 */
export function inMatchSpelling(pattern: RegExp): RegExp {
  let source = '';
  for (const char of pattern.source) source += char.charCodeAt(0) < 0x80 ? char : fold(char);
  return new RegExp(source, pattern.flags);
}

export function matchForm(original: string): TextForm {
  const units = visibleUnits(original);
  foldLookAlikes(units);
  const joined = joinSpelledLetters(units);
  return { text: joined.chars.join(''), origin: joined.origin };
}

/** The span of the original that produced `[start, end)` of the form. */
export function originalSpan(form: TextForm, start: number, end: number, original: string): [number, number] {
  if (form.origin.length === 0) return [0, 0];
  const from = form.origin[Math.min(start, form.origin.length - 1)]!;
  const lastIndex = Math.max(start, Math.min(end, form.origin.length) - 1);
  const last = form.origin[lastIndex]!;
  const lastChar = original.codePointAt(last) ?? 0;
  return [from, last + (lastChar > 0xffff ? 2 : 1)];
}
