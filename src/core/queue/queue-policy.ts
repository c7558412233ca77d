/**
 * Queue priority, as data. Never-evaluated packages start above outdated ones; a new version of a
 * much-used package rises past both (many people run a version nobody scored); downloads, requests
 * and time waited add to that; failed attempts hold a package back for a while, and a deprecated or
 * removed package sinks below the rest. Tests pass their own weights to queuePriority.
 */

import type { StateReasonCode } from '../states/package-state.ts';
import type { EvaluationStatusText } from '../types.ts';

export interface QueueWeights {
  /** Where each status starts. */
  status: Readonly<Record<Exclude<EvaluationStatusText, 'Evaluated'>, number>>;
  /** Added for each reason a package needs (re-)evaluation. */
  reasons: Readonly<Partial<Record<StateReasonCode, number>>>;
  /** Monthly downloads (npm): points per tenfold above the floor, up to the cap. */
  downloads: { floor: number; pointsPerTenfold: number; max: number };
  /** A new version of a used package adds its download points again, times this. */
  newVersionOfUsedPackage: number;
  /** Points per person who asked for the package (its `requests`), up to the cap. */
  requests: { pointsEach: number; max: number };
  /** One point per this many days waited, up to the cap, so old entries rise without overtaking a class. */
  waiting: { daysPerPoint: number; max: number };
  /**
   * Failed attempts in a row at the version to evaluate: each takes points off (up to the cap)
   * while the package backs off, on the same schedule as a server that does not start
   * (failures/failure-policy.ts: 1, 2, 4 … days); after it, it is offered again at full priority.
   */
  failures: { pointsEach: number; max: number };
  /** Negative: a package its registry marks deprecated, or no longer serves, sinks. */
  deprecated: number;
  removed: number;
}

export const QUEUE_WEIGHTS: QueueWeights = {
  status: { 'Not yet evaluated': 100, 'Needs re-evaluation': 50 },
  reasons: {
    'new-version': 20,
    'rubric-changed': 15,
    stale: 10,
    'only-partial-evaluations': 5,
    'retry-start': 5,
  },
  downloads: { floor: 1_000, pointsPerTenfold: 10, max: 40 },
  newVersionOfUsedPackage: 1,
  requests: { pointsEach: 5, max: 25 },
  waiting: { daysPerPoint: 10, max: 9 },
  failures: { pointsEach: 15, max: 45 },
  deprecated: -80,
  removed: -100,
};
