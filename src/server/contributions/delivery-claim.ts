/**
 * How long a worker's claim on a submission lasts. With the shared store a claim is never freed by
 * another instance; it runs out. It must outlast one delivery attempt, or a second instance would
 * start the same delivery while the first is still at it (harmless, the backends are idempotent,
 * but wasteful). So it is the worst case of one attempt, with room to spare:
 *
 * - GitHub: at most 9 API requests (look up the base branch and an earlier pull request, read the
 *   base ref, create the branch, look for the file, write it, open the pull request, find it again
 *   after a 422, label it), each bounded by `timeoutMs`, plus octokit's pacing of the 4 writes
 *   (about 1 s apart when throttling is on); times 1.5. Defaults: (9 × 20 s + 4 s) × 1.5 ≈ 4.6 min.
 * - local git: a handful of git plumbing commands on a local repository, seconds at worst: 2 min.
 *
 * The cost of a long claim is only latency after a crash: a submission whose instance died while
 * delivering it waits for the claim to run out before another instance takes it.
 */
import type { DeliveryConfig } from '../config.ts';

export const GITHUB_REQUESTS_PER_DELIVERY = 9;
const GITHUB_WRITES_PER_DELIVERY = 4;
const THROTTLED_WRITE_SPACING_MS = 1_000;
const SAFETY = 1.5;
const LOCAL_CLAIM_MS = 2 * 60_000;

export function deliveryClaimMs(delivery: DeliveryConfig): number {
  const github = delivery.backend === 'github' ? delivery.github : null;
  if (!github) return LOCAL_CLAIM_MS;
  const pacing = github.throttle ? GITHUB_WRITES_PER_DELIVERY * THROTTLED_WRITE_SPACING_MS : 0;
  return Math.ceil(SAFETY * (GITHUB_REQUESTS_PER_DELIVERY * github.timeoutMs + pacing));
}
