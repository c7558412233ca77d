/** Lists and reads the repository's data files. Paths are repository-relative with `/`, sorted. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compareStrings } from '../core/order.ts';
import {
  CATEGORIES_DIR,
  EVALUATIONS_DIR,
  PACKAGES_DIR,
  REGISTRY_DIR,
  SPOT_CHECKS_DIR,
} from '../core/validation/repository-paths.ts';
import type { RawFile } from '../core/validation/validate-repository.ts';

export interface RepositoryListing {
  categories: string[];
  packages: string[];
  spotChecks: string[];
  registry: string[];
  evaluations: string[];
}

function listDirectory(root: string, dir: string): string[] {
  const absolute = join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute)
    .filter((name) => !name.startsWith('.'))
    .sort(compareStrings)
    .map((name) => `${dir}/${name}`);
}

function listEvaluations(root: string): string[] {
  return listDirectory(root, EVALUATIONS_DIR).flatMap((entry) =>
    statSync(join(root, entry)).isDirectory() ? listDirectory(root, entry) : [entry],
  );
}

export function listRepository(root: string): RepositoryListing {
  return {
    categories: listDirectory(root, CATEGORIES_DIR),
    packages: listDirectory(root, PACKAGES_DIR),
    spotChecks: listDirectory(root, SPOT_CHECKS_DIR),
    registry: listDirectory(root, REGISTRY_DIR),
    evaluations: listEvaluations(root),
  };
}

export function readRawFile(root: string, path: string): RawFile {
  return { path, text: readFileSync(join(root, path), 'utf8') };
}

/** Reads lazily, so a 50,000-file catalogue is never held as text all at once. */
export function* readRawFiles(root: string, paths: readonly string[]): Generator<RawFile> {
  for (const path of paths) yield readRawFile(root, path);
}
