/** `/v1/categories`, `/v1/categories/{slug}/…`, `/v1/compare`, `/v1/stats`, `/v1/queue`. */

import { createHash } from 'node:crypto';
import { categoryPage, statsView } from '../../core/query/catalogue-summaries.ts';
import { comparePackages, parseCompareIds } from '../../core/query/compare.ts';
import { leaderboard, parseLeaderboardQuery } from '../../core/query/leaderboard.ts';
import { pageOf } from '../../core/query/list-packages.ts';
import { readPaging } from '../../core/query/list-query.ts';
import { ParameterReader } from '../../core/query/query-params.ts';
import { withClaims } from '../../core/queue/queue.ts';
import { parameterProblem, problem } from '../http/problems.ts';
import { jsonReply, problemReply, type Reply } from '../http/reply.ts';
import { cached, type ReadContext, refuseParameters } from './context.ts';
import { listPackagesReply } from './packages.ts';

function unknownCategory(slug: string): Reply {
  return problemReply(problem('notFound', `There is no category "${slug}"; /v1/categories lists them all.`));
}

export function categoriesReply(context: ReadContext): Reply {
  return cached(context, () => {
    const reader = new ParameterReader(context.params, ['page', 'per_page']);
    const paging = readPaging(reader);
    if (reader.issues.length > 0) return problemReply(parameterProblem(reader.issues));
    return jsonReply(categoryPage(context.data.index, paging), context.data.etag);
  });
}

export function categoryPackagesReply(context: ReadContext, slug: string): Reply {
  if (!context.data.index.categories.has(slug)) return unknownCategory(slug);
  return listPackagesReply(context, slug);
}

export function leaderboardReply(context: ReadContext, slug: string): Reply {
  if (!context.data.index.categories.has(slug)) return unknownCategory(slug);
  return cached(context, () => {
    const query = parseLeaderboardQuery(context.params);
    if (!query.ok) return problemReply(parameterProblem(query.issues));
    return jsonReply(leaderboard(context.data.index, slug, query.value), context.data.etag);
  });
}

export function compareReply(context: ReadContext): Reply {
  return cached(context, () => {
    const ids = parseCompareIds(context.params);
    if (!ids.ok) return problemReply(parameterProblem(ids.issues));
    const outcome = comparePackages(context.data.index, ids.value);
    if (!outcome.ok) {
      const names = outcome.unknown.map((id) => `"${id}"`).join(', ');
      return problemReply(
        problem('notFound', `No package ${names}; check the ids with /v1/packages?q=<name>.`, {
          unknown_ids: outcome.unknown,
        }),
      );
    }
    return jsonReply(outcome.value, context.data.etag);
  });
}

export function statsReply(context: ReadContext): Reply {
  return cached(context, () => {
    const invalid = refuseParameters(context);
    if (invalid) return invalid;
    return jsonReply(statsView(context.data.index), context.data.etag);
  });
}

function queuePage(context: ReadContext, claims: ReadonlyMap<string, string>, etag: string): Reply {
  const reader = new ParameterReader(context.params, ['page', 'per_page']);
  const paging = readPaging(reader);
  if (reader.issues.length > 0) return problemReply(parameterProblem(reader.issues));
  return jsonReply(pageOf(withClaims(context.data.index.catalogue.queue, claims), paging), etag);
}

/**
 * Without claims the queue is cached with the data; with claims it is built per request. Claims
 * come and go within a data version, so the queue is never answered without asking this module.
 */
export function queueReply(context: ReadContext): Reply {
  const claims = context.claims ?? new Map<string, string>();
  if (claims.size === 0)
    return cached(context, () => queuePage(context, claims, context.data.etag), { aliased: false });
  const stamp = createHash('sha256')
    .update(JSON.stringify([...claims]))
    .digest('base64url')
    .slice(0, 12);
  return queuePage(context, claims, `${context.data.etag.slice(0, -1)}-${stamp}"`);
}
