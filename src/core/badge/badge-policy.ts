/**
 * The published badge rules: the label, the colour of each score band and how long a badge may be
 * cached. Bands follow the grade bands of rubric 2.0 (policy.ts), coloured as Shields colours letter
 * grades (A brightgreen, B green, C yellowgreen, D yellow, F red), so a badge and a grade never
 * disagree: ≥90 brightgreen, ≥80 green, ≥70 yellowgreen, ≥50 yellow, below 50 red.
 */
import type { Grade } from '../types.ts';

export const BADGE_LABEL = 'af score';

/** Shields' named colours (badge-maker/lib/color.js) used here, with their hex values. */
export const BADGE_COLOURS = {
  brightgreen: '#4c1',
  green: '#97ca00',
  yellowgreen: '#a4a61d',
  yellow: '#dfb317',
  red: '#e05d44',
  lightgrey: '#9f9f9f',
  grey: '#555',
} as const;

export type BadgeColour = keyof typeof BADGE_COLOURS;

export const GRADE_COLOURS: Readonly<Record<Grade, BadgeColour>> = {
  A: 'brightgreen',
  B: 'green',
  C: 'yellowgreen',
  D: 'yellow',
  F: 'red',
};

/** Badges that carry no score: grey, like Shields' "inactive". */
export const INACTIVE_COLOUR: BadgeColour = 'lightgrey';
/** A package that was evaluated but could not be started is a finding, not an absence: red. */
export const UNRUNNABLE_COLOUR: BadgeColour = 'red';

export const LABEL_COLOUR: BadgeColour = 'grey';

/** Badges are refreshed hourly and may be cached for an hour (interface specification §8). */
export const BADGE_MAX_AGE_SECONDS = 3600;

/**
 * Words after a score that say what it rests on (what every shown score carries): a cap holds it
 * down, a single evaluation has not been confirmed by a second one, evaluators disagree.
 */
export const BADGE_QUALIFIERS = {
  capped: 'capped',
  single: '1 eval',
  disputed: 'disputed',
} as const;
