/** What a detection rule reports: one finding, in one text, under one check. */
import type { Severity } from '../../types.ts';
import type { ReadText } from './surface.ts';

export type DetectionCheck = 'SEC-01' | 'SEC-02' | 'SEC-03' | 'SEC-04' | 'SEC-14';

export interface Finding {
  check: DetectionCheck;
  /** The rule that fired, e.g. `secrecy`, `sensitive-request`, `redirect-recipient`. */
  rule: string;
  severity: Severity;
  text: ReadText;
  /** The span of the original text it concerns, in UTF-16 offsets. */
  start: number;
  end: number;
  /** Plain words for the evidence: what the text does. */
  note: string;
}

/** Severity order, gravest first. */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { critical: 0, high: 1, medium: 2, low: 3 };

export function gravest(findings: readonly Finding[]): Severity | null {
  let best: Severity | null = null;
  for (const finding of findings) {
    if (best === null || SEVERITY_RANK[finding.severity] < SEVERITY_RANK[best]) best = finding.severity;
  }
  return best;
}
