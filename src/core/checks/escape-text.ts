/**
 * Quoting hostile package text safely: invisible and control characters are written as `⟨U+200B⟩`
 * (so a reviewer sees exactly what hides in a description, and the mark cannot be mistaken for
 * text the package wrote, as `\u{200B}` could), and excerpts are cut to a bounded length around
 * the interesting spot.
 */

/**
 * Characters no reader can see: controls, format characters (tags, bidi, zero-width), variation
 * selectors, and the blank letters (Hangul fillers, the braille blank, the combining grapheme
 * joiner) that render as nothing.
 */
const INVISIBLE =
  /\p{Cc}|\p{Cf}|[\u{FE00}-\u{FE0F}]|[\u{E0100}-\u{E01EF}]|\u034F|[\u2028\u2029\u115F\u1160\u3164\uFFA0\u2800]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => {
    return NAMED[char] ?? `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  });
}

/** The excerpt limit of the evaluation schema is 500; escaping can triple a span, so cut first. */
export const EXCERPT_CHARS = 160;

/**
 * A short, escaped quote of `text` around `[start, end)`. Cuts on code points, never inside a
 * surrogate pair, and marks cuts with an ellipsis.
 */
export function excerptAround(text: string, start = 0, end = start, limit = EXCERPT_CHARS): string {
  const chars = Array.from(text);
  const codeStart = Array.from(text.slice(0, start)).length;
  const codeEnd = Math.max(codeStart, Array.from(text.slice(0, end)).length);
  const context = Math.max(0, Math.floor((limit - (codeEnd - codeStart)) / 2));
  const from = Math.max(0, codeStart - context);
  const to = Math.min(chars.length, from + limit);
  const body = escapeInvisible(chars.slice(from, to).join(''));
  return `${from > 0 ? '…' : ''}${body}${to < chars.length ? '…' : ''}`;
}

/** An excerpt of the start of a text. */
export function excerpt(text: string, limit = EXCERPT_CHARS): string {
  return excerptAround(text, 0, 0, limit);
}
