/**
 * Every character a reader cannot see, one by one: tag, bidi, zero-width and format characters,
 * ANSI escapes, controls and variation selectors, with emoji sequences left alone. Forms that
 * people fill in (package requests) refuse all of them; judging what such characters *do* in a
 * package is `detection/hidden-characters.ts`'s job.
 */
export type HiddenKind =
  | 'tag'
  | 'bidi'
  | 'zero-width'
  | 'ansi-escape'
  | 'control'
  | 'format'
  | 'variation-selector';

export interface HiddenCharacter {
  /** UTF-16 offset in the text. */
  index: number;
  codePoint: number;
  kind: HiddenKind;
}

const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
const ZERO_WIDTH = new Set([0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u20E3/u;
const FORMAT = /\p{Cf}/u;
const CONTROL = /\p{Cc}/u;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

function kindOf(codePoint: number): HiddenKind | null {
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return 'tag';
  if (BIDI.has(codePoint)) return 'bidi';
  if (ZERO_WIDTH.has(codePoint)) return 'zero-width';
  if (codePoint === 0x1b) return 'ansi-escape';
  if ((codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef)) {
    return 'variation-selector';
  }
  const char = String.fromCodePoint(codePoint);
  if (CONTROL.test(char))
    return codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d ? null : 'control';
  if (FORMAT.test(char)) return 'format';
  return null;
}

function isEmoji(codePoint: number | undefined): boolean {
  return codePoint !== undefined && EMOJI.test(String.fromCodePoint(codePoint));
}

/** Joiners and selectors inside emoji sequences are how emoji are written, not hiding. */
function partOfEmoji(points: readonly number[], at: number, kind: HiddenKind): boolean {
  const point = points[at]!;
  if (kind === 'zero-width' && point === 0x200d) return isEmoji(points[at - 1]) && isEmoji(points[at + 1]);
  if (kind === 'variation-selector') return isEmoji(points[at - 1]) || isEmoji(points[at + 1]);
  if (kind === 'tag') {
    // A subdivision flag: U+1F3F4, up to seven tag letters or digits, then U+E007F.
    let start = at;
    while (start > 0 && points[start - 1]! >= 0xe0020 && points[start - 1]! <= 0xe007e) start -= 1;
    let end = at;
    while (end < points.length && points[end] !== CANCEL_TAG) end += 1;
    return points[start - 1] === BLACK_FLAG && points[end] === CANCEL_TAG && end - start <= 7;
  }
  return false;
}

export function findHiddenCharacters(text: string): HiddenCharacter[] {
  const points = Array.from(text, (char) => char.codePointAt(0)!);
  const found: HiddenCharacter[] = [];
  let index = 0;
  points.forEach((codePoint, at) => {
    const kind = kindOf(codePoint);
    if (kind && !partOfEmoji(points, at, kind)) found.push({ index, codePoint, kind });
    index += codePoint > 0xffff ? 2 : 1;
  });
  return found;
}
