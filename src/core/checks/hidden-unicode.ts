/**
 * SEC-01 (and the Unicode half of SKL-S01): characters a reader cannot see. Tag characters
 * (U+E0000–E007F) can spell out whole instructions invisibly, and bidi controls reorder what is
 * displayed (Trojan Source); both fail. Zero-width and other format characters, ANSI escapes and
 * other controls are suspicious but also appear by accident, so they only lower the score.
 * Emoji sequences (zero-width joiners, variation selectors, subdivision flags) are left alone.
 */
import type { CheckResult, Evidence } from '../types.ts';
import { excerptAround } from './escape-text.ts';
import { fail, partial, pass } from './results.ts';
import type { McpSnapshot } from './snapshot.ts';
import { snapshotTexts } from './snapshot-texts.ts';

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

/** Kinds that fail the check outright. */
export const DECEPTIVE_KINDS: ReadonlySet<HiddenKind> = new Set(['tag', 'bidi']);

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

function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

export interface HiddenFinding {
  location: string;
  text: string;
  characters: HiddenCharacter[];
}

export function hiddenEvidence(finding: HiddenFinding): Evidence {
  const first = finding.characters[0]!;
  const kinds = [...new Set(finding.characters.map((character) => character.kind))].sort().join(', ');
  return {
    location: finding.location,
    excerpt: excerptAround(finding.text, first.index, first.index + 1),
    value: `${finding.characters.length} hidden (${kinds}; first ${codePointLabel(first.codePoint)})`,
  };
}

/** The verdict over findings: fail on tag or bidi characters, partial on anything else hidden. */
export function hiddenVerdict(id: string, findings: readonly HiddenFinding[], where: string): CheckResult {
  if (findings.length === 0) return pass(id, `No hidden or deceptive characters in ${where}.`);
  const evidence = findings.map(hiddenEvidence);
  const deceptive = findings.filter((finding) =>
    finding.characters.some((character) => DECEPTIVE_KINDS.has(character.kind)),
  );
  if (deceptive.length > 0) {
    return fail(
      id,
      `Tag or bidi control characters in ${deceptive.length} place(s): text the user cannot see or that displays differently from what the model reads.`,
      evidence,
    );
  }
  return partial(
    id,
    0.5,
    `Invisible characters (zero-width, format, control or escape) in ${findings.length} place(s).`,
    evidence,
  );
}

export function checkHiddenUnicode(snapshot: McpSnapshot): CheckResult {
  const findings: HiddenFinding[] = [];
  for (const spot of snapshotTexts(snapshot)) {
    const characters = findHiddenCharacters(spot.text);
    if (characters.length > 0) findings.push({ location: spot.pointer, text: spot.text, characters });
  }
  return hiddenVerdict('SEC-01', findings, 'names, titles, descriptions or schemas');
}
