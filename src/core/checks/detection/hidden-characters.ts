/**
 * Characters a reader cannot see, judged by what they can do (SEC-01, SKL-S01). What hides or
 * reorders text is critical: Unicode tag characters (they spell ASCII invisibly, "ASCII
 * smuggling"), runs of variation selectors or zero-width characters (they encode bytes), bidi
 * overrides (Trojan Source), ANSI sequences that conceal, move or erase text (Trail of Bits).
 * What scripts need is not a finding at all: the direction marks and balanced isolates of Hebrew,
 * Arabic or Persian text, the joiners inside Arabic-script and Indic words, emoji sequences.
 * Anything else invisible is noted, and grows with its length.
 */
import type { Severity } from '../../types.ts';
import { ANSI_SEQUENCE } from './text-form.ts';

export interface HiddenRun {
  /** UTF-16 span in the text. */
  start: number;
  end: number;
  rule: string;
  severity: Severity;
  note: string;
  /** What the characters spell, when they encode text (tags, variation selectors, concealed ANSI). */
  hiddenText?: string;
}

export interface HiddenOptions {
  /** Tool results and errors: colour codes and icon glyphs are ordinary output there. */
  output?: boolean;
}

const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]|[\u{10800}-\u{10FFF}]|[\u{1E800}-\u{1EFFF}]/u;
/** Scripts whose words use ZWJ and ZWNJ to control joining (Arabic, Syriac, Indic, Sinhala, Myanmar, Khmer, Mongolian). */
const JOINING_LETTER =
  /[\u0600-\u08FF\u0900-\u0DFF\u1000-\u109F\u1780-\u17FF\u1800-\u18AF\uA8E0-\uA8FF\uFB50-\uFDFF\uFE70-\uFEFC]/;
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u20E3/u;
/** Bases that take a variation selector: emoji, CJK ideographs (Ideographic Variation Sequences), some symbols. */
const VARIATION_BASE =
  /\p{Extended_Pictographic}|\p{Emoji}|[\u2E80-\u9FFF\uF900-\uFAFF\u{20000}-\u{3FFFF}]|[\u2000-\u2BFF]/u;

const OVERRIDES = new Set([0x202d, 0x202e]);
const OPENERS = new Set([0x202a, 0x202b, 0x2066, 0x2067, 0x2068]);
const CLOSERS = new Set([0x202c, 0x2069]);
const MARKS = new Set([0x200e, 0x200f, 0x061c]);
const ZERO_WIDTH = new Set([0x200b, 0x2060, 0xfeff, 0x180e]);
const JOINERS = new Set([0x200c, 0x200d]);
const BLANK_LETTERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x034f]);

type CharClass =
  | 'tag'
  | 'variation'
  | 'override'
  | 'isolate'
  | 'mark'
  | 'zero-width'
  | 'joiner'
  | 'blank'
  | 'format'
  | 'control'
  | 'private';

function classOf(point: number): CharClass | null {
  if (point >= 0xe0000 && point <= 0xe007f) return 'tag';
  if ((point >= 0xfe00 && point <= 0xfe0f) || (point >= 0xe0100 && point <= 0xe01ef)) return 'variation';
  if (OVERRIDES.has(point)) return 'override';
  if (OPENERS.has(point) || CLOSERS.has(point)) return 'isolate';
  if (MARKS.has(point)) return 'mark';
  if (ZERO_WIDTH.has(point)) return 'zero-width';
  if (JOINERS.has(point)) return 'joiner';
  if (BLANK_LETTERS.has(point)) return 'blank';
  const char = String.fromCodePoint(point);
  if (/\p{Cc}/u.test(char)) return point === 0x09 || point === 0x0a || point === 0x0d ? null : 'control';
  if (/\p{Cf}/u.test(char)) return 'format';
  if (/\p{Co}/u.test(char)) return 'private';
  return null;
}

interface Point {
  cp: number;
  at: number;
  cls: CharClass | null;
}

function pointsOf(text: string): Point[] {
  const points: Point[] = [];
  let at = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    points.push({ cp, at, cls: classOf(cp) });
    at += char.length;
  }
  return points;
}

const CANCEL_TAG = 0xe007f;
const BLACK_FLAG = 0x1f3f4;

/** A subdivision flag: U+1F3F4, up to seven tag letters or digits, then CANCEL TAG. */
function isFlagSequence(points: readonly Point[], from: number, to: number): boolean {
  return points[from - 1]?.cp === BLACK_FLAG && points[to - 1]?.cp === CANCEL_TAG && to - from <= 8;
}

function decodeTags(points: readonly Point[]): string {
  return points
    .map((point) => point.cp - 0xe0000)
    .filter((code) => code >= 0x20 && code < 0x7f)
    .map((code) => String.fromCharCode(code))
    .join('');
}

