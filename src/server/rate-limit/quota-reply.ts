import { CORS_HEADERS } from '../http/cors.ts';
import { problem } from '../http/problems.ts';
import { problemReply, type Reply } from '../http/reply.ts';
import { retryAfter } from './headers.ts';
import type { PolicyName } from './policies.ts';
import type { Decision } from './rate-limit-store.ts';

const UNIT: Record<PolicyName, string> = {
  read: 'read requests per client',
  checkout: 'checkout requests per client',
  submit: 'submissions per API key',
  mcp: 'MCP requests per client',
};

/** The 429 for a spent budget: when it resets, and which policy it was. */
export function quotaExceededReply(policy: PolicyName, decision: Decision, nowMs: number): Reply {
  const wait = retryAfter(decision, nowMs);
  const body = problem(
    'quotaExceeded',
    `${decision.limit} ${UNIT[policy]} per UTC day; the quota resets in ${wait} s.`,
    {
      'violated-policies': [policy],
    },
  );
  return problemReply(body, { ...CORS_HEADERS, 'Retry-After': wait });
}
