/**
 * The rubric versions an evaluation may be graded under. A document names its version, and it is
 * validated and scored under that version's catalogue and caps forever after (an immutable result
 * never re-grades silently), so old evaluations stay valid when the rubric moves on.
 */
import type { PackageKind } from '../vocabulary.ts';

/** Oldest first. */
export const RUBRIC_VERSIONS = ['2.0', '2.1', '2.2', '2.3', '2.4', '2.5'] as const;
export type RubricVersion = (typeof RUBRIC_VERSIONS)[number];

/** The version new evaluations are graded under. */
export const RUBRIC_VERSION: RubricVersion = '2.5';
export const RUBRIC_MAJOR = 2;

export function isRubricVersion(value: string): value is RubricVersion {
  return (RUBRIC_VERSIONS as readonly string[]).includes(value);
}

/** A known version as given, anything else as the current one (validation reports unknown versions). */
export function rubricVersionOf(value: string | undefined): RubricVersion {
  return value !== undefined && isRubricVersion(value) ? value : RUBRIC_VERSION;
}

/** Whether `version` comes before `other`. */
export function isBefore(version: RubricVersion, other: RubricVersion): boolean {
  return RUBRIC_VERSIONS.indexOf(version) < RUBRIC_VERSIONS.indexOf(other);
}

/**
 * Releases that changed only judged checks, with the package kinds whose judged checks changed. An
 * evaluation made without a judge (or of another kind) scores exactly the same under them, so it
 * still stands under the newer rubric and is not sent back to be evaluated again.
 */
export const JUDGED_ONLY_RELEASES: readonly { version: RubricVersion; kinds: readonly PackageKind[] }[] = [
  { version: '2.5', kinds: ['mcp-server'] },
];

/**
 * Whether an evaluation graded under `version` stands under the current rubric: no release since
 * changed a check it holds. `judged`: whether a judge was configured for it (`evaluator.llm`).
 */
export function isCurrentFor(version: string, judged: boolean, kind: PackageKind): boolean {
  if (!isRubricVersion(version)) return false;
  return RUBRIC_VERSIONS.slice(RUBRIC_VERSIONS.indexOf(version) + 1).every((release) => {
    const judgedOnly = JUDGED_ONLY_RELEASES.find((entry) => entry.version === release);
    return judgedOnly !== undefined && (!judged || !judgedOnly.kinds.includes(kind));
  });
}

/** The rubric an evaluation counts as graded under: the current one when it still stands there. */
export function standingRubric(version: string, judged: boolean, kind: PackageKind): string {
  return isCurrentFor(version, judged, kind) ? RUBRIC_VERSION : version;
}
