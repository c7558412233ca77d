/** Tunables of aggregation, package states and the queue. Published in the evaluation guide. */

/** Independent evaluations whose af_scores span at most this many points cross-validate each other. */
export const CROSS_VALIDATION_TOLERANCE = 10;
/** Consensus: at least this many independent evaluators… */
export const CONSENSUS_MIN_EVALUATORS = 3;
/** …whose af_scores have a median absolute deviation of at most this, with a trusted one among them. */
export const CONSENSUS_MAX_MAD = 5;
/** A disclosed self-evaluation counts with this fraction of its author's weight. */
export const SELF_EVALUATION_WEIGHT_FACTOR = 0.1;
/** An undisclosed self-evaluation further than this from the independent centre is excluded and flagged. */
export const UNDISCLOSED_DIVERGENCE = 15;
/** The newest evaluation older than this many days makes the package need re-evaluation. */
export const STALE_AFTER_DAYS = 180;
