/**
 * What a package's badge says: label, message, colour and an accessible title, from the published
 * record alone. Rendering (SVG) and HTTP statuses belong to the adapters; the Shields endpoint JSON
 * is a plain view of the same model.
 */
import type { PackageRecord, Tombstone } from '../catalogue/catalogue-types.ts';
import { GRADE_BANDS } from '../rubric/policy.ts';
import { gradeFor } from '../scoring/grade.ts';
import type { Grade } from '../types.ts';
import {
  BADGE_COLOURS,
  BADGE_LABEL,
  BADGE_MAX_AGE_SECONDS,
  BADGE_QUALIFIERS,
  type BadgeColour,
  GRADE_COLOURS,
  INACTIVE_COLOUR,
  LABEL_COLOUR,
  UNRUNNABLE_COLOUR,
} from './badge-policy.ts';

export type BadgeState = 'scored' | 'unrunnable' | 'not-evaluated' | 'removed' | 'not-found';

export interface BadgeModel {
  state: BadgeState;
  label: string;
  message: string;
  colour: BadgeColour;
  /** Hex of the message side and of the label side. */
  colourHex: string;
  labelHex: string;
  /** Accessible name of the image: which package, and what the badge says. */
  title: string;
}

function model(state: BadgeState, message: string, colour: BadgeColour, subject: string | null): BadgeModel {
  const says = `${BADGE_LABEL}: ${message}`;
  return {
    state,
    label: BADGE_LABEL,
    message,
    colour,
    colourHex: BADGE_COLOURS[colour],
    labelHex: BADGE_COLOURS[LABEL_COLOUR],
    title: subject === null ? says : `${subject}, ${says}`,
  };
}

export function scoreColour(score: number): BadgeColour {
  return GRADE_COLOURS[gradeFor(score)];
}

/** "60 capped", "97.5 · 1 eval", "86.9 disputed", "98.3": the score and what it rests on. */
function scoreMessage(record: PackageRecord): string {
  const basis = record.score_basis;
  const capped = (basis?.caps.length ?? record.caps_applied.length) > 0;
  const score = `${record.af_score}${capped ? ` ${BADGE_QUALIFIERS.capped}` : ''}`;
  if (record.confidence === 'single') return `${score} · ${BADGE_QUALIFIERS.single}`;
  if (record.confidence === 'disputed') return `${score} ${BADGE_QUALIFIERS.disputed}`;
  return score;
}

/** `found`: the package, its tombstone when it was removed, or undefined when the id is unknown. */
export function badgeFor(found: PackageRecord | Tombstone | undefined): BadgeModel {
  if (found === undefined) return model('not-found', 'not found', INACTIVE_COLOUR, null);
  if ('removed' in found && found.removed === true)
    return model('removed', 'removed', INACTIVE_COLOUR, found.name);
  const record = found as PackageRecord;
  if (record.af_score !== null)
    return model('scored', scoreMessage(record), scoreColour(record.af_score), record.name);
  if (record.flags.includes('does-not-start'))
    return model('unrunnable', 'does not start', UNRUNNABLE_COLOUR, record.name);
  return model('not-evaluated', 'not evaluated', INACTIVE_COLOUR, record.name);
}

/** The Shields endpoint badge (shields.io/badges/endpoint-badge): only keys Shields accepts. */
export interface ShieldsEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  color: BadgeColour;
  isError?: true;
  cacheSeconds: number;
}

export function shieldsEndpoint(badge: BadgeModel): ShieldsEndpoint {
  return {
    schemaVersion: 1,
    label: badge.label,
    message: badge.message,
    color: badge.colour,
    // An unknown id stays grey even when a user asks Shields for another colour.
    ...(badge.state === 'not-found' ? { isError: true as const } : {}),
    cacheSeconds: BADGE_MAX_AGE_SECONDS,
  };
}

export interface ScoreBand {
  grade: Grade;
  min: number;
  /** Exclusive upper bound; null for the top band. */
  below: number | null;
  colour: BadgeColour;
  colourHex: string;
}

/** The published bands, highest first, for the site and the documents. */
export function scoreBands(): ScoreBand[] {
  return GRADE_BANDS.map((band, index) => ({
    grade: band.grade,
    min: band.min,
    below: index === 0 ? null : GRADE_BANDS[index - 1]!.min,
    colour: GRADE_COLOURS[band.grade],
    colourHex: BADGE_COLOURS[GRADE_COLOURS[band.grade]],
  }));
}
