/**
 * Text carried in an encoding a reader skips over but a model decodes without being asked:
 * base64, hex, percent-encoding, HTML character references and `\u` escapes, and the ciphers
 * keyword filters are dodged with: letter shifts (ROT13 and every other Caesar shift), the mirrored
 * alphabet (Atbash), leetspeak ("r34d ~/.55h"), Morse code and text written backwards. Each decodes to a derived
 * text that the rules read like any other; binary data, ordinary identifiers and version numbers
 * decode to nothing readable and are left alone.
 */

export interface DecodedSpan {
  /** UTF-16 span of the encoded text in the original. */
  start: number;
  end: number;
  encoding:
    | 'base64'
    | 'hex'
    | 'percent'
    | 'html-entities'
    | 'unicode-escapes'
    | 'rot13'
    | 'caesar'
    | 'atbash'
    | 'leetspeak'
    | 'reversed'
    | 'morse';
  text: string;
  /** Decoded because the text says it is so encoded, not because the decoding reads as English. */
  labelled?: true;
}

const BASE64 =
  /(?<![\w+/=-])(?:[A-Za-z0-9+/]{4}){5,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?(?![\w+/=-])|(?<![\w-])(?:[A-Za-z0-9_-]{4}){6,}(?![\w-])/g;
const HEX = /(?<![\w])(?:(?:\\x|0x)?[0-9a-fA-F]{2}(?:[\s:]|\\x)?){12,}(?![\w])/g;
/** At least six escapes among URL-safe characters: "To%20display%20results%20…". */
const PERCENT = /(?:[\w.~!*'()-]{0,40}%[0-9a-fA-F]{2}){6,}[\w.~!*'()-]{0,40}/g;
const ENTITIES = /(?:&#(?:x[0-9a-fA-F]{1,6}|\d{1,7});){4,}/g;
const ESCAPES = /(?:\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]{1,6}\}){4,}/g;

/** Readable prose: mostly printable, with letters and spaces between words. */
function readable(text: string): boolean {
  if (text.length < 8) return false;
  const printable = [...text].filter((char) => /[\p{L}\p{N}\p{P}\p{Zs}\p{S}\n]/u.test(char)).length;
  if (printable / [...text].length < 0.9) return false;
  const words = text.split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word));
  return words.length >= 3;
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

function decodeBase64(value: string): string {
  const standard = value.replaceAll('-', '+').replaceAll('_', '/');
  return utf8(Uint8Array.from(Buffer.from(standard, 'base64')));
}

function decodeHex(value: string): string {
  const digits = value.replace(/\\x|0x|[\s:]/g, '');
  if (digits.length % 2 !== 0) return '';
  return utf8(Uint8Array.from(Buffer.from(digits, 'hex')));
}

function decodePercent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

function decodeEntities(value: string): string {
  return value.replace(/&#(x[0-9a-fA-F]+|\d+);/g, (_, code: string) => {
    const point = code.startsWith('x') ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
    return point <= 0x10ffff ? String.fromCodePoint(point) : '';
  });
}

function decodeEscapes(value: string): string {
  return value.replace(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g, (_, braced?: string, plain?: string) => {
    const point = Number.parseInt(braced ?? plain ?? '0', 16);
    return point <= 0x10ffff ? String.fromCodePoint(point) : '';
  });
}

/** International Morse code: letters, digits and the signs addresses need. */
const MORSE_TABLE: Readonly<Record<string, string>> = Object.fromEntries(
  (
    'A.- B-... C-.-. D-.. E. F..-. G--. H.... I.. J.--- K-.- L.-.. M-- N-. O--- P.--. Q--.- R.-. S... T- ' +
    'U..- V...- W.-- X-..- Y-.-- Z--.. 0----- 1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---.. ' +
    '9----. ..-.-.- ,--..-- ?..--.. /-..-. @.--.-. :---... -.-....- _..--.- ~.-.-.'
  )
    .split(' ')
    .map((entry) => [entry.slice(1), entry[0]!]),
);
/** Ten Morse letters or more, separated by spaces, words by a slash or wider spaces. */
const MORSE = /(?<![\w.-])[.-]{1,6}(?:(?: {1,3}| ?\/ ?)[.-]{1,7}){9,}(?![\w.-])/g;