/** Variation selectors as bytes (VS1–16: 0–15, VS17–256: 16–255), read as UTF-8. */
function decodeVariations(points: readonly Point[]): string {
  const bytes = points.map((point) => (point.cp <= 0xfe0f ? point.cp - 0xfe00 : point.cp - 0xe0100 + 16));
  return new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes)).replace(/\p{Cc}/gu, '');
}

function isEmojiAt(points: readonly Point[], index: number): boolean {
  const point = points[index];
  return point !== undefined && EMOJI.test(String.fromCodePoint(point.cp));
}

function isJoiningAt(points: readonly Point[], index: number): boolean {
  const point = points[index];
  return point !== undefined && JOINING_LETTER.test(String.fromCodePoint(point.cp));
}

function run(points: readonly Point[], from: number, to: number): { start: number; end: number } {
  const last = points[to - 1]!;
  return { start: points[from]!.at, end: last.at + (last.cp > 0xffff ? 2 : 1) };
}

function judgeRun(
  points: readonly Point[],
  from: number,
  to: number,
  text: string,
  options: HiddenOptions,
): HiddenRun[] {
  const slice = points.slice(from, to);
  const span = run(points, from, to);
  const classes = new Set(slice.map((point) => point.cls));
  const length = to - from;
  const found = (rule: string, severity: Severity, note: string, hiddenText?: string): HiddenRun[] => [
    { ...span, rule, severity, note, ...(hiddenText ? { hiddenText } : {}) },
  ];
  if (classes.has('tag')) {
    if (isFlagSequence(points, from, to)) return [];
    return found(
      'tag-characters',
      'critical',
      'Unicode tag characters spell text no reader can see',
      decodeTags(slice.filter((point) => point.cls === 'tag')),
    );
  }
  if (classes.has('override'))
    return found('bidi-override', 'critical', 'a bidi override reorders what the reader sees');
  if (classes.size === 1 && classes.has('variation')) {
    if (
      length === 1 &&
      (VARIATION_BASE.test(String.fromCodePoint(points[from - 1]?.cp ?? 0x20)) || isEmojiAt(points, to))
    )
      return [];
    if (length >= 2)
      return found(
        'variation-selector-payload',
        'critical',
        'variation selectors encode hidden bytes',
        decodeVariations(slice),
      );
    return found('stray-variation-selector', 'low', 'a variation selector with nothing to vary');
  }
  if (classes.size === 1 && classes.has('joiner') && length <= 2) {
    const joinsEmoji = isEmojiAt(points, from - 1) && isEmojiAt(points, to);
    const joinsLetters = isJoiningAt(points, from - 1) || isJoiningAt(points, to);
    if (joinsEmoji || joinsLetters) return [];
  }
  if (classes.size === 1 && classes.has('mark')) {
    return RTL_LETTER.test(text)
      ? []
      : found('direction-mark', 'low', 'a direction mark in text with no right-to-left script');
  }
  if (classes.size === 1 && classes.has('isolate')) return []; // judged on the whole text: see bidiBalance
  if (classes.size === 1 && classes.has('private')) {
    if (options.output) return [];
    return length >= 3
      ? found('private-use', 'medium', 'private-use characters with no standard meaning')
      : found('private-use', 'low', 'a private-use character');
  }
  if (classes.size === 1 && classes.has('control')) return []; // judged with ANSI sequences: see controlRuns
  const hiding = slice.filter((point) => point.cls !== 'mark' && point.cls !== 'isolate');
  const invisible = hiding.length;
  // A message needs two symbols at least (zero-width binary, StegCloak): a run of one character
  // repeated, as scraped documentation carries, spells nothing.
  if (invisible >= 3 && new Set(hiding.map((point) => point.cp)).size === 1)
    return found('invisible-padding', 'medium', `${invisible} copies of one invisible character in a row`);
  if (invisible >= 3)
    return found(
      'invisible-run',
      'critical',
      `${invisible} invisible characters in a row can encode a message`,
    );
  if (classes.has('blank') && invisible >= 2)
    return found('blank-letters', 'high', 'letters that render as nothing');
  return found('invisible-character', 'low', 'an invisible character');
}

/** Embeddings and isolates are what RTL text needs when balanced; elsewhere they can reorder text. */
function bidiBalance(points: readonly Point[], text: string): HiddenRun[] {
  const controls = points.filter((point) => point.cls === 'isolate');
  if (controls.length === 0) return [];
  let depth = 0;
  let balanced = true;
  for (const point of controls) {
    depth += OPENERS.has(point.cp) ? 1 : -1;
    if (depth < 0) balanced = false;
  }
  if (depth !== 0) balanced = false;
  if (balanced && RTL_LETTER.test(text)) return [];
  const first = controls[0]!;
  return [
    {
      start: first.at,
      end: first.at + 1,
      rule: 'bidi-control',
      severity: 'high',
      note: balanced
        ? 'bidi embeddings or isolates in text with no right-to-left script'
        : 'unbalanced bidi embeddings or isolates spill over the rest of the text',
    },
  ];
}

