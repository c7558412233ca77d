/**
 * Rate-limit headers on every response: the IETF draft fields (draft-ietf-httpapi-ratelimit-headers,
 * `RateLimit-Policy` and `RateLimit`) and the GitHub-style `X-RateLimit-*` mirror, kept consistent.
 * `X-RateLimit-Reset` is in epoch seconds; the draft's `t` is seconds from now.
 */

import type { PolicyName } from './policies.ts';
import { WINDOW_SECONDS } from './policies.ts';
import type { Decision } from './rate-limit-store.ts';

export function rateLimitHeaders(
  policy: PolicyName,
  decision: Decision,
  nowMs: number,
): Record<string, string> {
  const list = rateLimitHeaderList(policy, decision, nowMs);
  const headers: Record<string, string> = {};
  for (let index = 0; index < list.length; index += 2) headers[list[index]!] = list[index + 1]!;
  return headers;
}

/** The same headers as a flat name, value list, for a head written whole (http/prepared-response.ts). */
export function rateLimitHeaderList(policy: PolicyName, decision: Decision, nowMs: number): string[] {
  const secondsLeft = Math.max(0, decision.resetAt - Math.floor(nowMs / 1000));
  return [
    'RateLimit-Policy',
    `"${policy}";q=${decision.limit};w=${WINDOW_SECONDS}`,
    'RateLimit',
    `"${policy}";r=${decision.remaining};t=${secondsLeft}`,
    'X-RateLimit-Limit',
    String(decision.limit),
    'X-RateLimit-Remaining',
    String(decision.remaining),
    'X-RateLimit-Reset',
    String(decision.resetAt),
  ];
}

export function retryAfter(decision: Decision, nowMs: number): string {
  return String(Math.max(1, decision.resetAt - Math.floor(nowMs / 1000)));
}
