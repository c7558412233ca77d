/**
 * `afscore validate [files…]`: every data file, or only the given ones (a pull request's changes,
 * which are held to the admission rules for new evaluations). Prints `path: /pointer: message (hint)`.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { changeIssues, type FileChange, pathsToValidate } from '../../core/contributions/change-rules.ts';
import { type FileIssue, formatFileIssue } from '../../core/validation/issue.ts';
import { parseJsonDocument } from '../../core/validation/parse-files.ts';
import { parseRepositoryPath } from '../../core/validation/repository-paths.ts';
import { validateImportState } from '../../core/validation/validate-registry.ts';
import {
  validateCategories,
  validateEvaluations,
  validatePackages,
  validateRegistryRecords,
  validateSpotChecks,
} from '../../core/validation/validate-repository.ts';
import { readChanges } from '../../data/git-changes.ts';
import { loadRepositoryInThreads } from '../../data/load-repository.ts';
import { listRepository, readRawFile, readRawFiles } from '../../data/repository-files.ts';
import { type CliIo, EXIT } from '../io.ts';

export const validateUsage = `Usage: afscore validate [files…] [--since REF] [--root DIR]

Validates data/packages, data/categories, data/spot-checks, data/registry and evaluations. With files, validates
only those (new evaluations must also meet the admission rules: latest version, no duplicate run).
A JSON file outside evaluations/ (such as one written with evaluate --out) is checked as a
submission to the API would be. With --since REF (e.g. origin/main), validates what this branch
changed since it left REF, as a pull request is checked: evaluations are append-only and packages
are removed, not deleted.`;

function toRepositoryPath(root: string, cwd: string, file: string): string {
  const absolute = isAbsolute(file) ? file : resolve(cwd, file);
  return relative(root, absolute).split(sep).join('/');
}

/** The package a stray evaluation file says it is about, to find the evaluations it must not repeat. */
function declaredPackageId(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { package?: { id?: unknown } }).package?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export function validateSelected(root: string, paths: readonly string[], now: number): FileIssue[] {
  const listing = listRepository(root);
  const categories = validateCategories([...readRawFiles(root, listing.categories)]);
  const slugs = new Set(categories.values.map((category) => category.slug));
  const packages = validatePackages([...readRawFiles(root, listing.packages)], slugs);
  const packageMap = new Map(packages.values.map((pkg) => [pkg.id, pkg]));
  const selected = new Set(paths);
  const issues: FileIssue[] = [];
  for (const path of paths) {
    const parsed = parseRepositoryPath(path);
    if (!existsSync(resolve(root, path))) {
      const hint =
        parsed?.kind === 'evaluation' ? 'evaluations are append-only; restore the file' : 'check the path';
      issues.push({ path, pointer: '', message: 'does not exist', hint });
      continue;
    }
    const file = readRawFile(root, path);
    if (parsed?.kind === 'category') issues.push(...validateCategories([file]).issues);
    else if (parsed?.kind === 'package') issues.push(...validatePackages([file], slugs).issues);
    else if (parsed?.kind === 'import-state') {
      const document = parseJsonDocument(file.text);
      const result = document.ok ? validateImportState(document.value) : document;
      if (!result.ok) issues.push(...result.issues.map((found) => ({ path, ...found })));
    } else if (parsed?.kind === 'registry') {
      const ids = new Set(listing.packages.flatMap((other) => parseRepositoryPath(other)?.id ?? []));
      issues.push(...validateRegistryRecords([file], ids).issues);
    } else if (parsed?.kind === 'spot-check') {
      const evaluations = new Map(
        listing.evaluations.flatMap((evaluationPath) => {
          const location = parseRepositoryPath(evaluationPath);
          return location?.kind === 'evaluation' ? [[location.id, location.packageId!] as const] : [];
        }),
      );
      issues.push(...validateSpotChecks([file], evaluations).issues);
    } else {
      // A JSON file outside evaluations/ (say, from `afscore evaluate --out`) is checked as a
      // submission would be, without the rule on where repository files live.
      const outsideRepository = parsed === null && path.endsWith('.json');
      const packageId = outsideRepository ? declaredPackageId(file.text) : parsed?.packageId;
      const siblings = listing.evaluations.filter(
        (other) => !selected.has(other) && parseRepositoryPath(other)?.packageId === packageId,
      );
      const existing = validateEvaluations(readRawFiles(root, siblings), { packages: packageMap }).values;
      issues.push(
        ...validateEvaluations([file], {
          packages: packageMap,
          isSubmission: () => true,
          now,
          existing,
          outsideRepository,
        }).issues,
      );
    }
  }
  return issues;
}

/** A branch's changes: the rules on what may change, then the changed files as a pull request's. */
export function validateChanges(root: string, changes: readonly FileChange[], now: number): FileIssue[] {
  return [...changeIssues(changes), ...validateSelected(root, pathsToValidate(changes), now)];
}

function runValidateSince(root: string, ref: string, io: CliIo): number {
  const changes = readChanges(root, ref);
  if (!changes.ok) {
    io.err(`afscore validate: --since ${changes.message}`);
    return EXIT.usage;
  }
  const issues = validateChanges(root, changes.value, io.now());
  for (const found of issues) io.err(formatFileIssue(found));
  const count = changes.value.length;
  io.out(
    issues.length > 0
      ? `✗ ${issues.length} problem(s)`
      : count === 0
        ? `✓ no data files changed since ${ref}`
        : `✓ ${count} changed file(s) valid`,
  );
  return issues.length === 0 ? EXIT.ok : EXIT.invalid;
}

export async function runValidate(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { root: { type: 'string' }, since: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(validateUsage);
    return EXIT.ok;
  }
  const root = resolve(io.cwd, values.root ?? '.');
  if (values.since !== undefined) {
    if (positionals.length > 0) {
      io.err('afscore validate: give files or --since, not both');
      return EXIT.usage;
    }
    return runValidateSince(root, values.since, io);
  }
  if (positionals.length > 0) {
    const paths = positionals.map((file) => toRepositoryPath(root, io.cwd, file));
    const issues = validateSelected(root, paths, io.now());
    for (const found of issues) io.err(formatFileIssue(found));
    io.out(issues.length === 0 ? `✓ ${paths.length} file(s) valid` : `✗ ${issues.length} problem(s)`);
    return issues.length === 0 ? EXIT.ok : EXIT.invalid;
  }
  const loaded = await loadRepositoryInThreads(root, { withoutGit: true, validateOnly: true });
  for (const found of loaded.issues) io.err(formatFileIssue(found));
  const { categories, packages, evaluations, spotChecks, registry } = loaded.counts;
  const files = new Set(loaded.issues.map((found) => found.path)).size;
  io.out(
    loaded.issues.length === 0
      ? `✓ valid: ${categories} categories, ${packages} packages, ${evaluations} evaluations, ${spotChecks} spot-checks${registry > 0 ? `, ${registry} registry records` : ''}`
      : `✗ ${loaded.issues.length} problem(s) in ${files} file(s)`,
  );
  return loaded.issues.length === 0 ? EXIT.ok : EXIT.invalid;
}
