/**
 * The rubric versions an evaluation may be graded under. A document names its version, and it is
 * validated and scored under that version's catalogue and caps forever after (an immutable result
 * never re-grades silently), so old evaluations stay valid when the rubric moves on.
 */

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
 * Releases that changed only the judged checks. An evaluation made without a judge (every judged
 * check not run) scores exactly the same under them, so it is not sent back to be evaluated again.
 */
export const JUDGED_ONLY_RELEASES: readonly RubricVersion[] = ['2.5'];

/**
 * Whether an evaluation graded under `version` stands under the current rubric: no release since
 * changed a check it holds. `judged`: whether any of its judged checks ran.
 */
export function isCurrentFor(version: string, judged: boolean): boolean {
  if (!isRubricVersion(version)) return false;
  const later = RUBRIC_VERSIONS.slice(RUBRIC_VERSIONS.indexOf(version) + 1);
  return later.every((release) => !judged && JUDGED_ONLY_RELEASES.includes(release));
}