function decodeMorse(value: string): string {
  return value
    .trim()
    .split(/ ?\/ ?| {2,}/)
    .map((word) =>
      word
        .split(' ')
        .map((code) => MORSE_TABLE[code] ?? '')
        .join(''),
    )
    .join(' ')
    .toLowerCase();
}

const DECODERS: readonly [DecodedSpan['encoding'], RegExp, (value: string) => string][] = [
  ['base64', BASE64, decodeBase64],
  ['hex', HEX, decodeHex],
  ['percent', PERCENT, decodePercent],
  ['html-entities', ENTITIES, decodeEntities],
  ['unicode-escapes', ESCAPES, decodeEscapes],
  ['morse', MORSE, decodeMorse],
];

/** The words English prose cannot do without; a cipher hides them, decoding brings them back. */
const FUNCTION_WORDS = new Set(
  'the and of to a in is it you that this for with as be on not do are or your all from if when then so any its their them first before after each every'.split(
    ' ',
  ),
);

/** The share of a text's words that are English function words: near zero for other languages. */
export function functionWordShare(text: string): number {
  // Whole words only: the letters left between a leetspeak word's digits are not words.
  const words = text
    .toLowerCase()
    .split(/[\s,:;]+/)
    .map((word) => word.replace(/^[("'`]+|[.)"'`!?]+$/g, ''))
    .filter((word) => word.length > 0);
  if (words.length === 0) return 0;
  return words.filter((word) => FUNCTION_WORDS.has(word)).length / words.length;
}

/** A cipher was undone when ordinary English appears where there was none. */
function decipheredToEnglish(before: string, after: string): boolean {
  return functionWordShare(after) >= 0.2 && functionWordShare(before) < 0.08;
}

/** Runs of at least five Latin words (paths included), the unit a cipher is applied to; each run read once, from its start. */
const LATIN_RUN = /(?<![A-Za-z0-9~/._'$@-])[A-Za-z0-9~/._'$@-]+(?:[ \t,:]+[A-Za-z0-9~/._'$@-]+){4,}/g;

/** Each Latin letter moved `shift` places along the alphabet: ROT13 is the shift of 13. */
function shifted(value: string, shift: number): string {
  return value.replace(/[A-Za-z]/g, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + shift) % 26) + base);
  });
}

/** The alphabet mirrored (a↔z, b↔y), the other classical cipher keyword filters are dodged with. */
function atbash(value: string): string {
  return value.replace(/[A-Za-z]/g, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(25 - (char.charCodeAt(0) - base) + base);
  });
}

/**
 * The shift that turns a run back into English, if one does. Twenty-five tries cost little on the
 * few runs a text has, and a payload may use any shift, not only ROT13's.
 */
function caesarShift(run: string): { shift: number; text: string } | null {
  let best: { shift: number; text: string; share: number } | null = null;
  for (let shift = 1; shift < 26; shift += 1) {
    const text = shifted(run, shift);
    const share = functionWordShare(text);
    if (decipheredToEnglish(run, text) && (best === null || share > best.share))
      best = { shift, text, share };
  }
  return best;
}

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
};

function unleet(value: string): string {
  return value.replace(/[013457890@$]/g, (char) => LEET[char] ?? char);
}

/** Most words mix letters with the digits that stand for letters: "r34d", "p455", "c0n73x7". */
function looksLeet(run: string): boolean {
  const words = run.split(/[\s,:]+/).filter((word) => word.length > 1);
  const mixed = words.filter((word) => /[a-z]/i.test(word) && /[013457@$]/.test(word));
  return words.length >= 5 && mixed.length / words.length >= 0.4;
}

/**
 * Text its author labels ROT13 ("Konfiguration (ROT13): VTABERE NYYR …"), to the end of its
 * paragraph. Said to be ROT13, it is read as ROT13 whatever its language: the English test above
 * cannot tell Danish deciphered from Danish still hidden. Geocaches label their hints so ("Hint
 * (ROT13): Purpx haqre gur orapu"), so such a span counts only for what the rules find in it.
 */
const LABELLED_ROT13 =
  /\brot[- ]?13\b[)\]]?[ \t]*[:=-]?[ \t]*\n?[ \t]*([^\n]{12,}(?:\n(?![ \t]*\n)[^\n]+)*)/gi;

