/**
 * The centre of several evaluators' scores, robust to one bad evaluator:
 * one sample is itself; two are a weighted mean; three or more are a weighted median in which no
 * single evaluator may hold half the weight, so one outlier can never pull the result past the others.
 */

export interface Sample {
  value: number;
  weight: number;
}

/** The largest share of the total weight one evaluator may hold once there are three or more. */
const MAX_SHARE_OF_REST = 0.9;
const HALF_EPSILON = 1e-9;

function capWeights(samples: readonly Sample[]): Sample[] {
  const total = samples.reduce((sum, sample) => sum + sample.weight, 0);
  return samples.map((sample) => {
    const rest = total - sample.weight;
    return sample.weight > rest * MAX_SHARE_OF_REST
      ? { ...sample, weight: rest * MAX_SHARE_OF_REST }
      : sample;
  });
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
