/**
 * The one validation path for evaluation documents: `npm run validate`, the pull-request workflow
 * and `POST /v1/evaluations` all call this, so a document is accepted or refused for the same reasons.
 */
import { isModelAlias } from '../checks/judge/model-pin.ts';
import { loginKey } from '../ids.ts';
import { isRubricVersion, RUBRIC_VERSION, RUBRIC_VERSIONS } from '../rubric/versions.ts';
import type { EvaluationDocument, PackageFile } from '../types.ts';
import { artifactIssues } from './artifact-issues.ts';
import { fail, type Issue, issue, ok, type Result } from './issue.ts';
import { schemaIssues } from './schema-issues.ts';
import { checkIssues } from './validate-checks.ts';
import { scoreIssues } from './validate-scores.ts';
import { validateEvaluationShape } from './validators.ts';

/**
 * `integrity`: rules every file in the repository must keep forever (evaluations are append-only).
 * `admission`: integrity plus the rules for a new submission (latest version, not from the future).
 */
export type ValidationMode = 'integrity' | 'admission';

/** What validation reads of a package: the fields its rules compare a document with. */
export type EvaluationPackage = Pick<
  PackageFile,
  'id' | 'kind' | 'maintainers' | 'removed' | 'version' | 'distribution'
>;

export interface EvaluationContext {
  packages: ReadonlyMap<string, EvaluationPackage>;
  mode: ValidationMode;
  /** Epoch milliseconds; required for admission. */
  now?: number;
  /** Ids implied by the file path `evaluations/<package-id>/<evaluation-id>.json`. */
  location?: { packageId: string; evaluationId: string };
}

/** Clock skew tolerated on `finished_at` before it counts as "in the future". */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

function locationIssues(doc: EvaluationDocument, context: EvaluationContext): Issue[] {
  const location = context.location;
  if (!location) return [];
  const issues: Issue[] = [];
  if (doc.package.id !== location.packageId) {
    issues.push(
      issue(
        '/package/id',
        `is "${doc.package.id}" but the file is under evaluations/${location.packageId}/`,
        'move the file to the folder of its package',
      ),
    );
  }
  if (doc.evaluation_id !== location.evaluationId) {
    issues.push(
      issue(
        '/evaluation_id',
        `is "${doc.evaluation_id}" but the file is named ${location.evaluationId}.json`,
        'name the file <evaluation_id>.json',
      ),
    );
  }
  return issues;
}

function packageIssues(
  doc: EvaluationDocument,
  pkg: EvaluationPackage | undefined,
  mode: ValidationMode,
): Issue[] {
  if (!pkg) {
    return [
      issue(
        '/package/id',
        `"${doc.package.id}" is not a known package`,
        'use the id of a package in data/packages/, or request the package first',
      ),
    ];
  }
  const issues: Issue[] = [];
  if (pkg.kind !== doc.package.kind) {
    issues.push(
      issue(
        '/package/kind',
        `is "${doc.package.kind}" but ${pkg.id} is a ${pkg.kind}`,
        `write "${pkg.kind}"`,
      ),
    );
  }
  const skillTransport = doc.subject.transport === 'skill-folder';
  if (skillTransport !== (pkg.kind === 'skill')) {
    issues.push(
      issue(
        '/subject/transport',
        `"${doc.subject.transport}" does not fit a ${pkg.kind}`,
        pkg.kind === 'skill' ? 'write "skill-folder"' : 'write "stdio", "streamable-http" or "sse"',
      ),
    );
  }
  if (mode === 'admission' && pkg.removed) {
    issues.push(
      issue(
        '/package/id',
        `${pkg.id} was removed on ${pkg.removed.date}`,
        'removed packages take no new evaluations',
      ),
    );
  }
  if (mode === 'admission') issues.push(...artifactIssues(doc, pkg));
  if (mode === 'admission' && pkg.version !== undefined && doc.package.version !== pkg.version) {
    issues.push(
      issue(
        '/package/version',
        `evaluates ${doc.package.version} but the latest known version of ${pkg.id} is ${pkg.version}`,
        `evaluate ${pkg.version}; if ${doc.package.version} is newer, ask for the package record to be updated first`,
      ),
    );
  }
  return issues;
}

/**
 * A maintainer's own evaluation must say so. This is an admission rule: if a package later lists a
 * new maintainer, their earlier evaluations stay in the (append-only) history, and aggregation
 * flags them for review and leaves them out when they diverge from independent evaluations.
 */