/** SGR parameters that hide text (8: conceal) and sequences that move the cursor or erase. */
const HIDING_SGR = /(?:^|;)(?:8|30;40|37;47|90;100|97;107)(?:;|$)/;
const CURSOR_FINALS = /[ABCDEFGHJKSTfsuhl]$/;

function controlRuns(text: string, options: HiddenOptions): HiddenRun[] {
  const runs: HiddenRun[] = [];
  const covered = new Set<number>();
  for (const match of text.matchAll(ANSI_SEQUENCE)) {
    const sequence = match[0];
    for (let index = 0; index < sequence.length; index += 1) covered.add(match.index + index);
    const span = { start: match.index, end: match.index + sequence.length };
    // biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI sequence starts with ESC.
    const csi = /^\u001b\[([0-?]*)[ -/]*([@-~])$/.exec(sequence);
    if (csi && csi[2] === 'm' && HIDING_SGR.test(csi[1] ?? '')) {
      const after = text.slice(span.end);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI sequence starts with ESC.
      const reveal = /\u001b\[(?:0|28|39|49)?m/.exec(after);
      runs.push({
        ...span,
        rule: 'ansi-conceal',
        severity: 'critical',
        note: 'an ANSI sequence conceals the text after it',
        hiddenText: after.slice(0, reveal ? reveal.index : 200).replace(ANSI_SEQUENCE, ''),
      });
    } else if (csi && CURSOR_FINALS.test(csi[2] ?? '')) {
      runs.push({
        ...span,
        rule: 'ansi-cursor',
        severity: 'critical',
        note: 'an ANSI sequence moves the cursor or erases, overwriting what was shown',
      });
    } else if (sequence.startsWith('\u001b]')) {
      runs.push({
        ...span,
        rule: 'ansi-osc',
        severity: 'high',
        note: 'an ANSI operating-system command (title, hyperlink) hides what it does',
      });
    } else if (!options.output) {
      runs.push({ ...span, rule: 'ansi-colour', severity: 'low', note: 'an ANSI colour code' });
    }
  }
  let index = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (!covered.has(index)) {
      if (cp === 0x08 || (cp === 0x0d && text[index + 1] !== '\n' && index + 1 < text.length)) {
        runs.push({
          start: index,
          end: index + 1,
          rule: 'overwrite',
          severity: options.output ? 'low' : 'high',
          note: 'a backspace or carriage return overwrites what was shown',
        });
      } else if (cp === 0x1b) {
        runs.push({
          start: index,
          end: index + 1,
          rule: 'escape',
          severity: 'medium',
          note: 'a stray escape character',
        });
      } else if (classOf(cp) === 'control' && !options.output) {
        runs.push({
          start: index,
          end: index + 1,
          rule: 'control-character',
          severity: 'low',
          note: 'a control character',
        });
      }
    }
    index += char.length;
  }
  return runs;
}

export function hiddenRuns(text: string, options: HiddenOptions = {}): HiddenRun[] {
  const points = pointsOf(text);
  const runs: HiddenRun[] = [];
  let from = -1;
  for (let index = 0; index <= points.length; index += 1) {
    const hidden = index < points.length && points[index]!.cls !== null && points[index]!.cls !== 'control';
    if (hidden && from === -1) from = index;
    if (!hidden && from !== -1) {
      runs.push(...judgeRun(points, from, index, text, options));
      from = -1;
    }
  }
  // A byte-order mark at the very start is an encoding artefact, not hiding.
  const filtered = runs.filter(
    (found) => !(found.start === 0 && found.end === 1 && text.charCodeAt(0) === 0xfeff),
  );
  return [...filtered, ...bidiBalance(points, text), ...controlRuns(text, options)].sort(
    (a, b) => a.start - b.start,
  );
}

/**
 * A word of four letters or more with a zero-width character after every letter ("s\u200Bc\u200Ba\u200Bl\u200Be"):
 * readers see the word, keyword filters see noise. Scripts that mark word breaks with zero-width
 * spaces (Thai, Khmer) put them between words, not between the letters of one.
 */
const LETTER_SPLIT_WORD = /(?:[A-Za-z][\u200B-\u200D\u2060\uFEFF]+){3,}[A-Za-z]/g;

/** How many words a text spells letter by letter with zero-width characters between. */
export function splitWordCount(text: string): number {
  return [...text.matchAll(LETTER_SPLIT_WORD)].length;
}

/** Whether a text holds any invisible character at all (a disguise, inside another finding's words). */
export function hasInvisible(text: string): boolean {
  return pointsOf(text).some((point) => point.cls !== null && point.cls !== 'mark');
}
