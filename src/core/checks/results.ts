/**
 * Building check outcomes. Every helper keeps the limits of the evaluation schema (50 evidence
 * items, 2,000-character messages, 300-character locations, 500-character excerpts), so a
 * hostile package with thousands of findings still yields a valid document.
 */
import type { CheckResult, Evidence } from '../types.ts';
import { escapeInvisible } from './escape-text.ts';

const MAX_EVIDENCE = 50;
const MAX_MESSAGE = 2000;
const MAX_LOCATION = 300;
const MAX_FACE = 200;
const MAX_EXCERPT = 500;

/** `text` cut to `limit` characters on whole code points, with an ellipsis where it was cut. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = '';
  // Whole code points only, so a surrogate pair is never cut in half.
  for (const char of text) {
    if (cut.length + char.length > limit - 1) break;
    cut += char;
  }
  return `${cut}…`;
}

export function boundedEvidence(evidence: readonly Evidence[] | undefined): Evidence[] | undefined {
  if (!evidence || evidence.length === 0) return undefined;
  // Escaping is idempotent (escaped text has no invisible characters left), so text that was
  // escaped already passes through unchanged.
  return evidence.slice(0, MAX_EVIDENCE).map((item) => ({
    location: clip(escapeInvisible(item.location), MAX_LOCATION),
    ...(item.path === undefined ? {} : { path: clip(escapeInvisible(item.path), MAX_LOCATION) }),
    ...(item.face === undefined ? {} : { face: clip(escapeInvisible(item.face), MAX_FACE) }),
    ...(item.severity === undefined ? {} : { severity: item.severity }),
    ...(item.excerpt === undefined ? {} : { excerpt: clip(escapeInvisible(item.excerpt), MAX_EXCERPT) }),
    ...(item.value === undefined
      ? {}
      : {
          value: typeof item.value === 'string' ? clip(escapeInvisible(item.value), MAX_MESSAGE) : item.value,
        }),
  }));
}

/** A message as documents carry it: invisible characters escaped, at most 2,000 characters. */
export function cleanMessage(message: string): string {
  return clip(escapeInvisible(message), MAX_MESSAGE);
}

function build(
  id: string,
  status: CheckResult['status'],
  message: string | undefined,
  evidence?: readonly Evidence[],
  value?: number,
): CheckResult {
  const items = boundedEvidence(evidence);
  const extra =
    evidence && evidence.length > MAX_EVIDENCE ? ` (first ${MAX_EVIDENCE} of ${evidence.length} shown)` : '';
  return {
    id,
    status,
    ...(value === undefined ? {} : { value }),
    ...(message === undefined ? {} : { message: clip(escapeInvisible(message) + extra, MAX_MESSAGE) }),
    ...(items ? { evidence: items } : {}),
  };
}

export function pass(id: string, message?: string, evidence?: readonly Evidence[]): CheckResult {
  return build(id, 'pass', message, evidence);
}

export function fail(id: string, message: string, evidence?: readonly Evidence[]): CheckResult {
  return build(id, 'fail', message, evidence);
}

/** Credit strictly between 0 and 1, rounded to three decimals. */
export function partialValue(share: number): number {
  return Math.min(0.999, Math.max(0.001, Math.round(share * 1000) / 1000));
}

export function partial(
  id: string,
  share: number,
  message: string,
  evidence?: readonly Evidence[],
): CheckResult {
  return build(id, 'partial', message, evidence, partialValue(share));
}

/** Pass at 1, fail at 0, partial with the share as credit in between. */
export function graded(
  id: string,
  share: number,
  message: string,
  evidence?: readonly Evidence[],
): CheckResult {
  if (share >= 1) return pass(id, message, evidence);
  if (share <= 0) return fail(id, message, evidence);
  return partial(id, share, message, evidence);
}

export function notApplicable(id: string, message: string): CheckResult {
  return build(id, 'not_applicable', message);
}

export function notRun(id: string, message: string): CheckResult {
  return build(id, 'not_run', message);
}

export function errored(id: string, message: string, evidence?: readonly Evidence[]): CheckResult {
  return build(id, 'error', message, evidence);
}

/** "3 of 7 tools" style counts. */
export function countOf(count: number, total: number, noun: string): string {
  return `${count} of ${total} ${noun}`;
}
