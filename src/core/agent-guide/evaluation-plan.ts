/**
 * The evaluation guide's workflow (its sections 1, 5 and 7) made specific to one package: what to
 * run, which checks of its kind to go through, and how to submit. The MCP prompt `evaluate_package`
 * renders it; everything package-specific comes from the published record and the rubric.
 */
import type { PackageRecord } from '../catalogue/catalogue-types.ts';
import { checksFor } from '../rubric/checks.ts';
import { RUBRIC_VERSION, SCHEMA_VERSION } from '../rubric/policy.ts';
import type { CheckMethod, PackageKind, Severity } from '../types.ts';

export interface PlannedCheck {
  id: string;
  title: string;
  dimension: string;
  severity: Severity;
  method: CheckMethod;
  passes: string;
}

export interface EvaluationTarget {
  /** `subject.artifact` of the evaluation document. */
  artifact: string;
  /** The command-line evaluator's invocation for it. */
  command: string;
}

export interface EvaluationPlan {
  id: string;
  name: string;
  kind: PackageKind;
  description: string;
  /** The version to evaluate: the latest known release, or null when the package names none. */
  version: string | null;
  evaluation_status: PackageRecord['evaluation_status'];
  why_now: string[];
  maintainers: string[];
  repository: string;
  rubric_version: string;
  targets: EvaluationTarget[];
  procedure: string[];
  checks: PlannedCheck[];
  document_path: string;
  validate_command: string;
  submit: { api: string; pull_request: string };
}

const PROCEDURES: Readonly<Record<PackageKind, readonly string[]>> = {
  'mcp-server': [
    'Start the server (or connect to its URL) with an MCP client inside a sandbox that shows it none of your files, credentials, processes or network (the command-line evaluator runs it in bubblewrap; see the guide, "The sandbox"), and record the sandbox in environment.sandbox.',
    'Record how long initialize takes, then list tools, prompts and resources, following every cursor, and keep the exact lists as the snapshot (`inputs`).',
    'Connect at least three times, once with a different clientInfo.name, and compare the canonical tool-list hash (SEC-06).',
    'Call an unknown tool and a tool with invalid arguments (REL-06). Only call tools annotated read-only (REL-07).',
    'Go through the checks below one by one, in order, and record an outcome, a message and evidence for each.',
  ],
  skill: [
    'Fetch the skill folder from its repository at a fixed commit; work in a throwaway folder, in a sandbox if you run anything.',
    'Read SKILL.md and every file it references. Do not run its scripts; check that they parse.',
    'Go through the checks below one by one, in order, and record an outcome, a message and evidence for each.',
  ],
};

const JUDGED_RULE =
  'Checks with method "llm" need the fixed prompts of the command-line evaluator, run with a pinned model at temperature 0; if you cannot run them exactly, mark them not_run. Never grade them by impression.';

/**
 * One shell word. Versions and URLs come from package files, so they are quoted unless plainly
 * safe: a command an agent copies must not run anything a package author slipped into it.
 */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9@%+=:,./_-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

function targetsOf(record: PackageRecord): EvaluationTarget[] {
  const { distribution, version, id } = record;
  const at = version === null ? '' : `@${version}`;
  const evaluate = (target: string, flags = '') =>
    `npx afscore evaluate ${shellWord(target)} --package-id ${id}${flags}`;
  const targets: EvaluationTarget[] = [];
  if (distribution.npm) {
    const artifact = `npm:${distribution.npm}${at}`;
    targets.push({ artifact, command: evaluate(artifact) });
  }
  if (distribution.pypi) {
    // The version goes into a command line the evaluator runs, so only a plain version does.
    const plain = version !== null && /^[A-Za-z0-9._+!-]+$/.test(version);
    const pinned = plain ? `${distribution.pypi}==${version}` : distribution.pypi;
    // uvx downloads the package when it starts: the sandbox must let it reach the network.
    targets.push({
      artifact: `pypi:${distribution.pypi}${at}`,
      command: evaluate(`stdio:uvx ${pinned}`, ' --network'),
    });
  }
  if (distribution.oci) {
    const artifact = `oci:${distribution.oci}`;
    // Docker needs its socket, which the sandbox never shows; the container is the isolation, and
    // the evaluation is flagged for review as made without the evaluator's sandbox.
    targets.push({
      artifact,
      command: evaluate(`stdio:docker run -i --rm ${distribution.oci}`, ' --no-sandbox'),
    });
  }
  if (distribution.remote)
    targets.push({ artifact: distribution.remote, command: evaluate(distribution.remote) });
  if (distribution.skill) {
    targets.push({
      artifact: `git:${record.repository}#${distribution.skill}@<commit>`,
      command: evaluate(`./${distribution.skill}`),
    });
  }
  return targets;
}

export function evaluationPlan(record: PackageRecord): EvaluationPlan {
  const document = `evaluations/${record.id}/<evaluation-id>.json`;
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    description: record.description,
    version: record.version,
    evaluation_status: record.evaluation_status,
    why_now: record.state_reasons.map((reason) => reason.text),
    maintainers: record.maintainers,
    repository: record.repository,
    rubric_version: RUBRIC_VERSION,
    targets: targetsOf(record),
    procedure: [...PROCEDURES[record.kind], JUDGED_RULE],
    checks: checksFor(record.kind).map((check) => ({
      id: check.id,
      title: check.title,
      dimension: check.dimension,
      severity: check.severity,
      method: check.method,
      passes: check.passes,
    })),
    document_path: document,
    validate_command: `npx afscore validate ${document}`,
    submit: {
      api: `POST /v1/evaluations with headers Content-Type: application/json and X-Api-Key: <your afk_ key>; the body is the document (schema_version "${SCHEMA_VERSION}")`,
      pull_request: `fork the repository, add ${document}, run the validate command, and open a pull request`,
    },
  };
}
