/**
 * Turning a judge's validated verdicts into check outcomes. The arithmetic is fixed here, not in
 * the prompts: a 1–5 rating sets status and credit ((rating − 1) / 4), per-tool ratings roll up
 * as 0.6·mean + 0.4·min (a weak tool hurts the whole server, as in TDQS), and a judged security
 * finding can only fail its own check, never clear a deterministic one.
 */
import { checksFor } from '../../rubric/checks.ts';
import type { CheckResult, Evidence, PackageKind } from '../../types.ts';
import { boundedEvidence, cleanMessage, clip, notRun, partialValue } from '../results.ts';

export interface JudgeRecord {
  prompt_id: string;
  prompt_sha256: string;
  input_sha256: string;
}

/** Weights of the six tool-definition dimensions (TDQS). */
export const TOOL_DEFINITION_WEIGHTS = {
  purpose: 0.25,
  usage_guidelines: 0.2,
  behavioural_transparency: 0.2,
  parameter_semantics: 0.15,
  conciseness: 0.1,
  completeness: 0.1,
} as const;

export type ToolDefinitionRatings = Record<keyof typeof TOOL_DEFINITION_WEIGHTS, number>;

export function toolDefinitionScore(ratings: ToolDefinitionRatings): number {
  return (Object.keys(TOOL_DEFINITION_WEIGHTS) as (keyof ToolDefinitionRatings)[]).reduce(
    (sum, key) => sum + TOOL_DEFINITION_WEIGHTS[key] * ratings[key],
    0,
  );
}

/** 0.6·mean + 0.4·min over the tools. */
export function serverRollup(scores: readonly number[]): number {
  if (scores.length === 0) return 1;
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return 0.6 * mean + 0.4 * Math.min(...scores);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 1 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** A rating rounded to two decimals and kept in 1–5. */
export function roundedScale(rating: number): number {
  return Math.min(5, Math.max(1, Math.round(rating * 100) / 100));
}

export function scaledResult(
  id: string,
  rating: number,
  llm: JudgeRecord,
  message: string,
  evidence?: Evidence[],
): CheckResult {
  const scale = roundedScale(rating);
  const credit = (scale - 1) / 4;
  const status = credit >= 1 ? 'pass' : credit <= 0 ? 'fail' : 'partial';
  return {
    id,
    status,
    ...(status === 'partial' ? { value: exactPartial(credit) } : {}),
    message: cleanMessage(message),
    ...withEvidence(evidence),
    llm: { ...llm, scale },
  };
}

/** The validator requires value = (scale − 1) / 4 exactly; keep it, only guarding the open interval. */
function exactPartial(credit: number): number {
  return credit > 0 && credit < 1 ? credit : partialValue(credit);
}

function withEvidence(evidence: readonly Evidence[] | undefined): { evidence?: Evidence[] } {
  const bounded = boundedEvidence(evidence);
  return bounded ? { evidence: bounded } : {};
}

/** Where a finding sits, short: a package's own names and URIs can be long. */
function placeOf(finding: Evidence): string {
  // clip's limit counts the ellipsis.
  return clip(finding.path ?? finding.location, PLACE_CHARS + 1);
}

const PLACE_CHARS = 80;

/**
 * Findings fail the check, and its message names the first three and where they are; none passes.
 * `clean` is the pass message and `note` what the judge could not read, both without a full stop.
 */
export function flaggedResult(
  id: string,
  findings: readonly Evidence[],
  llm: JudgeRecord,
  clean: string,
  note = '',
): CheckResult {
  if (findings.length === 0) return { id, status: 'pass', message: cleanMessage(`${clean}${note}.`), llm };
  const named = findings
    .slice(0, 3)
    .map((finding) => `${String(finding.value ?? '').split(':')[0]} in ${placeOf(finding)}`);
  const more = findings.length > 3 ? `, and ${findings.length - 3} more` : '';
  return {
    id,
    status: 'fail',
    message: cleanMessage(
      `The judge flagged ${findings.length} finding(s): ${named.join('; ')}${more}${note}.`,
    ),
    ...withEvidence(findings),
    llm,
  };
}

export function judgedCheckIds(kind: PackageKind): string[] {
  return checksFor(kind)
    .filter((check) => check.method === 'llm')
    .map((check) => check.id);
}

export function judgedChecksNotRun(kind: PackageKind, reason: string): CheckResult[] {
  return judgedCheckIds(kind).map((id) => notRun(id, reason));
}
