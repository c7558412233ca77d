/**
 * The whole derived catalogue from validated repository inputs. Pure and deterministic: the same
 * inputs and `asOf` give the same value, so the build writes the same bytes on every run.
 */
import { aggregatePackage } from '../aggregate/aggregate-package.ts';
import type { KeptEvaluation, ScoredEvaluation } from '../aggregate/scored-evaluation.ts';
import { type ContributorStanding, contributorStandings } from '../contributors/contributor-tiers.ts';
import { failureRecord } from '../failures/failure-record.ts';
import { loginKey } from '../ids.ts';
import { compareStrings } from '../order.ts';
import { queueEntry, sortQueue } from '../queue/queue.ts';
import type { RegistryRecord } from '../registry/registry-record.ts';
import { RUBRIC_VERSION, SCHEMA_VERSION } from '../rubric/policy.ts';
import { packageState, partialReason } from '../states/package-state.ts';
import { buildStats } from '../stats/stats.ts';
import { tierRule } from '../trust/tiers.ts';
import type { CategoryFile, EvaluationDocument, PackageFile, SpotCheckFile } from '../types.ts';
import {
  type Catalogue,
  type CatalogueParts,
  type CategoryRecord,
  type ChangeEntry,
  type ContributorRecord,
  DETAIL_FIELDS,
  type PackageListing,
  type PackageRecord,
  type QueueEntry,
  type Tombstone,
} from './catalogue-types.ts';
import { dayStart, latestChange } from './change-times.ts';
import { packageRecord } from './package-record.ts';

export interface RepositoryTimes {
  /** evaluation id → when it entered the repository. */
  evaluationPublishedAt: ReadonlyMap<string, string>;
  /** package id → when its file last changed. */
  packageModifiedAt: ReadonlyMap<string, string>;
  /** package id → when sync (or anyone) last changed its version; absent outside git. */
  packageVersionChangedAt?: ReadonlyMap<string, string>;
  /** package id → when its deprecation was written; absent outside git. */
  packageDeprecatedAt?: ReadonlyMap<string, string>;
}

export interface CatalogueInput {
  packages: readonly PackageFile[];
  categories: readonly CategoryFile[];
  /** Every valid evaluation as the build keeps it (aggregate/scored-evaluation.ts#keepEvaluation). */
  evaluations: readonly KeptEvaluation[];
  /**
   * The whole document of an evaluation, read again for a package's representative evaluation
   * (its checks with evidence and its snapshot); the caller reads the file it validated.
   */
  readEvaluation: (packageId: string, evaluationId: string) => EvaluationDocument;
  spotChecks: readonly SpotCheckFile[];
  /** package id → what sync and import recorded from the registries (absent: none yet). */
  registry?: ReadonlyMap<string, RegistryRecord>;
  times: RepositoryTimes;
  /** The clock: RFC 3339. */
  asOf: string;
}

function scoreEvaluations(input: CatalogueInput): Map<string, ScoredEvaluation[]> {
  const outcomes = new Map(input.spotChecks.map((record) => [record.evaluation_id, record.outcome]));
  const byPackage = new Map<string, ScoredEvaluation[]>();
  for (const { doc, breakdown } of input.evaluations) {
    const scored: ScoredEvaluation = {
      doc,
      breakdown,
      publishedAt: input.times.evaluationPublishedAt.get(doc.evaluation_id) ?? doc.timestamps.finished_at,
      finishedMs: Date.parse(doc.timestamps.finished_at),
      spotCheck: outcomes.get(doc.evaluation_id) ?? null,
    };
    const list = byPackage.get(doc.package.id);
    if (list) list.push(scored);
    else byPackage.set(doc.package.id, [scored]);
  }
  return byPackage;
}

function changeFor(
  pkg: PackageFile,
  evaluations: readonly ScoredEvaluation[],
  times: RepositoryTimes,
): ChangeEntry {
  const latest = latestChange({
    added: dayStart(pkg.added),
    modified: times.packageModifiedAt.get(pkg.id),
    versionChanged: times.packageVersionChangedAt?.get(pkg.id),
    deprecated: pkg.deprecated
      ? (times.packageDeprecatedAt?.get(pkg.id) ?? dayStart(pkg.deprecated.date))
      : undefined,
    evaluationsPublished: evaluations.map((evaluation) => evaluation.publishedAt),
    removed: pkg.removed ? dayStart(pkg.removed.date) : undefined,
  });
  return { id: pkg.id, ...latest };
}

function tombstoneFor(pkg: PackageFile, change: ChangeEntry): Tombstone {
  return {
    id: pkg.id,
    name: pkg.name,
    removed: true,
    removed_on: pkg.removed!.date,
    reason: pkg.removed!.reason,
    updated_at: change.updated_at,
  };
}

