/** A generator of numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: tiny, fast and seeded, so every benchmark run generates the same catalogue and
 * asks the same questions, and figures from two runs compare like with like.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
