/** Rules on the `checks` array that a schema cannot express: the catalogue, statuses and values. */
import { type CheckDefinition, checksFor, findCheck } from '../rubric/checks.ts';
import { isBefore, type RubricVersion, rubricVersionOf } from '../rubric/versions.ts';
import type { CheckResult, EvaluationDocument } from '../types.ts';
import { type Issue, issue } from './issue.ts';

/** From this rubric version on, every check result states its dimension and severity. */
const LABELLED_SINCE: RubricVersion = '2.1';

const VALUE_EPSILON = 1e-9;

function catalogueIds(kind: EvaluationDocument['package']['kind'], version: RubricVersion): string {
  return checksFor(kind, version)
    .map((check) => check.id)
    .join(', ');
}

function valueIssues(check: CheckResult, at: string): Issue[] {
  const { status, value } = check;
  if (value === undefined) return [];
  if (status === 'pass' && Math.abs(value - 1) > VALUE_EPSILON) {
    return [issue(`${at}/value`, 'must be 1 for a pass', 'remove value, or use status "partial"')];
  }
  if (status === 'fail' && value > VALUE_EPSILON) {
    return [issue(`${at}/value`, 'must be 0 for a fail', 'remove value, or use status "partial"')];
  }
  if (status === 'partial' && (value <= 0 || value >= 1)) {
    return [
      issue(
        `${at}/value`,
        'must be strictly between 0 and 1 for a partial',
        'use "pass" for 1 and "fail" for 0',
      ),
    ];
  }
  if (status === 'not_applicable' || status === 'not_run' || status === 'error') {
    return [issue(`${at}/value`, `must be absent when status is "${status}"`, 'remove value')];
  }
  return [];
}

/** The judged 1–5 rating fixes both the value and the status: 5 passes, 1 fails, anything between is partial. */
function scaleIssues(check: CheckResult, at: string): Issue[] {
  const scale = check.llm?.scale;
  if (scale === undefined) return [];
  const expected = (scale - 1) / 4;
  const expectedStatus = expected >= 1 ? 'pass' : expected <= 0 ? 'fail' : 'partial';
  if (check.status !== expectedStatus) {
    return [issue(`${at}/status`, `must be "${expectedStatus}" for a judged rating of ${scale}`)];
  }
  const value = check.value ?? (check.status === 'pass' ? 1 : check.status === 'fail' ? 0 : undefined);
  if (expectedStatus === 'partial' && (value === undefined || Math.abs(value - expected) > VALUE_EPSILON)) {
    return [
      issue(`${at}/value`, `must be ${expected} for a judged rating of ${scale}`, 'value = (rating − 1) / 4'),
    ];
  }
  return [];
}

function methodIssues(
  definition: CheckDefinition,
  check: CheckResult,
  at: string,
  doc: EvaluationDocument,
): Issue[] {
  const judged = check.status === 'pass' || check.status === 'partial' || check.status === 'fail';
  if (definition.method === 'deterministic') {
    return check.llm
      ? [issue(`${at}/llm`, `${definition.id} is deterministic and takes no llm record`, 'remove llm')]
      : [];
  }
  if (!judged) return [];
  if (!check.llm) {
    return [
      issue(
        `${at}/llm`,
        `${definition.id} is judged by a model and needs its llm record`,
        'add prompt_id, prompt_sha256 and input_sha256, or use status "not_run"',
      ),
    ];
  }
  const prompts = doc.evaluator.llm?.prompts ?? [];
  if (!prompts.some((prompt) => prompt.sha256 === check.llm?.prompt_sha256)) {
    return [
      issue(
        `${at}/llm/prompt_sha256`,
        'is not among the prompts listed in evaluator.llm.prompts',
        'list every prompt hash you used under evaluator.llm.prompts',
      ),
    ];
  }
  return [];
}

/** The dimension and severity a document states must be the rubric's, so they cannot re-weight a check. */
function labelIssues(
  definition: CheckDefinition,
  check: CheckResult,
  at: string,
  version: RubricVersion,
): Issue[] {
  const issues: Issue[] = [];
  const required = !isBefore(version, LABELLED_SINCE);
  for (const field of ['dimension', 'severity'] as const) {
    const stated = check[field];
    if (stated === undefined) {
      if (required)
        issues.push(
          issue(
            `${at}/${field}`,
            `is missing; rubric ${version} results state their ${field}`,
            `write "${definition[field]}", as the rubric defines ${definition.id}`,
          ),
        );
    } else if (stated !== definition[field]) {
      issues.push(
        issue(
          `${at}/${field}`,
          `is "${stated}" but rubric ${version} defines ${definition.id} as "${definition[field]}"`,
          `write "${definition[field]}"`,
        ),
      );
    }
  }
  return issues;
}

function coverageIssues(doc: EvaluationDocument, seen: ReadonlySet<string>, version: RubricVersion): Issue[] {
  const missing = checksFor(doc.package.kind, version)
    .map((check) => check.id)
    .filter((id) => !seen.has(id));
  if (missing.length === 0) return [];
  return [
    issue(
      '/checks',
      `is missing ${missing.length} check(s) of the ${doc.package.kind} catalogue: ${missing.join(', ')}`,
      'list every check once; use status "not_run" for checks you did not run',
    ),
  ];
}

export function checkIssues(doc: EvaluationDocument): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const version = rubricVersionOf(doc.rubric_version);
  doc.checks.forEach((check, index) => {
    // Plain concatenation: an index needs no escaping, and this runs for every check of every file.
    const at = `/checks/${index}`;
    const definition = findCheck(doc.package.kind, check.id, version);
    if (!definition) {
      issues.push(
        issue(
          `${at}/id`,
          `"${check.id}" is not a ${doc.package.kind} check of rubric ${version}`,
          `use one of ${catalogueIds(doc.package.kind, version)}`,
        ),
      );
      return;
    }
    if (seen.has(check.id)) {
      issues.push(
        issue(
          `${at}/id`,
          `"${check.id}" is listed twice`,
          'keep one entry per check; put per-tool detail in evidence',
        ),
      );
      return;
    }
    seen.add(check.id);
    issues.push(
      ...labelIssues(definition, check, at, version),
      ...valueIssues(check, at),
      ...scaleIssues(check, at),
      ...methodIssues(definition, check, at, doc),
    );
  });
  issues.push(...coverageIssues(doc, seen, version));
  return issues;
}
