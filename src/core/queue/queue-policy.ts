/** Queue priority, as data: never-evaluated packages first, then outdated ones, longest-waiting first. */
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
