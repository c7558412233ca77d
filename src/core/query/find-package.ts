/** Finding one package by id, as `/v1/packages/{id}`, the MCP tools and the package resource do. */
import type { PackageRecord, Tombstone } from '../catalogue/catalogue-types.ts';
import { isPackageId } from '../ids.ts';
import type { PackageIndex } from './package-index.ts';
import { ParameterReader, type ParseResult, type QueryParams } from './query-params.ts';

export type PackageLookup =
  | { found: true; record: PackageRecord }
  | { found: false; removed: Tombstone | null };

export function lookupPackage(index: PackageIndex, id: string): PackageLookup {
  const record = isPackageId(id) ? index.byId.get(id) : undefined;
  if (record) return { found: true, record };
  return { found: false, removed: index.removed.get(id) ?? null };
}

/** The one required id parameter of a single-package request, and no other parameter. */
export function parsePackageIdParams(params: QueryParams, parameter = 'id'): ParseResult<string> {
  const reader = new ParameterReader(params, [parameter]);
  const id = reader.text(parameter);
  if (id === undefined && !reader.issues.some((issue) => issue.parameter === parameter)) {
    reader.issues.push({
      parameter,
      message: 'is required',
      hint: 'give a package id such as server-memory',
    });
  }
  return reader.result(id ?? '');
}
