/** `updated-since`: packages changed after a time, oldest change first, removals as tombstones. */
import type { ChangeKind, PackageSummary, Tombstone } from '../catalogue/catalogue-types.ts';
import { summaryOf } from '../catalogue/package-record.ts';
import { type Page, pageOf } from '../query/list-packages.ts';
import { PAGE_NUMBERS, type Paging, type PagingStyle } from '../query/list-query.ts';
import type { PackageIndex } from '../query/package-index.ts';
import { ParameterReader, type ParseResult, type QueryParams } from '../query/query-params.ts';
import { parseTimestamp } from '../time/rfc3339.ts';

export interface FeedQuery extends Paging {
  sinceMs: number;
  since: string;
}

export type FeedItem =
  | (PackageSummary & {
      change: Exclude<ChangeKind, 'removed'>;
      /** The release before `version`, when a registry sync saw it change. */
      previous_version: string | null;
      /** The version the score is for: a package needs re-evaluation since `version` when they differ. */
      evaluated_version: string | null;
    })
  | (Tombstone & { change: 'removed' });

export interface FeedPage extends Page<FeedItem> {
  since: string;
}

export function parseFeedQuery(
  params: QueryParams,
  style: PagingStyle = PAGE_NUMBERS,
): ParseResult<FeedQuery> {
  const reader = new ParameterReader(params, ['timestamp', ...style.parameters]);
  const paging = style.read(reader);
  const raw = reader.text('timestamp');
  if (raw === undefined) {
    if (!reader.issues.some((found) => found.parameter === 'timestamp')) {
      reader.issues.push({
        parameter: 'timestamp',
        message: 'is required',
        hint: 'give an RFC 3339 time such as 2026-11-01T00:00:00Z',
      });
    }
    return reader.result({ ...paging, sinceMs: 0, since: '' });
  }
  const parsed = parseTimestamp(raw);
  if (!parsed.ok) {
    reader.issues.push({
      parameter: 'timestamp',
      message: parsed.issues[0]!.message,
      hint: parsed.issues[0]!.hint,
    });
    return reader.result({ ...paging, sinceMs: 0, since: '' });
  }
  return reader.result({ ...paging, sinceMs: parsed.value.ms, since: parsed.value.iso });
}

export function changesSince(index: PackageIndex, query: FeedQuery): FeedPage {
  const items: FeedItem[] = [];
  for (const change of index.catalogue.changes) {
    if (Date.parse(change.updated_at) <= query.sinceMs) continue;
    const record = index.byId.get(change.id);
    if (record && change.change !== 'removed') {
      const source = record.registry.sources.find((candidate) => candidate.latest_version === record.version);
      items.push({
        ...summaryOf(record),
        change: change.change,
        previous_version: source?.previous_version ?? null,
        evaluated_version: record.evaluated_version,
      });
    } else {
      const tombstone = index.removed.get(change.id);
      if (tombstone) items.push({ ...tombstone, change: 'removed' });
    }
  }
  return { since: query.since, ...pageOf(items, query) };
}
