/**
 * Rate-limit headers on every response: the IETF draft fields (draft-ietf-httpapi-ratelimit-headers,
 * `RateLimit-Policy` and `RateLimit`) and the GitHub-style `X-RateLimit-*` mirror, kept consistent.
 * `X-RateLimit-Reset` is in epoch seconds; the draft's `t` is seconds from now.
 */

import type { ServerResponse } from 'node:http';
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

/** The values that stay the same for a policy, limit and window: made once, not per request. */
interface LastingValues {
  policy: PolicyName;
  limit: number;
  resetAt: number;
  policyValue: string;
  remainingPrefix: string;
  limitValue: string;
  resetValue: string;
}
let lasting: LastingValues | null = null;

function lastingValues(policy: PolicyName, decision: Decision): LastingValues {
  const known = lasting;
  if (
    known &&
    known.policy === policy &&
    known.limit === decision.limit &&
    known.resetAt === decision.resetAt
  )
    return known;
  lasting = {
    policy,
    limit: decision.limit,
    resetAt: decision.resetAt,
    policyValue: `"${policy}";q=${decision.limit};w=${WINDOW_SECONDS}`,
    remainingPrefix: `"${policy}";r=`,
    limitValue: String(decision.limit),
    resetValue: String(decision.resetAt),
  };
  return lasting;
}

/** The same headers as a flat name, value list, for a head written whole (http/prepared-response.ts). */
export function rateLimitHeaderList(policy: PolicyName, decision: Decision, nowMs: number): string[] {
  const secondsLeft = Math.max(0, decision.resetAt - Math.floor(nowMs / 1000));
  const values = lastingValues(policy, decision);
  const remaining = String(decision.remaining);
  return [
    'RateLimit-Policy',
    values.policyValue,
    'RateLimit',
    `${values.remainingPrefix}${remaining};t=${secondsLeft}`,
    'X-RateLimit-Limit',
    values.limitValue,
    'X-RateLimit-Remaining',
    remaining,
    'X-RateLimit-Reset',
    values.resetValue,
  ];
}

/** Sets a flat name, value list (rateLimitHeaderList) on a response. */
export function setHeaderList(res: ServerResponse, list: readonly string[]): void {
  for (let index = 0; index < list.length; index += 2) res.setHeader(list[index]!, list[index + 1]!);
}

export function retryAfter(decision: Decision, nowMs: number): string {
  return String(Math.max(1, decision.resetAt - Math.floor(nowMs / 1000)));
}
