/**
 * A part of the product that owns some paths of the front server (MCP, badges, `/v1`, documents),
 * mounted without the front server knowing its insides (modules.ts lists them). The front server decides the
 * rate-limit policy, writes the headers and maps failures to problems; the module answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from './http/request-target.ts';
import type { DataVersion } from './live/live-data.ts';
import type { PolicyName } from './rate-limit/policies.ts';
import type { Decision } from './rate-limit/rate-limit-store.ts';

export interface ModuleContext {
  target: RequestTarget;
  data: DataVersion;
  /** The client address the rate limits count by. */
  client: string;
  /**
   * Spends one request of a budget keyed by something other than the client address (an API key),
   * writes that budget's rate-limit headers in place of the default ones, and says whether it is
   * within the limit.
   */
  spend(policy: PolicyName, key: string): Promise<Decision>;
  /** The time the request arrived, epoch milliseconds. */
  now: number;
  /**
   * This request's rate-limit headers as a flat name, value list: already set on the response,
   * unless the module writes them itself (writesRateLimitHeaders).
   */
  rateLimitHead: readonly string[];
}

export interface ServerModule {
  name: string;
  owns(target: RequestTarget): boolean;
  /**
   * The per-client budget a request spends, or null to show the read budget without spending it;
   * a function when it depends on the path or method.
   */
  policy: PolicyName | null | ((target: RequestTarget, method: string) => PolicyName | null);
  /**
   * Whether the module writes the rate-limit headers (context.rateLimitHead) on every response
   * itself, so that it can write a prepared head whole, in one `writeHead` on a response nothing
   * was set on yet (Node's quickest path).
   */
  writesRateLimitHeaders?: boolean;
  handle(req: IncomingMessage, res: ServerResponse, context: ModuleContext): Promise<void> | void;
}
