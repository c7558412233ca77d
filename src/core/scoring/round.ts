import { SCORE_DECIMALS } from '../rubric/policy.ts';

const factor = 10 ** SCORE_DECIMALS;

/** Rounds half away from zero at the published precision; the same input always yields the same number. */
export function roundScore(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

/** Coverage and other shares are published with three decimals. */
export function roundShare(value: number): number {
  return Math.round(value * 1000) / 1000;
}
