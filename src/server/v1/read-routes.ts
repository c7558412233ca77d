/** The read endpoints of `/v1`, as a table: a path pattern and the handler it calls. */
import type { Reply } from '../http/reply.ts';
import {
  categoriesReply,
  categoryPackagesReply,
  compareReply,
  leaderboardReply,
  queueReply,
  statsReply,
} from './catalogue-views.ts';
import type { ReadContext } from './context.ts';
import { agentGuideReply, listPackagesReply, packageReply, updatedSinceReply } from './packages.ts';

interface ReadRoute {
  /** Literal segments, or `:name` for a path parameter. */
  pattern: readonly string[];
  handle: (context: ReadContext, params: readonly string[]) => Reply;
}

/** Literal routes are listed before the parameter routes they would otherwise be taken for. */
const READ_ROUTES: readonly ReadRoute[] = [
  { pattern: ['packages'], handle: (context) => listPackagesReply(context, null) },
  { pattern: ['packages', 'updated-since'], handle: updatedSinceReply },
  { pattern: ['packages', ':id'], handle: (context, [id]) => packageReply(context, id!) },
  { pattern: ['packages', ':id', 'agent-guide'], handle: (context, [id]) => agentGuideReply(context, id!) },
  { pattern: ['categories'], handle: categoriesReply },
  {
    pattern: ['categories', ':slug', 'packages'],
    handle: (context, [slug]) => categoryPackagesReply(context, slug!),
  },
  {
    pattern: ['categories', ':slug', 'leaderboard'],
    handle: (context, [slug]) => leaderboardReply(context, slug!),
  },
  { pattern: ['compare'], handle: compareReply },
  { pattern: ['stats'], handle: statsReply },
  { pattern: ['queue'], handle: queueReply },
];

export interface ReadMatch {
  route: ReadRoute;
  params: string[];
}

export function matchReadRoute(segments: readonly string[]): ReadMatch | null {
  for (const route of READ_ROUTES) {
    if (route.pattern.length !== segments.length) continue;
    const params: string[] = [];
    const matches = route.pattern.every((part, index) => {
      if (part.startsWith(':')) {
        params.push(segments[index]!);
        return true;
      }
      return part === segments[index];
    });
    if (matches) return { route, params };
  }
  return null;
}
