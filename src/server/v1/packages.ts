/** `/v1/packages`, `/v1/packages/{id}`, `/v1/packages/{id}/agent-guide`, `/v1/packages/updated-since`. */
import { agentGuideFor } from '../../core/agent-guide/agent-guide.ts';
import type { PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import { packageDetail } from '../../core/catalogue/check-views.ts';
import { summaryOf } from '../../core/catalogue/package-record.ts';
import { changesSince, parseFeedQuery } from '../../core/feed/change-feed.ts';
import { isPackageId } from '../../core/ids.ts';
import { listPackages } from '../../core/query/list-packages.ts';
import { parseListQuery } from '../../core/query/list-query.ts';
import { parameterProblem, problem } from '../http/problems.ts';
import { isReply, jsonReply, problemReply, type Reply } from '../http/reply.ts';
import { cached, type ReadContext, refuseParameters } from './context.ts';

export function listPackagesReply(context: ReadContext, fixedCategory: string | null): Reply {
  return cached(context, () => {
    const query = parseListQuery(context.params, fixedCategory);
    if (!query.ok) return problemReply(parameterProblem(query.issues));
    const result = listPackages(context.data.index, query.value);
    if (!result.ok) return problemReply(parameterProblem(result.issues));
    return jsonReply({ ...result.value, items: result.value.items.map(summaryOf) }, context.data.etag);
  });
}

/** The package, or the reply that explains why there is none (unknown: 404, removed: 410). */
export function findPackage(context: ReadContext, id: string): PackageRecord | Reply {
  const record = isPackageId(id) ? context.data.index.byId.get(id) : undefined;
  if (record) return record;
  const tombstone = context.data.index.removed.get(id);
  if (tombstone) {
    return problemReply(
      problem('packageRemoved', `${id} was removed on ${tombstone.removed_on}: ${tombstone.reason}`, {
        id,
        removed_on: tombstone.removed_on,
        reason: tombstone.reason,
      }),
    );
  }
  return problemReply(
    problem('notFound', `There is no package "${id}"; search with /v1/packages?q=<part of its name>.`),
  );
}

export function packageReply(context: ReadContext, id: string): Reply {
  return cached(context, () => {
    const found = refuseParameters(context) ?? findPackage(context, id);
    return isReply(found) ? found : jsonReply(packageDetail(found), context.data.etag);
  });
}

export function agentGuideReply(context: ReadContext, id: string): Reply {
  return cached(context, () => {
    const found = refuseParameters(context) ?? findPackage(context, id);
    return isReply(found) ? found : jsonReply(agentGuideFor(found), context.data.etag);
  });
}

export function updatedSinceReply(context: ReadContext): Reply {
  return cached(context, () => {
    const query = parseFeedQuery(context.params);
    if (!query.ok) return problemReply(parameterProblem(query.issues));
    return jsonReply(changesSince(context.data.index, query.value), context.data.etag);
  });
}
