import { describe, expect, it } from 'vitest';
import { scoreDistribution } from './stats.ts';

describe('scoreDistribution', () => {
  it('has ten 10-point buckets with 100 in the last', () => {
    const buckets = scoreDistribution([0, 9.9, 10, 55, 90, 99.9, 100]);
    expect(buckets).toHaveLength(10);
    expect(buckets.map((bucket) => bucket.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 3]);
    expect(buckets[9]).toEqual({ min: 90, max: 100, count: 3 });
  });
});
