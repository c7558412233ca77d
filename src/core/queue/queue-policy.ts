/**
 * Queue priority, as data: never-evaluated packages first, then outdated ones; within a class, the
 * more used and the longer waiting first.
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

/**
 * Much-used packages first: one point per power of ten of monthly downloads (10 → 1, 1,000,000 → 6),
 * up to the cap, so a new version of a popular server outranks one of a package nobody installs.
 */
export const MAX_POPULARITY_POINTS = 8;
