/**
 * Builds realistic evaluation documents for tests: every check of the catalogue, an outcome per
 * check (all pass unless told otherwise), and the scores the rubric computes for them.
 */
import { createHash } from 'node:crypto';
import { inCatalogueOrder } from '../../src/core/checks/catalogue-order.ts';
import { checksFor } from '../../src/core/rubric/checks.ts';
import { EXAMPLE_SANDBOX } from '../../src/core/rubric/example-evaluation.ts';
import { isBefore, RUBRIC_VERSION, type RubricVersion } from '../../src/core/rubric/versions.ts';
import { scoreChecks, toScoresReport } from '../../src/core/scoring/score-checks.ts';
import type { CheckResult, EvaluationDocument, PackageKind, SandboxRecord } from '../../src/core/types.ts';

export interface EvaluationSpec {
  id: string;
  packageId: string;
  kind?: PackageKind;
  version?: string;
  contributor?: string;
  finishedAt?: string;
  affiliated?: boolean;
  /** Check outcomes that differ from a plain pass. */
  outcomes?: Record<string, Partial<CheckResult> & Pick<CheckResult, 'status'>>;
  /** Status for every LLM-judged check not in `outcomes` (default: not_run, as with --no-llm). */
  llmDefault?: CheckResult['status'];
  digest?: string;
  configSha?: string;
  /** The rubric the document is graded under (default: the current one). */
  rubricVersion?: RubricVersion;
  /** `environment.sandbox` (default: the record today's CLI writes; a sentence before 2.1). */
  sandbox?: SandboxRecord | string;
}

/** What the CLI records when it runs a server in bubblewrap. */
export const BUBBLEWRAP_RECORD: SandboxRecord = EXAMPLE_SANDBOX;

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A deterministic UUID from a short label, so fixtures read well and never collide. */
export function uuidFor(label: string): string {
  const hex = sha(label);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function defaultCheck(
  id: string,
  method: 'deterministic' | 'llm',
  llmDefault: CheckResult['status'],
): CheckResult {
  if (method === 'deterministic') return { id, status: 'pass' };
  if (llmDefault === 'not_run') return { id, status: 'not_run' };
  return {
    id,
    status: llmDefault,
    ...(llmDefault === 'partial' ? { value: 0.75 } : {}),
    llm: {
      prompt_id: id,
      prompt_sha256: sha(`prompt:${id}`),
      input_sha256: sha(`input:${id}`),
      scale: llmDefault === 'partial' ? 4 : llmDefault === 'pass' ? 5 : 1,
    },
  };
}

export function buildEvaluation(spec: EvaluationSpec): EvaluationDocument {
  const kind = spec.kind ?? 'mcp-server';
  const llmDefault = spec.llmDefault ?? 'not_run';
  const version = spec.rubricVersion ?? RUBRIC_VERSION;
  const outcomes: CheckResult[] = checksFor(kind, version).map((definition) => {
    const override = spec.outcomes?.[definition.id];
    return override
      ? { id: definition.id, ...override }
      : defaultCheck(definition.id, definition.method, llmDefault);
  });
  // Documents from 2.1 on state each check's dimension and severity; older ones did not.
  const checks = isBefore(version, '2.1') ? outcomes : inCatalogueOrder(kind, outcomes, version);
  const usesLlm = checks.some((check) => check.llm);
  const finishedAt = spec.finishedAt ?? '2026-10-01T12:00:00Z';
  const startedAt = new Date(Date.parse(finishedAt) - 95_000).toISOString().replace('.000Z', 'Z');
  const affiliated = spec.affiliated ?? false;
  return {
    schema_version: '2.0',
    rubric_version: version,
    evaluation_id: spec.id,
    package: { id: spec.packageId, kind, version: spec.version ?? '1.0.0' },
    subject: {
      artifact:
        kind === 'skill'
          ? `git:https://github.com/example/skills#${spec.packageId}@${sha(spec.packageId).slice(0, 40)}`
          : `npm:@example/${spec.packageId}@${spec.version ?? '1.0.0'}`,
      digest: spec.digest ?? `sha256:${sha(`${spec.packageId}@${spec.version ?? '1.0.0'}`)}`,
      transport: kind === 'skill' ? 'skill-folder' : 'stdio',
    },
    contributor: { login: spec.contributor ?? 'ada-evaluates' },
    disclosure: { affiliated, relationship: affiliated ? 'maintainer' : 'none' },
    evaluator: {
      kind: 'cli',
      name: 'afscore-cli',
      version: '0.1.0',
      config_sha256: spec.configSha ?? sha('config:default'),
      llm: usesLlm
        ? {
            provider: 'anthropic',
            model: 'claude-sonnet-4-5-20250929',
            temperature: 0,
            prompts: checks
              .filter((check) => check.llm)
              .map((check) => ({ id: check.id, sha256: check.llm!.prompt_sha256 })),
          }
        : null,
    },
    environment: {
      os: 'linux',
      arch: 'x64',
      runtime: 'node 22.23.3',
      sandbox:
        spec.sandbox ??
        (isBefore(version, '2.1') ? 'temporary HOME, minimal environment' : BUBBLEWRAP_RECORD),
    },
    timestamps: { started_at: startedAt, finished_at: finishedAt },
    checks,
    scores: toScoresReport(scoreChecks(kind, checks, version)),
  };
}
