/**
 * What a branch may change in the data, judged from its list of changed paths alone: evaluations
 * are append-only, a package is taken out with `removed` rather than deleted (the change feed
 * announces it), spot-check records and categories are history others depend on, and an evaluation
 * is checked against a package file that is already merged. `afscore validate --since` and
 * `afscore review` both start here, then validate the files this leaves.
 */
import type { FileIssue } from '../validation/issue.ts';
import { packagePath, parseRepositoryPath } from '../validation/repository-paths.ts';

export type ChangeStatus = 'added' | 'modified' | 'deleted';

export interface FileChange {
  /** Repository-relative, with `/`. */
  path: string;
  status: ChangeStatus;
}

const DELETION_HINTS = {
  evaluation:
    'evaluations are append-only: restore the file; a wrong evaluation is answered with a spot-check',
  package: 'set removed: {date, reason} in its frontmatter instead, so the change feed announces the removal',
  'spot-check': 'spot-check outcomes are history that moves trust tiers: restore the file',
  category: 'packages and API paths name categories: move the packages first and ask a maintainer',
} as const;

function deletionIssue(change: FileChange): FileIssue | null {
  const parsed = parseRepositoryPath(change.path);
  // A registry record is sync's working state: deleting one only makes the next sync start afresh.
  if (!parsed || parsed.kind === 'registry' || parsed.kind === 'import-state') return null;
  return {
    path: change.path,
    pointer: '',
    message: `deletes ${parsed.kind === 'evaluation' ? 'an evaluation that is already merged' : `a ${parsed.kind} file`}`,
    hint: DELETION_HINTS[parsed.kind],
  };
}

function modificationIssue(change: FileChange): FileIssue | null {
  if (parseRepositoryPath(change.path)?.kind !== 'evaluation') return null;
  return {
    path: change.path,
    pointer: '',
    message: 'changes an evaluation that is already merged',
    hint: 'evaluations are append-only: restore the file and submit a new run with a fresh evaluation_id',
  };
}

/** An evaluation added beside a change to its own package file would be judged by the unmerged package. */
function samePullRequestIssues(changes: readonly FileChange[]): FileIssue[] {
  const changedPackages = new Set(
    changes
      .filter((change) => change.status === 'modified')
      .map((change) => parseRepositoryPath(change.path))
      .flatMap((parsed) => (parsed?.kind === 'package' ? [parsed.id] : [])),
  );
  return changes.flatMap((change) => {
    const parsed = parseRepositoryPath(change.path);
    if (change.status !== 'added' || parsed?.kind !== 'evaluation') return [];
    if (!changedPackages.has(parsed.packageId!)) return [];
    return [
      {
        path: change.path,
        pointer: '',
        message: `is added together with a change to ${packagePath(parsed.packageId!)}`,
        hint: 'send the package change in its own pull request; evaluations are checked against the merged package',
      },
    ];
  });
}

export function changeIssues(changes: readonly FileChange[]): FileIssue[] {
  const issues: FileIssue[] = [];
  for (const change of changes) {
    const found =
      change.status === 'deleted'
        ? deletionIssue(change)
        : change.status === 'modified'
          ? modificationIssue(change)
          : null;
    if (found) issues.push(found);
  }
  return [...issues, ...samePullRequestIssues(changes)];
}

/**
 * The files to validate as a pull request's: everything added or modified, except merged
 * evaluations that were edited (already refused above). Deleting a stray file is fine.
 */
export function pathsToValidate(changes: readonly FileChange[]): string[] {
  return changes
    .filter((change) => {
      if (change.status === 'deleted') return false;
      return !(change.status === 'modified' && parseRepositoryPath(change.path)?.kind === 'evaluation');
    })
    .map((change) => change.path);
}
