/**
 * Reads a repository checkout and validates it into build inputs. Categories first (packages name
 * them), then packages (evaluations name them), then evaluations, then spot-checks (they name
 * evaluations).
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compactEvaluation,
  type KeptEvaluation,
  keepEvaluation,
  keptInterner,
} from '../core/aggregate/scored-evaluation.ts';
import type { CatalogueInput } from '../core/catalogue/build-catalogue.ts';
import { latestDataTime } from '../core/catalogue/default-as-of.ts';
import type { EvaluationDocument } from '../core/types.ts';
import type { FileIssue } from '../core/validation/issue.ts';
import { parseJsonDocument } from '../core/validation/parse-files.ts';
import {
  evaluationPath,
  IMPORT_STATE_PATH,
  parseRepositoryPath,
} from '../core/validation/repository-paths.ts';
import { validateImportState } from '../core/validation/validate-registry.ts';
import {
  forEachValidEvaluation,
  validateCategories,
  validatePackages,
  validateRegistryRecords,
  validateSpotChecks,
} from '../core/validation/validate-repository.ts';
import { checkEvaluationsInThreads, defaultThreadCount, THREADS_FROM_FILES } from './evaluation-threads.ts';
import { readGitTimes } from './git-times.ts';
import { listRepository, readRawFiles } from './repository-files.ts';

export interface LoadedRepository {
  input: CatalogueInput;
  issues: FileIssue[];
  counts: {
    categories: number;
    packages: number;
    evaluations: number;
    spotChecks: number;
    registry: number;
  };
}

export interface LoadOptions {
  /** RFC 3339; defaults to the HEAD commit time, or the newest date in the data outside git. */
  asOf?: string;
  /** Skip git history (times fall back to the files' own dates). */
  withoutGit?: boolean;
  /** Only the problems are wanted (`afscore validate`): keep nothing of the evaluations. */
  validateOnly?: boolean;
}

function readImportStateIssues(root: string): FileIssue[] {
  const path = join(root, IMPORT_STATE_PATH);
  if (!existsSync(path)) return [];
  const document = parseJsonDocument(readFileSync(path, 'utf8'));
  const result = document.ok ? validateImportState(document.value) : document;
  return result.ok ? [] : result.issues.map((found) => ({ path: IMPORT_STATE_PATH, ...found }));
}

/** Categories and packages: what evaluations are checked against. */
function readDefinitions(root: string) {
  const listing = listRepository(root);
  const categories = validateCategories([...readRawFiles(root, listing.categories)]);
  const categorySlugs = new Set(categories.values.map((category) => category.slug));
  const packages = validatePackages([...readRawFiles(root, listing.packages)], categorySlugs);
  return { listing, categories, packages };
}

/** What reading the evaluations gave. */
interface EvaluationsRead {
  evaluations: KeptEvaluation[];
  /** evaluation id → package id, for the spot-checks. */
  evaluationPackages: Map<string, string>;
  issues: FileIssue[];
}

function readEvaluations(
  root: string,
  definitions: ReturnType<typeof readDefinitions>,
  options: LoadOptions,
): EvaluationsRead {
  const packageMap = new Map(definitions.packages.values.map((pkg) => [pkg.id, pkg]));
  // One file at a time: the documents are scored and only their core kept (or nothing, to validate).
  const evaluations: KeptEvaluation[] = [];
  const evaluationPackages = new Map<string, string>();
  const intern = keptInterner();
  const issues = forEachValidEvaluation(
    readRawFiles(root, definitions.listing.evaluations),
    { packages: packageMap },
    (doc) => {
      evaluationPackages.set(doc.evaluation_id, intern.text(doc.package.id));
      if (!options.validateOnly) evaluations.push(keepEvaluation(doc, intern));
    },
  );
  return { evaluations, evaluationPackages, issues };
}

async function readEvaluationsInThreads(
  root: string,
  definitions: ReturnType<typeof readDefinitions>,
  options: LoadOptions,
  threads: number,
): Promise<EvaluationsRead> {
  const evaluations: KeptEvaluation[] = [];
  const evaluationPackages = new Map<string, string>();
  const intern = keptInterner();
  const issues = await checkEvaluationsInThreads(
    root,
    definitions.listing.evaluations,
    definitions.packages.values,
    {
      keep: !options.validateOnly,
      threads,
      visit: (evaluationId, packageId, sent) => {
        const kept = sent && compactEvaluation(sent, intern);
        if (kept) evaluations.push(kept);
        evaluationPackages.set(kept?.doc.evaluation_id ?? evaluationId, intern.text(packageId));
      },
    },
  );
  return { evaluations, evaluationPackages, issues };
}

function completeLoad(
  root: string,
  definitions: ReturnType<typeof readDefinitions>,
  read: EvaluationsRead,
  options: LoadOptions,
): LoadedRepository {
  const { listing, categories, packages } = definitions;
  const { evaluations, evaluationPackages } = read;
  const spotChecks = validateSpotChecks([...readRawFiles(root, listing.spotChecks)], evaluationPackages);
  // Every package file counts, even one that does not validate: its record is not an orphan.
  const packageIds = new Set(listing.packages.flatMap((path) => parseRepositoryPath(path)?.id ?? []));
  const registry = validateRegistryRecords([...readRawFiles(root, listing.registry)], packageIds);
  const importState = readImportStateIssues(root);
  const times = options.withoutGit
    ? {
        evaluationPublishedAt: new Map(),
        packageModifiedAt: new Map(),
        packageVersionChangedAt: new Map(),
        packageDeprecatedAt: new Map(),
        headTime: null,
      }
    : readGitTimes(root);
  const asOf = options.asOf ?? times.headTime ?? latestDataTime(packages.values, evaluations);
  return {
    input: {
      packages: packages.values,
      categories: categories.values,
      evaluations,
      readEvaluation: (packageId, evaluationId) =>
        // Validated above; a file changed since is the build's race to lose, not a new input.
        JSON.parse(
          readFileSync(join(root, evaluationPath(packageId, evaluationId)), 'utf8'),
        ) as EvaluationDocument,
      spotChecks: spotChecks.values,
      registry: new Map(registry.values.map((record) => [record.package_id, record])),
      times,
      asOf,
    },
    issues: [
      ...categories.issues,
      ...packages.issues,
      ...read.issues,
      ...spotChecks.issues,
      ...registry.issues,
      ...importState,
    ],
    counts: {
      categories: listing.categories.length,
      packages: listing.packages.length,
      evaluations: listing.evaluations.length,
      spotChecks: listing.spotChecks.length,
      registry: listing.registry.length,
    },
  };
}

export function loadRepository(root: string, options: LoadOptions = {}): LoadedRepository {
  const definitions = readDefinitions(root);
  return completeLoad(root, definitions, readEvaluations(root, definitions, options), options);
}

/**
 * loadRepository with the evaluation files checked in worker threads (evaluation-threads.ts), one
 * per core, when there are enough of them to repay starting the threads: the same result, sooner.
 * `afscore validate` and `afscore build` load through here.
 */
export async function loadRepositoryInThreads(
  root: string,
  options: LoadOptions & { threads?: number; threadsFromFiles?: number } = {},
): Promise<LoadedRepository> {
  const definitions = readDefinitions(root);
  const threads = options.threads ?? defaultThreadCount();
  const read =
    threads > 1 && definitions.listing.evaluations.length >= (options.threadsFromFiles ?? THREADS_FROM_FILES)
      ? await readEvaluationsInThreads(root, definitions, options, threads)
      : readEvaluations(root, definitions, options);
  return completeLoad(root, definitions, read, options);
}
