/**
 * Whether a submitted evaluation is admitted, by the same validation as `afscore validate` in
 * admission mode plus the rules that only a submission has: the contributor is the key's owner, a
 * run is accepted once, and newcomers are sampled for a spot-check.
 */
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import { loginKey } from '../ids.ts';
import type { PackageIndex } from '../query/package-index.ts';
import { isSelectedForSpotCheck } from '../trust/spot-check.ts';
import type { EvaluationDocument, PackageFile, TierName } from '../types.ts';
import { type Issue, issue } from '../validation/issue.ts';
import { validateEvaluation } from '../validation/validate-evaluation.ts';
import { runKey, runKeyOf } from '../validation/validate-repository.ts';

export interface AdmissionContext {
  index: PackageIndex;
  /** The owner of the API key the document came with. */
  login: string;
  submissionId: string;
  nowMs: number;
  /** The evaluation id of an accepted or waiting run with this key, if any. */
  knownRun: (key: string) => string | undefined;
}

export type Admission =
  | {
      ok: true;
      doc: EvaluationDocument;
      spotCheck: boolean;
      selfEvaluation: 'none' | 'disclosed';
      tier: TierName;
    }
  | { ok: false; kind: 'invalid' | 'unknown-package' | 'duplicate'; issues: Issue[] };

/** The package facts validation needs, from the served catalogue. */
export function packageFileOf(record: PackageRecord): PackageFile {
  const file: PackageFile = {
    id: record.id,
    name: record.name,
    kind: record.kind,
    category: record.category,
    description: record.description,
    repository: record.repository,
    distribution: record.distribution,
    license: record.license,
    maintainers: record.maintainers,
    added: record.added,
    body: '',
  };
  if (record.version !== null) file.version = record.version;
  return file;
}

/** The contributor is whoever holds the key: fill it in, or refuse a different login. */
function withContributor(value: Record<string, unknown>, login: string): Issue[] {
  const contributor = value.contributor as { login?: unknown } | undefined;
  if (contributor === undefined) {
    value.contributor = { login };
    return [];
  }
  if (
    typeof contributor === 'object' &&
    contributor !== null &&
    typeof contributor.login === 'string' &&
    loginKey(contributor.login) !== loginKey(login)
  ) {
    return [
      issue(
        '/contributor/login',
        `is "${contributor.login}" but the API key belongs to ${login}`,
        `write "${login}" or leave contributor out`,
      ),
    ];
  }
  return [];
}

function packageIdOf(value: Record<string, unknown>): string | undefined {
  const pkg = value.package as { id?: unknown } | undefined;
  return typeof pkg?.id === 'string' ? pkg.id : undefined;
}

export function admitSubmission(value: unknown, context: AdmissionContext): Admission {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      kind: 'invalid',
      issues: [
        issue('', 'must be a JSON object: the evaluation document', 'see /schemas/evaluation-2.0.json'),
      ],
    };
  }
  const document = value as Record<string, unknown>;
  const loginIssues = withContributor(document, context.login);
  if (loginIssues.length > 0) return { ok: false, kind: 'invalid', issues: loginIssues };
  const packageId = packageIdOf(document);
  if (packageId !== undefined && !context.index.byId.has(packageId)) {
    const tombstone = context.index.removed.get(packageId);
    return tombstone
      ? {
          ok: false,
          kind: 'invalid',
          issues: [
            issue(
              '/package/id',
              `${packageId} was removed on ${tombstone.removed_on}`,
              'removed packages take no new evaluations',
            ),
          ],
        }
      : {
          ok: false,
          kind: 'unknown-package',
          issues: [
            issue(
              '/package/id',
              `"${packageId}" is not a known package`,
              'use the id shown on the package page, or ask for the package to be added',
            ),
          ],
        };
  }
  const record = packageId === undefined ? undefined : context.index.byId.get(packageId);
  const packages = new Map(record ? [[record.id, packageFileOf(record)]] : []);
  const validated = validateEvaluation(document, { packages, mode: 'admission', now: context.nowMs });
  if (!validated.ok) return { ok: false, kind: 'invalid', issues: validated.issues };
  const doc = validated.value;
  const published = record?.evaluations.some((entry) => entry.evaluation_id === doc.evaluation_id);
  const duplicateOf = context.knownRun(runKey(doc));
  if (published || duplicateOf === doc.evaluation_id) {
    return {
      ok: false,
      kind: 'duplicate',
      issues: [
        duplicateOf === doc.evaluation_id
          ? issue(
              '/evaluation_id',
              `${doc.evaluation_id} is already in the catalogue: this evaluation was accepted before`,
              'there is nothing new to submit; a server started from a checkout serves the evaluation files in it, untracked ones included, so move a fresh file out of evaluations/ and rebuild before submitting it there',
            )
          : issue(
              '/evaluation_id',
              `${doc.evaluation_id} is already the id of an accepted evaluation of ${doc.package.id}`,
              'give every evaluation a fresh UUID',
            ),
      ],
    };
  }
  if (duplicateOf !== undefined) {
    return {
      ok: false,
      kind: 'duplicate',
      issues: [
        issue(
          '',
          `repeats evaluation ${duplicateOf}: same contributor, package, version and configuration`,
          'a run is counted once; evaluate a new version or with a different configuration',
        ),
      ],
    };
  }
  const tier = context.index.contributors.get(loginKey(context.login))?.tier ?? 'newcomer';
  const maintainer =
    record?.maintainers.some((login) => loginKey(login) === loginKey(context.login)) ?? false;
  return {
    ok: true,
    doc,
    spotCheck: isSelectedForSpotCheck(context.submissionId, tier),
    selfEvaluation: maintainer ? 'disclosed' : 'none',
    tier,
  };
}

/** Run keys of the evaluations already in the catalogue, for the duplicate rule. */
export function catalogueRuns(index: PackageIndex): Map<string, string> {
  const runs = new Map<string, string>();
  for (const record of index.byId.values()) {
    for (const entry of record.evaluations) {
      runs.set(
        runKeyOf(entry.contributor, record.id, entry.version, entry.evaluator.config_sha256),
        entry.evaluation_id,
      );
    }
  }
  return runs;
}
