import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { medianAbsoluteDeviation, robustCenter, type Sample } from './robust-center.ts';

const score = fc.double({ min: 0, max: 100, noNaN: true });
const weight = fc.oneof(fc.constantFrom(0.05, 0.5, 1, 1.5), fc.double({ min: 0.01, max: 3, noNaN: true }));
const sample = fc.record({ value: score, weight });

describe('robustCenter', () => {
  it('is the value itself for one evaluator and a weighted mean for two', () => {
    expect(robustCenter([{ value: 70, weight: 1 }])).toBe(70);
    expect(
      robustCenter([
        { value: 60, weight: 1 },
        { value: 90, weight: 2 },
      ]),
    ).toBe(80);
  });

  it('is the weighted median from three up, averaging at an exact half', () => {
    expect(
      robustCenter([
        { value: 10, weight: 1 },
        { value: 80, weight: 1 },
        { value: 90, weight: 1 },
      ]),
    ).toBe(80);
    expect(
      robustCenter([
        { value: 10, weight: 1 },
        { value: 20, weight: 1 },
        { value: 80, weight: 1 },
        { value: 90, weight: 1 },
      ]),
    ).toBe(50);
  });

  it('does not let one heavy evaluator hold the majority', () => {
    // Without the cap the trusted outlier (1.5 of 2.5) would be the median on its own.
    expect(
      robustCenter([
        { value: 5, weight: 1.5 },
        { value: 80, weight: 0.5 },
        { value: 90, weight: 0.5 },
      ]),
    ).toBe(80);
  });

  it('ignores evaluators with no weight and has no centre without any', () => {
    expect(robustCenter([])).toBeNull();
    expect(robustCenter([{ value: 40, weight: 0 }])).toBeNull();
  });

  it('stays within 0–100', () => {
    fc.assert(
      fc.property(fc.array(sample, { minLength: 1, maxLength: 9 }), (samples) => {
        const centre = robustCenter(samples)!;
        return centre >= 0 && centre <= 100;
      }),
    );
  });

  it('does not depend on the order of the evaluations', () => {
    fc.assert(
      fc.property(
        fc
          .array(sample, { minLength: 1, maxLength: 9 })
          .chain((samples) =>
            fc.tuple(fc.constant(samples), fc.shuffledSubarray(samples, { minLength: samples.length })),
          ),
        ([samples, shuffled]) => {
          expect(robustCenter(shuffled)).toBe(robustCenter(samples));
        },
      ),
    );
  });

  it('cannot be moved past the other two by one outlier among three', () => {
    fc.assert(
      fc.property(sample, sample, sample, (a: Sample, b: Sample, outlier: Sample) => {
        const centre = robustCenter([a, b, outlier])!;
        const low = Math.min(a.value, b.value);
        const high = Math.max(a.value, b.value);
        return centre >= low - 1e-9 && centre <= high + 1e-9;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('medianAbsoluteDeviation', () => {
  it('measures the spread around the median', () => {
    expect(medianAbsoluteDeviation([80, 82, 90])).toBe(2);
    expect(medianAbsoluteDeviation([])).toBeNull();
  });
});