function cipherSpans(text: string): DecodedSpan[] {
  const spans: DecodedSpan[] = [];
  for (const match of text.matchAll(LABELLED_ROT13)) {
    const start = match.index + match[0].length - match[1]!.length;
    spans.push({
      start,
      end: start + match[1]!.length,
      encoding: 'rot13',
      text: shifted(match[1]!, 13),
      labelled: true,
    });
  }
  for (const match of text.matchAll(LATIN_RUN)) {
    const run = match[0];
    const span = { start: match.index, end: match.index + run.length };
    const caesar = caesarShift(run);
    const backwards = [...run].reverse().join('');
    const mirrored = atbash(run);
    if (caesar)
      spans.push({ ...span, encoding: caesar.shift === 13 ? 'rot13' : 'caesar', text: caesar.text });
    else if (decipheredToEnglish(run, backwards))
      spans.push({ ...span, encoding: 'reversed', text: backwards });
    else if (decipheredToEnglish(run, mirrored)) spans.push({ ...span, encoding: 'atbash', text: mirrored });
    else if (looksLeet(run)) {
      const plain = unleet(run);
      if (decipheredToEnglish(run, plain)) spans.push({ ...span, encoding: 'leetspeak', text: plain });
    }
  }
  return spans;
}

/** Base64 that ends one text or starts another: half of a payload split across two fields. */
const BASE64_TAIL = /(?<![\w+/=-])[A-Za-z0-9+/]{16,}={0,2}\s*$/;
const BASE64_HEAD = /^\s*[A-Za-z0-9+/]{8,}={0,2}(?![\w+/=-])/;

/**
 * A base64 payload cut in two (MCPTox's split payloads: the end of a description and a parameter's
 * default) decodes to nothing in either half; joined, it reads. Returns the joined text if so.
 */
export function joinedBase64(first: string, second: string): string | null {
  const tail = BASE64_TAIL.exec(first)?.[0].trim();
  const head = BASE64_HEAD.exec(second)?.[0].trim();
  if (!tail || !head || tail.endsWith('=')) return null;
  const decoded = decodeBase64(tail + head);
  return readable(decoded) ? decoded : null;
}

/** Every encoded span of `text` that decodes to readable prose. */
export function decodedSpans(text: string): DecodedSpan[] {
  const spans: DecodedSpan[] = cipherSpans(text);
  for (const [encoding, pattern, decode] of DECODERS) {
    for (const match of text.matchAll(pattern)) {
      const decoded = decode(match[0]);
      if (readable(decoded))
        spans.push({ start: match.index, end: match.index + match[0].length, encoding, text: decoded });
    }
  }
  return spans;
}

/** Three or more short string literals joined with `+` and nothing else: a value split on purpose. */
const LITERAL_CHAIN = /(?:(['"`])[^'"`\n]{1,16}\1\s*\+\s*){2,}(['"`])[^'"`\n]{1,16}\2/g;

/** A word a shell reads whole though empty quotes cut it: `~/.a""ws/cred""entials`; read from the start of the word. */
const SHELL_CUT = /(?<![^\s"'`\\])[^\s"'`\\]+(?:(?:""|''|\\"\\")[^\s"'`\\]+)+/g;

/**
 * Literal chains with the pieces joined (`'~/' + '.s' + 'sh/'` is `~/.ssh/`), and words cut by
 * empty quotes joined as the shell joins them.
 */
export function joinedLiterals(text: string): { start: number; end: number; text: string }[] {
  const chains = [...text.matchAll(LITERAL_CHAIN)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: [...match[0].matchAll(/(['"`])([^'"`\n]*)\1/g)].map((piece) => piece[2]).join(''),
  }));
  const cuts = [...text.matchAll(SHELL_CUT)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0].replace(/""|''|\\"\\"/g, ''),
  }));
  return [...chains, ...cuts];
}
