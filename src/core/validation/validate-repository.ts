/**
 * Validation of repository files by kind, with the cross-file rules (ids unique, categories and
 * packages known, no duplicate evaluation runs). Every problem becomes a file issue; valid files
 * become the build's inputs. The caller reads the files; nothing here touches the disk.
 */
import { loginKey } from '../ids.ts';
import type { RegistryRecord } from '../registry/registry-record.ts';
import type { CategoryFile, EvaluationDocument, PackageFile, SpotCheckFile } from '../types.ts';
import type { FileIssue, Issue, Result } from './issue.ts';
import { parseJsonDocument, parseMarkdownFile } from './parse-files.ts';
import { type ParsedPath, parseRepositoryPath, type RepositoryFileKind } from './repository-paths.ts';
import { validateCategoryFile } from './validate-category.ts';
import { type EvaluationPackage, validateEvaluation } from './validate-evaluation.ts';
import { validatePackageFile } from './validate-package.ts';
import { validateRegistryRecord } from './validate-registry.ts';
import { validateSpotCheckFile } from './validate-spot-check.ts';

export interface RawFile {
  path: string;
  text: string;
}

export interface Validated<T> {
  values: T[];
  issues: FileIssue[];
}

function atPath(path: string, issues: readonly Issue[]): FileIssue[] {
  return issues.map((found) => ({ path, ...found }));
}

function locate(file: RawFile, kind: RepositoryFileKind, issues: FileIssue[]): ParsedPath | null {
  const parsed = parseRepositoryPath(file.path);
  if (parsed?.kind === kind) return parsed;
  issues.push({
    path: file.path,
    pointer: '',
    message: 'is not where a repository file can be',
    hint: 'use data/packages/<id>.md, data/categories/<slug>.md, data/spot-checks/<evaluation-id>.md, data/registry/<id>.json or evaluations/<package-id>/<evaluation-id>.json with lowercase ids',
  });
  return null;
}

/** Parses and validates each markdown file of one kind. */
function validateMarkdown<T>(
  files: readonly RawFile[],
  kind: RepositoryFileKind,
  check: (frontmatter: unknown, body: string, location: ParsedPath) => Result<T>,
): Validated<T> {
  const values: T[] = [];
  const issues: FileIssue[] = [];
  for (const file of files) {
    const location = locate(file, kind, issues);
    if (!location) continue;
    const parsed = parseMarkdownFile(file.text);
    const result = parsed.ok ? check(parsed.value.frontmatter, parsed.value.body, location) : parsed;
    if (result.ok) values.push(result.value);
    else issues.push(...atPath(file.path, result.issues));
  }
  return { values, issues };
}

export function validateCategories(files: readonly RawFile[]): Validated<CategoryFile> {
  return validateMarkdown(files, 'category', (frontmatter, body, location) =>
    validateCategoryFile(frontmatter, body, location.id),
  );
}

export function validatePackages(
  files: readonly RawFile[],
  categories: ReadonlySet<string>,
): Validated<PackageFile> {
  return validateMarkdown(files, 'package', (frontmatter, body, location) =>
    validatePackageFile(frontmatter, body, { fileId: location.id, categories }),
  );
}

export function validateSpotChecks(
  files: readonly RawFile[],
  evaluations: ReadonlyMap<string, string>,
): Validated<SpotCheckFile> {
  return validateMarkdown(files, 'spot-check', (frontmatter, body, location) =>
    validateSpotCheckFile(frontmatter, body, { fileId: location.id, evaluations }),
  );
}

/** `packages`: ids of every package file. */
export function validateRegistryRecords(
  files: readonly RawFile[],
  packages: ReadonlySet<string>,
): Validated<RegistryRecord> {
  const values: RegistryRecord[] = [];
  const issues: FileIssue[] = [];
  for (const file of files) {
    const location = locate(file, 'registry', issues);
    if (!location) continue;
    const parsed = parseJsonDocument(file.text);
    const result = parsed.ok
      ? validateRegistryRecord(parsed.value, { fileId: location.id, packages })
      : parsed;
    if (result.ok) values.push(result.value);
    else issues.push(...atPath(file.path, result.issues));
  }
  return { values, issues };
}

export interface EvaluationFilesContext {
  packages: ReadonlyMap<string, EvaluationPackage>;
  /** Files that are new submissions get the admission rules on top of integrity. */
  isSubmission?: (path: string) => boolean;
  /** Epoch milliseconds, for admission. */
  now?: number;
  /** Evaluations already accepted, for the duplicate rules. */
  existing?: Iterable<EvaluationDocument>;
  /**
   * Files that are not (yet) in the repository, such as `afscore evaluate --out` writes: checked as
   * documents, without the rule that the path must be `evaluations/<package-id>/<evaluation-id>.json`.
   */
  outsideRepository?: boolean;
}

