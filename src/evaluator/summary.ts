/**
 * The readable end of `afscore evaluate`: scores, caps, and every check that did not simply pass.
 * Messages are already escaped by the checks, so package text cannot drive the terminal.
 */
import { escapeInvisible } from '../core/checks/escape-text.ts';
import { DIMENSIONS } from '../core/rubric/dimensions.ts';
import type { CheckResult, EvaluationDocument } from '../core/types.ts';

const MARKS: Readonly<Record<CheckResult['status'], string>> = {
  pass: '✓',
  partial: '◐',
  fail: '✗',
  error: '!',
  not_run: '·',
  not_applicable: '-',
};

const ORDER: readonly CheckResult['status'][] = ['fail', 'error', 'partial', 'not_run'];

function score(value: number | null): string {
  return value === null ? '—' : value.toFixed(1);
}

export function summaryLines(doc: EvaluationDocument): string[] {
  const { scores } = doc;
  const lines = [
    `${doc.package.id} ${doc.package.version} (${escapeInvisible(doc.subject.artifact)})`,
    `  af_score ${score(scores.af_score)}${scores.grade ? ` (${scores.grade})` : ''} · ${scores.status}${scores.caps_applied.length > 0 ? ` · caps: ${scores.caps_applied.join(', ')}` : ''}`,
    `  ${DIMENSIONS.map((dimension) => `${dimension} ${score(scores.dimensions[dimension].score)}`).join(' · ')}`,
  ];
  const passed = doc.checks.filter((check) => check.status === 'pass').length;
  const applicable = doc.checks.filter((check) => check.status !== 'not_applicable').length;
  lines.push(`  ${passed} of ${applicable} applicable checks passed`);
  for (const status of ORDER) {
    for (const check of doc.checks.filter((candidate) => candidate.status === status)) {
      const value = check.status === 'partial' && check.value !== undefined ? ` (${check.value})` : '';
      lines.push(
        `  ${MARKS[status]} ${check.id.padEnd(8)} ${status.replace('_', ' ').padEnd(8)} ${check.message ?? ''}${value}`,
      );
    }
  }
  return lines;
}
