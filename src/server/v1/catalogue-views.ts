/** `/v1/categories`, `/v1/categories/{slug}/…`, `/v1/compare`, `/v1/stats`, `/v1/queue`. */
import { comparePackages, parseCompareIds } from '../../core/query/compare.ts';
import { leaderboard, parseLeaderboardQuery } from '../../core/query/leaderboard.ts';
import { pageOf } from '../../core/query/list-packages.ts';
import { readPaging } from '../../core/query/list-query.ts';
import { ParameterReader } from '../../core/query/query-params.ts';
import { RUBRIC_VERSION } from '../../core/rubric/policy.ts';
import { parameterProblem, problem } from '../http/problems.ts';
import { jsonReply, problemReply, type Reply } from '../http/reply.ts';
import { cached, type ReadContext, refuseParameters } from './context.ts';
import { listPackagesReply } from './packages.ts';

function unknownCategory(slug: string): Reply {
  return problemReply(problem('notFound', `There is no category "${slug}"; /v1/categories lists them all.`));
}

export function categoriesReply(context: ReadContext): Reply {
  return cached(context, () => {
    const invalid = refuseParameters(context);
    if (invalid) return invalid;
    const items = context.data.index.catalogue.categories.map(
      ({ long_description: _, ...summary }) => summary,
    );
    return jsonReply(
      { items, page: 1, per_page: items.length, total: items.length, total_pages: items.length > 0 ? 1 : 0 },
      context.data.etag,
    );
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
    const { stats, meta } = context.data.index.catalogue;
    return jsonReply({ ...stats, as_of: meta.as_of, rubric_version: RUBRIC_VERSION }, context.data.etag);
  });
}

export function queueReply(context: ReadContext): Reply {
  return cached(context, () => {
    const reader = new ParameterReader(context.params, ['page', 'per_page']);
    const paging = readPaging(reader);
    if (reader.issues.length > 0) return problemReply(parameterProblem(reader.issues));
    return jsonReply(pageOf(context.data.index.catalogue.queue, paging), context.data.etag);
  });
}