/** Same contributor, package, version and configuration: the same run submitted twice. */
export function runKeyOf(login: string, packageId: string, version: string, configSha256: string): string {
  return [loginKey(login), packageId, version, configSha256].join('\u0000');
}

export function runKey(doc: EvaluationDocument): string {
  return runKeyOf(doc.contributor.login, doc.package.id, doc.package.version, doc.evaluator.config_sha256);
}

/**
 * One evaluation file on its own: where it is, whether it parses and whether the document keeps
 * every rule. The rules across files (evaluation-ledger below) come after, in file order; this part
 * reads nothing but the file, so files can be checked in parallel (data/evaluation-threads.ts).
 */
export function checkEvaluationFile(
  file: RawFile,
  context: Omit<EvaluationFilesContext, 'existing'>,
): { ok: true; doc: EvaluationDocument } | { ok: false; issues: FileIssue[] } {
  const issues: FileIssue[] = [];
  const location = context.outsideRepository ? undefined : locate(file, 'evaluation', issues);
  if (!context.outsideRepository && !location) return { ok: false, issues };
  const parsed = parseJsonDocument(file.text);
  const mode = context.isSubmission?.(file.path) ? 'admission' : 'integrity';
  const result = parsed.ok
    ? validateEvaluation(parsed.value, {
        packages: context.packages,
        mode,
        now: context.now,
        ...(location ? { location: { packageId: location.packageId!, evaluationId: location.id } } : {}),
      })
    : parsed;
  return result.ok
    ? { ok: true, doc: result.value }
    : { ok: false, issues: atPath(file.path, result.issues) };
}

/** What the rules across evaluation files need to know of one valid document. */
export interface EvaluationKey {
  evaluation_id: string;
  /** Only when the duplicate-run rule applies (submissions): runKey of the document. */
  run?: string;
}

/**
 * The rules across evaluation files, applied in file order: an evaluation id is used once, and a
 * submission does not repeat a run already in the repository.
 */
export class EvaluationLedger {
  private readonly ids = new Map<string, string>();
  // Only the admission rules look for repeated runs, so without submissions none are remembered.
  private readonly runs: Map<string, string> | null;

  constructor(context: Pick<EvaluationFilesContext, 'existing' | 'isSubmission'>) {
    this.runs = context.isSubmission ? new Map() : null;
    for (const doc of context.existing ?? []) {
      this.ids.set(doc.evaluation_id, 'an accepted evaluation');
      this.runs?.set(runKey(doc), doc.evaluation_id);
    }
  }

  /** Whether the runs rule needs each document's run key. */
  get needsRuns(): boolean {
    return this.runs !== null;
  }

  /** Records a valid document; the problem if it may not join the others. */
  admit(key: EvaluationKey, path: string, admission: boolean): FileIssue | null {
    const previous = this.ids.get(key.evaluation_id);
    if (previous !== undefined) {
      return {
        path,
        pointer: '/evaluation_id',
        message: `is also used by ${previous}`,
        hint: 'give every evaluation a fresh UUID',
      };
    }
    this.ids.set(key.evaluation_id, path);
    if (this.runs && key.run !== undefined) {
      const duplicateOf = this.runs.get(key.run);
      if (admission && duplicateOf !== undefined) {
        return {
          path,
          pointer: '',
          message: `repeats evaluation ${duplicateOf}: same contributor, package, version and configuration`,
          hint: 'a run is counted once; evaluate a new version or with a different configuration',
        };
      }
      this.runs.set(key.run, key.evaluation_id);
    }
    return null;
  }
}

/**
 * Validates evaluation files one at a time and hands each valid document to `visit`, keeping none:
 * a 500,000-file repository is checked in bounded memory. Returns the problems found.
 */
export function forEachValidEvaluation(
  files: Iterable<RawFile>,
  context: EvaluationFilesContext,
  visit: (doc: EvaluationDocument, path: string) => void,
): FileIssue[] {
  const issues: FileIssue[] = [];
  const ledger = new EvaluationLedger(context);
  for (const file of files) {
    const checked = checkEvaluationFile(file, context);
    if (!checked.ok) {
      issues.push(...checked.issues);
      continue;
    }
    const { doc } = checked;
    const key = { evaluation_id: doc.evaluation_id, ...(ledger.needsRuns ? { run: runKey(doc) } : {}) };
    const refused = ledger.admit(key, file.path, context.isSubmission?.(file.path) ?? false);
    if (refused) {
      issues.push(refused);
      continue;
    }
    visit(doc, file.path);
  }
  return issues;
}

/** Validates evaluation files and keeps the valid documents (a few files: a pull request's). */
export function validateEvaluations(
  files: Iterable<RawFile>,
  context: EvaluationFilesContext,
): Validated<EvaluationDocument> {
  const values: EvaluationDocument[] = [];
  const issues = forEachValidEvaluation(files, context, (doc) => values.push(doc));
  return { values, issues };
}
