/**
 * `/badge/<id>.svg` and `/badge/<id>.json` (the Shields endpoint form). Badges spend no quota:
 * GitHub's image proxy fetches them once per README viewer, from a handful of addresses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateEncoding } from '../http/compression.ts';
import { problem } from '../http/problems.ts';
import { problemReply } from '../http/reply.ts';
import type { RequestTarget } from '../http/request-target.ts';
import { send } from '../http/send.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';
import { badgeReplies } from './badge-replies.ts';

const BADGE_FILE = /^(.+)\.(svg|json)$/;

function badgeFile(target: RequestTarget): { id: string; format: 'svg' | 'json' } | null {
  if (target.segments.length !== 2 || target.segments[0] !== 'badge') return null;
  const match = BADGE_FILE.exec(target.segments[1]!);
  return match ? { id: match[1]!, format: match[2] as 'svg' | 'json' } : null;
}

async function handle(req: IncomingMessage, res: ServerResponse, context: ModuleContext): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(
      req,
      res,
      problemReply(problem('methodNotAllowed', 'Badges take GET and HEAD.'), { Allow: 'GET, HEAD' }),
    );
    return;
  }
  const file = badgeFile(context.target)!;
  const replies = await badgeReplies(context.data, file.id);
  // Kept ready to write, so the front server answers this target from it next time.
  const responses = context.data.responses;
  const key = `badge/${replies.key}.${file.format}`;
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const reply = file.format === 'svg' ? replies.svg : replies.json;
  const kept =
    responses.get(key, encoding) ??
    responses.keep(key, reply, { path: context.target.path, policy: null }, encoding);
  responses.alias(req.url!, key);
  send(req, res, kept.reply);
}

export function badgeModule(): ServerModule {
  return {
    name: 'badges',
    owns: (target) => badgeFile(target) !== null,
    policy: null,
    handle,
  };
}
