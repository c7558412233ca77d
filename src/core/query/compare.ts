/** Side-by-side comparison of up to five packages. */
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import { isPackageId } from '../ids.ts';
import { DIMENSIONS } from '../rubric/dimensions.ts';
import type { PackageIndex } from './package-index.ts';
import { type ParameterIssue, ParameterReader, type ParseResult, type QueryParams } from './query-params.ts';
import { MAX_COMPARE } from './query-policy.ts';

export interface ComparedPackage {
  id: string;
  name: string;
  kind: PackageRecord['kind'];
  category: string;
  version: string | null;
  license: string | null;
  af_score: number | null;
  grade: PackageRecord['grade'];
  security_score: number | null;
  reliability_score: number | null;
  dimensions: PackageRecord['dimensions'];
  evaluation_status: PackageRecord['evaluation_status'];
  confidence: PackageRecord['confidence'];
  score_basis: PackageRecord['score_basis'];
  cross_validated: boolean;
  flags: PackageRecord['flags'];
  last_evaluated_at: string | null;
}

export interface Comparison {
  ids: string[];
  dimensions: readonly string[];
  items: ComparedPackage[];
}

export type CompareOutcome = { ok: true; value: Comparison } | { ok: false; unknown: string[] };

/** The rules on the id list, shared by `/v1/compare` and the `compare_packages` tool. */
export function compareIdIssues(ids: readonly string[], parameter = 'ids'): ParameterIssue[] {
  const bad = ids.filter((id) => !isPackageId(id));
  if (ids.length === 0)
    return [{ parameter, message: 'names no package', hint: `give 1 to ${MAX_COMPARE} package ids` }];
  if (bad.length > 0) {
    return [
      {
        parameter,
        message: `has ${bad.map((id) => JSON.stringify(id)).join(', ')}, which cannot be a package id`,
        hint: 'use lowercase package ids such as server-memory',
      },
    ];
  }
  if (new Set(ids).size !== ids.length)
    return [{ parameter, message: 'names a package more than once', hint: 'give each id once' }];
  if (ids.length > MAX_COMPARE) {
    return [
      {
        parameter,
        message: `names ${ids.length} packages; at most ${MAX_COMPARE} can be compared`,
        hint: `pick ${MAX_COMPARE} or fewer`,
      },
    ];
  }
  return [];
}

export function parseCompareIds(params: QueryParams): ParseResult<string[]> {
  const reader = new ParameterReader(params, ['ids']);
  const raw = reader.text('ids');
  if (raw === undefined && reader.issues.length === 0) {
    reader.issues.push({
      parameter: 'ids',
      message: 'is required',
      hint: `give 1 to ${MAX_COMPARE} package ids separated by commas`,
    });
  }
  const ids = raw === undefined ? [] : raw.split(',').map((id) => id.trim());
  if (raw !== undefined) reader.issues.push(...compareIdIssues(ids));
  return reader.result(ids);
}

function compared(record: PackageRecord): ComparedPackage {
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    category: record.category,
    version: record.version,
    license: record.license,
    af_score: record.af_score,
    grade: record.grade,
    security_score: record.security_score,
    reliability_score: record.reliability_score,
    dimensions: record.dimensions,
    evaluation_status: record.evaluation_status,
    confidence: record.confidence,
    score_basis: record.score_basis,
    cross_validated: record.cross_validated,
    flags: record.flags,
    last_evaluated_at: record.last_evaluated_at,
  };
}

/** `ids` must already satisfy compareIdIssues; unknown ids are named so the caller can say which. */
export function comparePackages(index: PackageIndex, ids: readonly string[]): CompareOutcome {
  const unknown = ids.filter((id) => !index.byId.has(id));
  if (unknown.length > 0) return { ok: false, unknown };
  return {
    ok: true,
    value: { ids: [...ids], dimensions: DIMENSIONS, items: ids.map((id) => compared(index.byId.get(id)!)) },
  };
}
