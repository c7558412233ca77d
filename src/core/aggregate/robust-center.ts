/**
 * The centre of several evaluators' scores, robust to one bad evaluator:
 * one sample is itself; two are a weighted mean; three or more are a weighted median in which no
 * evaluator outweighs the others together, so one outlier can never pull the result past the others.
 */

export interface Sample {
  value: number;
  weight: number;
}

/** No evaluator may weigh more than this fraction of all the others together. */
const MAX_SHARE_OF_REST = 0.9;
const HALF_EPSILON = 1e-9;

/**
 * The largest common cap c such that, with every weight w replaced by min(w, c), the heaviest
 * evaluator weighs at most MAX_SHARE_OF_REST of the rest. Found interval by interval between the
 * sorted weights: with n weights at the cap and S the sum below it, the rule reads
 * c·(1 − r·(n − 1)) ≤ r·S.
 */
function weightCap(weights: readonly number[]): number {
  const sorted = [...weights].sort((a, b) => a - b);
  const k = sorted.length;
  let below = sorted.reduce((sum, weight) => sum + weight, 0);
  for (let index = k - 1; index >= 0; index--) {
    below -= sorted[index]!;
    const atCap = k - index;
    const slope = 1 - MAX_SHARE_OF_REST * (atCap - 1);
    const limit = slope <= 0 ? Number.POSITIVE_INFINITY : (MAX_SHARE_OF_REST * below) / slope;
    const floor = index > 0 ? sorted[index - 1]! : 0;
    if (limit >= floor) return Math.min(limit, sorted[index]!);
  }
  return sorted[k - 1]!;
}

/** Winsorises the weights so that one evaluator never outweighs the others together. */
function capWeights(samples: readonly Sample[]): Sample[] {
  const cap = weightCap(samples.map((sample) => sample.weight));
  return samples.map((sample) => (sample.weight > cap ? { ...sample, weight: cap } : sample));
}

function weightedMedian(samples: readonly Sample[]): number {
  const sorted = [...samples].sort((a, b) => a.value - b.value || a.weight - b.weight);
  const half = sorted.reduce((sum, sample) => sum + sample.weight, 0) / 2;
  let cumulative = 0;
  for (let index = 0; index < sorted.length; index++) {
    const current = sorted[index]!;
    cumulative += current.weight;
    if (cumulative < half - HALF_EPSILON) continue;
    const next = sorted[index + 1];
    // Exactly half the weight lies at or below this value: the median is midway to the next one.
    if (next && Math.abs(cumulative - half) <= HALF_EPSILON) return (current.value + next.value) / 2;
    return current.value;
  }
  return sorted[sorted.length - 1]!.value;
}

export function robustCenter(samples: readonly Sample[]): number | null {
  const usable = samples.filter((sample) => sample.weight > 0);
  if (usable.length === 0) return null;
  if (usable.length === 1) return usable[0]!.value;
  if (usable.length === 2) {
    const [a, b] = usable as [Sample, Sample];
    return (a.value * a.weight + b.value * b.weight) / (a.weight + b.weight);
  }
  return weightedMedian(capWeights(usable));
}

/** Median absolute deviation from the median, unweighted: the published dispersion. */
export function medianAbsoluteDeviation(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const median = plainMedian(values);
  return plainMedian(values.map((value) => Math.abs(value - median)));
}

export function plainMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
