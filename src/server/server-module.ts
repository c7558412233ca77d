/**
 * A part of the product that owns some paths of the front server (the MCP endpoint, the badges),
 * mounted beside /v1 without the front server knowing its insides. The front server decides the
 * rate-limit policy, writes the headers and maps failures to problems; the module answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from './http/request-target.ts';
import type { DataVersion } from './live/live-data.ts';
import type { PolicyName } from './rate-limit/policies.ts';

export interface ModuleContext {
  target: RequestTarget;
  data: DataVersion;
  /** The client address the rate limits count by. */
  client: string;
}

export interface ServerModule {
  name: string;
  owns(target: RequestTarget): boolean;
  /** The budget a request spends, or null to show the read budget without spending it. */
  policy: PolicyName | null;
  handle(req: IncomingMessage, res: ServerResponse, context: ModuleContext): Promise<void> | void;
}