function contributorRecords(
  standings: ReadonlyMap<string, ContributorStanding>,
  byPackage: ReadonlyMap<string, ScoredEvaluation[]>,
): ContributorRecord[] {
  const evaluationsOf = new Map<string, ScoredEvaluation[]>();
  for (const evaluations of byPackage.values()) {
    for (const evaluation of evaluations) {
      const key = loginKey(evaluation.doc.contributor.login);
      const list = evaluationsOf.get(key);
      if (list) list.push(evaluation);
      else evaluationsOf.set(key, [evaluation]);
    }
  }
  const records: ContributorRecord[] = [];
  for (const [key, standing] of standings) {
    const own = evaluationsOf.get(key) ?? [];
    const finished = own
      .map((evaluation) => evaluation.doc.timestamps.finished_at)
      .sort((a, b) => Date.parse(a) - Date.parse(b));
    records.push({
      login: standing.login,
      tier: standing.rule.name,
      weight: standing.rule.weight,
      evaluations: standing.history.accepted,
      packages: [...new Set(own.map((evaluation) => evaluation.doc.package.id))].sort(compareStrings),
      median_deviation: standing.medianDeviation,
      spot_checks: {
        confirmed: standing.history.confirmedSpotChecks,
        diverged: standing.history.divergedSpotChecks,
      },
      first_evaluation_at: finished[0]!,
      last_evaluation_at: finished[finished.length - 1]!,
    });
  }
  return records.sort((a, b) => compareStrings(loginKey(a.login), loginKey(b.login)));
}

function categoryRecords(
  categories: readonly CategoryFile[],
  records: readonly PackageListing[],
): CategoryRecord[] {
  return [...categories]
    .sort((a, b) => compareStrings(a.slug, b.slug))
    .map((category) => {
      const members = records.filter((record) => record.category === category.slug);
      return {
        slug: category.slug,
        name: category.name,
        description: category.description,
        package_count: members.length,
        evaluated_count: members.filter((record) => record.af_score !== null).length,
        long_description: category.body,
      };
    });
}

function listingOf(record: PackageRecord): PackageListing {
  const listing: Partial<PackageRecord> = { ...record };
  for (const field of DETAIL_FIELDS) delete listing[field];
  return listing as PackageListing;
}

/**
 * The catalogue, handing each package's record to `emit` as it is made and keeping only its listing:
 * at 100,000 packages the whole records would not fit in memory (nor in one JSON string). Records
 * are emitted in id order.
 */
export function buildCatalogueParts(
  input: CatalogueInput,
  emit: (record: PackageRecord) => void,
): CatalogueParts & { packages: PackageListing[] } {
  const asOfMs = Date.parse(input.asOf);
  const packages = [...input.packages].sort((a, b) => compareStrings(a.id, b.id));
  const byPackage = scoreEvaluations(input);
  const standings = contributorStandings(packages, byPackage);
  const fallback = tierRule('newcomer');
  const tierOf = (login: string) => standings.get(loginKey(login))?.rule ?? fallback;
  const records: PackageListing[] = [];
  const queue: QueueEntry[] = [];
  const removed: Tombstone[] = [];
  const changes: ChangeEntry[] = [];
  for (const pkg of packages) {
    const evaluations = byPackage.get(pkg.id) ?? [];
    const change = changeFor(pkg, evaluations, input.times);
    changes.push(change);
    if (pkg.removed) {
      removed.push(tombstoneFor(pkg, change));
      continue;
    }
    const aggregate = aggregatePackage(pkg, evaluations, tierOf);
    const countedIds = new Set(
      aggregate.evaluations.filter((entry) => entry.counted).map((entry) => entry.evaluation_id),
    );
    const countedRubrics = evaluations
      .filter((evaluation) => countedIds.has(evaluation.doc.evaluation_id))
      .map(({ doc }) => ({ version: doc.rubric_version, judged: doc.evaluator.llm != null }));
    const representative =
      aggregate.representativeId === null
        ? undefined
        : input.readEvaluation(pkg.id, aggregate.representativeId);
    const failure = failureRecord(aggregate, representative);
    const newest = aggregate.evaluations[0];
    const whyPartial =
      aggregate.status === 'none' && newest?.status === 'partial'
        ? partialReason(input.readEvaluation(pkg.id, newest.evaluation_id).checks)
        : null;
    const state = packageState(pkg, aggregate, countedRubrics, asOfMs, failure, whyPartial);
    const record = packageRecord(
      pkg,
      aggregate,
      state,
      representative,
      change.updated_at,
      input.registry?.get(pkg.id),
      failure,
    );
    const entry = queueEntry(record, asOfMs);
    if (entry) queue.push(entry);
    records.push(listingOf(record));
    emit(record);
  }
  const contributors = contributorRecords(standings, byPackage);
  return {
    meta: {
      rubric_version: RUBRIC_VERSION,
      schema_version: SCHEMA_VERSION,
      as_of: new Date(asOfMs).toISOString(),
    },
    categories: categoryRecords(input.categories, records),
    packages: records,
    removed,
    contributors,
    queue: sortQueue(queue),
    stats: buildStats(records, contributors, input.evaluations.length, input.categories.length),
    changes: changes.sort(
      (a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at) || compareStrings(a.id, b.id),
    ),
  };
}

/** The whole catalogue in memory, for the repository's own size and for tests. */
export function buildCatalogue(input: CatalogueInput): Catalogue {
  const packages: PackageRecord[] = [];
  const parts = buildCatalogueParts(input, (record) => packages.push(record));
  return { ...parts, packages };
}
