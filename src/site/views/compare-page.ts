/**
 * The compare page (`/compare?ids=a,b&q=`): the packages chosen, compared as GET /v1/compare does,
 * the caps holding their scores down, peers to add, and the packages matching a search to add.
 */
import type { PackageRecord } from '../../core/catalogue/catalogue-types.ts';
import { type ComparedPackage, comparePackages, parseCompareIds } from '../../core/query/compare.ts';
import { listPackages } from '../../core/query/list-packages.ts';
import { parseListQuery } from '../../core/query/list-query.ts';
import type { PackageIndex } from '../../core/query/package-index.ts';
import type { ParameterIssue } from '../../core/query/query-params.ts';
import { type CapNote, capNotes } from '../caps.ts';
import { paramsOf } from '../request.ts';
import type { PageStatus } from '../status.ts';
import { comparePeers, type PeerGroup, type ScoreRow, scoreRows } from './compare.ts';

export interface ComparePageView {
  /** The status to answer with, when not 200: 404 when an id is not a package, 400 when ids are malformed. */
  status: PageStatus | null;
  issues: readonly ParameterIssue[];
  /** The ids in the address, in order, whether or not they are packages. */
  chosen: readonly string[];
  items: readonly ComparedPackage[];
  rows: readonly ScoreRow[];
  /** Per compared package, the caps that hold its af score down (an unstarted package has no score to hold). */
  caps: readonly (readonly CapNote[])[];
  anyCapped: boolean;
  peers: readonly PeerGroup[];
  /** The search for packages to add, whether it ran, and what it found that is not chosen yet. */
  q: string;
  searched: boolean;
  matches: readonly PackageRecord[];
}

export function comparePageView(index: PackageIndex, url: URL): ComparePageView {
  const raw = url.searchParams.get('ids')?.trim() ?? '';
  const parsed = raw === '' ? null : parseCompareIds(paramsOf({ ids: raw }));
  const outcome = parsed?.ok ? comparePackages(index, parsed.value) : null;
  const idIssues: ParameterIssue[] =
    outcome && !outcome.ok
      ? outcome.unknown.map((id) => ({
          parameter: 'ids',
          message: `names "${id}", which is not a package`,
          hint: 'remove it and add packages with the search below',
        }))
      : parsed && !parsed.ok
        ? parsed.issues
        : [];
  const items = outcome?.ok ? outcome.value.items : [];
  const caps = items.map((item) =>
    capNotes(index.byId.get(item.id)?.caps_applied ?? []).filter((note) => !note.unrunnable),
  );
  const chosen = raw
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const search = q === '' ? null : parseListQuery(paramsOf({ q, per_page: '10' }));
  const found = search?.ok ? listPackages(index, search.value) : null;
  return {
    // A bad search only shows its problem; the status answers for the packages compared.
    status: idIssues.length === 0 ? null : outcome && !outcome.ok ? 404 : 400,
    issues: [...idIssues, ...(search && !search.ok ? search.issues : [])],
    chosen,
    items,
    rows: scoreRows(items),
    caps,
    anyCapped: caps.some((notes) => notes.length > 0),
    peers: comparePeers(
      index,
      chosen.filter((id) => index.byId.has(id)),
    ),
    q,
    searched: search?.ok === true,
    matches: found?.ok ? found.value.items.filter((record) => !chosen.includes(record.id)) : [],
  };
}