function disclosureIssues(
  doc: EvaluationDocument,
  pkg: EvaluationPackage | undefined,
  mode: ValidationMode,
): Issue[] {
  const { affiliated, relationship } = doc.disclosure;
  const issues: Issue[] = [];
  if (affiliated && relationship === 'none') {
    issues.push(
      issue(
        '/disclosure/relationship',
        'is "none" but affiliated is true',
        'say how you are related, e.g. "maintainer" or "employee"',
      ),
    );
  }
  if (!affiliated && relationship !== 'none') {
    issues.push(
      issue(
        '/disclosure/affiliated',
        `is false but relationship is "${relationship}"`,
        'set affiliated to true, or relationship to "none"',
      ),
    );
  }
  const maintainers = new Set(pkg?.maintainers.map(loginKey));
  if (mode === 'admission' && !affiliated && maintainers.has(loginKey(doc.contributor.login))) {
    issues.push(
      issue(
        '/disclosure/affiliated',
        `is false but ${doc.contributor.login} maintains ${pkg?.id}`,
        'disclose it: set affiliated to true and relationship to "maintainer"',
      ),
    );
  }
  return issues;
}

/**
 * A document is graded under the rubric version it names, so that version must be a published one;
 * a new submission must use the current one, since older rules no longer decide a shown score.
 */
function rubricIssues(doc: EvaluationDocument, mode: ValidationMode): Issue[] {
  if (!isRubricVersion(doc.rubric_version)) {
    return [
      issue(
        '/rubric_version',
        `"${doc.rubric_version}" is not a published rubric version (${RUBRIC_VERSIONS.join(', ')})`,
        `grade the evaluation under rubric ${RUBRIC_VERSION}`,
      ),
    ];
  }
  if (mode === 'admission' && doc.rubric_version !== RUBRIC_VERSION) {
    return [
      issue(
        '/rubric_version',
        `is ${doc.rubric_version}, but new evaluations are graded under rubric ${RUBRIC_VERSION}`,
        'update afscore (npm ci in your checkout) and evaluate again',
      ),
    ];
  }
  return [];
}

function llmIssues(doc: EvaluationDocument): Issue[] {
  const model = doc.evaluator.llm?.model;
  if (model === undefined) return [];
  if (isModelAlias(model)) {
    return [
      issue(
        '/evaluator/llm/model',
        `"${model}" is an alias, not a pinned model`,
        'write the dated model id the provider returned',
      ),
    ];
  }
  return [];
}

function timeIssues(doc: EvaluationDocument, context: EvaluationContext): Issue[] {
  const started = Date.parse(doc.timestamps.started_at);
  const finished = Date.parse(doc.timestamps.finished_at);
  const issues: Issue[] = [];
  if (finished < started) {
    issues.push(
      issue(
        '/timestamps/finished_at',
        'is earlier than started_at',
        'record when the run started and when it finished',
      ),
    );
  }
  if (
    context.mode === 'admission' &&
    context.now !== undefined &&
    finished > context.now + FUTURE_TOLERANCE_MS
  ) {
    issues.push(
      issue(
        '/timestamps/finished_at',
        'is in the future',
        'use the time the run finished, with its UTC offset',
      ),
    );
  }
  return issues;
}

export function validateEvaluation(value: unknown, context: EvaluationContext): Result<EvaluationDocument> {
  const shape = schemaIssues(validateEvaluationShape, value);
  if (shape.length > 0) return fail(shape);
  const doc = value as EvaluationDocument;
  const pkg = context.packages.get(doc.package.id);
  const issues = [
    ...locationIssues(doc, context),
    ...packageIssues(doc, pkg, context.mode),
    ...disclosureIssues(doc, pkg, context.mode),
    ...rubricIssues(doc, context.mode),
    ...llmIssues(doc),
    ...timeIssues(doc, context),
  ];
  // Checks and scores are read under the document's rubric, which must be known first.
  if (!isRubricVersion(doc.rubric_version)) return fail(issues);
  const checks = checkIssues(doc);
  issues.push(...checks);
  // Scores are only comparable once the checks themselves are sound.
  if (checks.length === 0) issues.push(...scoreIssues(doc));
  return issues.length > 0 ? fail(issues) : ok(doc);
}
