/**
 * The repository layout, as pure path rules. Paths are relative to the repository root and use `/`.
 * A file whose path does not fit is reported, never guessed at.
 */
import { isCategorySlug, isEvaluationId, isPackageId } from '../ids.ts';

export type RepositoryFileKind =
  | 'package'
  | 'category'
  | 'spot-check'
  | 'evaluation'
  | 'registry'
  | 'import-state';

export interface ParsedPath {
  kind: RepositoryFileKind;
  /** package id, category slug, or evaluation id. */
  id: string;
  /** For evaluations: the package folder. */
  packageId?: string;
}

export const PACKAGES_DIR = 'data/packages';
export const CATEGORIES_DIR = 'data/categories';
export const SPOT_CHECKS_DIR = 'data/spot-checks';
export const EVALUATIONS_DIR = 'evaluations';
export const REGISTRY_DIR = 'data/registry';
/** Where `afscore import` keeps its watermarks (a dot file, so no package id can take the name). */
export const IMPORT_STATE_PATH = 'data/registry/.imports.json';

export function parseRepositoryPath(path: string): ParsedPath | null {
  if (path === IMPORT_STATE_PATH) return { kind: 'import-state', id: 'imports' };
  const parts = path.split('/');
  if (parts.length === 3 && parts[0] === 'data' && parts[2]!.endsWith('.md')) {
    const id = parts[2]!.slice(0, -3);
    if (parts[1] === 'packages' && isPackageId(id)) return { kind: 'package', id };
    if (parts[1] === 'categories' && isCategorySlug(id)) return { kind: 'category', id };
    if (parts[1] === 'spot-checks' && isEvaluationId(id)) return { kind: 'spot-check', id };
  }
  if (parts.length === 3 && parts[0] === 'data' && parts[1] === 'registry' && parts[2]!.endsWith('.json')) {
    const id = parts[2]!.slice(0, -5);
    if (isPackageId(id)) return { kind: 'registry', id };
  }
  if (parts.length === 3 && parts[0] === EVALUATIONS_DIR && parts[2]!.endsWith('.json')) {
    const packageId = parts[1]!;
    const id = parts[2]!.slice(0, -5);
    if (isPackageId(packageId) && isEvaluationId(id)) return { kind: 'evaluation', id, packageId };
  }
  return null;
}

export function evaluationPath(packageId: string, evaluationId: string): string {
  return `${EVALUATIONS_DIR}/${packageId}/${evaluationId}.json`;
}

export function packagePath(packageId: string): string {
  return `${PACKAGES_DIR}/${packageId}.md`;
}

export function registryPath(packageId: string): string {
  return `${REGISTRY_DIR}/${packageId}.json`;
}
