/**
 * Queue priority, as data: never-evaluated packages first, then outdated ones; within each, a new
 * version of a much-used package, requested packages and popular ones rise; then the longest waiting.
 */
import type { StateReasonCode } from '../states/package-state.ts';

export const PRIORITY_BASE = {
  'Not yet evaluated': 100,
  'Needs re-evaluation': 50,
} as const;

/** Added to the base for each reason a package needs re-evaluation. */
export const PRIORITY_FOR_REASON: Readonly<Partial<Record<StateReasonCode, number>>> = {
  'new-version': 20,
  'rubric-changed': 15,
  stale: 10,
  'only-partial-evaluations': 5,
};

/** One point per this many days waited, up to the cap, so old requests rise without overtaking a class. */
export const DAYS_PER_WAITING_POINT = 10;
export const MAX_WAITING_POINTS = 9;

/** Points for popularity: this many per tenfold monthly downloads above the floor, up to the cap. */
export const POINTS_PER_TENFOLD_DOWNLOADS = 10;
export const DOWNLOADS_FLOOR = 1_000;
export const MAX_POPULARITY_POINTS = 40;

/** Points per person who asked for the package (its `requests` count), up to the cap. */
export const POINTS_PER_REQUEST = 5;
export const MAX_REQUEST_POINTS = 25;
