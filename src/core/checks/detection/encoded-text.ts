/**
 * Text carried in an encoding a reader skips over but a model decodes without being asked:
 * base64, hex, percent-encoding, HTML character references and `\u` escapes. Each decodes to a
 * derived text that the rules read like any other; binary data and ordinary identifiers decode to
 * nothing readable and are left alone.
 */

export interface DecodedSpan {
  /** UTF-16 span of the encoded text in the original. */
  start: number;
  end: number;
  encoding: 'base64' | 'hex' | 'percent' | 'html-entities' | 'unicode-escapes';
  text: string;
}

const BASE64 =
  /(?<![\w+/=-])(?:[A-Za-z0-9+/]{4}){5,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?(?![\w+/=-])|(?<![\w-])(?:[A-Za-z0-9_-]{4}){6,}(?![\w-])/g;
const HEX = /(?<![\w])(?:(?:\\x|0x)?[0-9a-fA-F]{2}(?:[\s:]|\\x)?){12,}(?![\w])/g;
const PERCENT = /(?:%[0-9a-fA-F]{2}[\w.~-]{0,2}){6,}/g;
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

const DECODERS: readonly [DecodedSpan['encoding'], RegExp, (value: string) => string][] = [
  ['base64', BASE64, decodeBase64],
  ['hex', HEX, decodeHex],
  ['percent', PERCENT, decodePercent],
  ['html-entities', ENTITIES, decodeEntities],
  ['unicode-escapes', ESCAPES, decodeEscapes],
];

/** Every encoded span of `text` that decodes to readable prose. */
export function decodedSpans(text: string): DecodedSpan[] {
  const spans: DecodedSpan[] = [];
  for (const [encoding, pattern, decode] of DECODERS) {
    for (const match of text.matchAll(pattern)) {
      const decoded = decode(match[0]);
      if (readable(decoded))
        spans.push({ start: match.index, end: match.index + match[0].length, encoding, text: decoded });
    }
  }
  return spans;
}
