import { problem } from './problems.ts';
import { problemReply, type Reply } from './reply.ts';

/** A 405 problem naming the methods the path takes, in its `Allow` header too. */
export function methodNotAllowed(allow: string): Reply {
  return problemReply(problem('methodNotAllowed', `This path takes ${allow}.`), { Allow: allow });
}
