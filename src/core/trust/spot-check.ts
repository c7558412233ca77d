/**
 * Spot-check selection: about one in ten submissions from newcomers is re-run by the operator.
 * The choice is a pure function of the submission key (a server-assigned submission id, or the pull
 * request number), so it can be reproduced and cannot be steered by the contributor.
 */
import { createHash } from 'node:crypto';
import type { TierName } from '../types.ts';

export const SPOT_CHECK_RATE = 0.1;
/** Tiers whose submissions are sampled. Established contributors have earned their way out. */
export const SPOT_CHECKED_TIERS: readonly TierName[] = ['newcomer'];

/** A stable number in [0, 1) from the key. */
export function spotCheckDraw(submissionKey: string): number {
  const digest = createHash('sha256').update(`afscore-spot-check:${submissionKey}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export function isSelectedForSpotCheck(submissionKey: string, tier: TierName): boolean {
  return SPOT_CHECKED_TIERS.includes(tier) && spotCheckDraw(submissionKey) < SPOT_CHECK_RATE;
}
