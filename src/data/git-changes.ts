/**
 * What a branch changed in the data since it left a base commit, and the data as it was at that
 * commit. The work tree counts (uncommitted and untracked files too), so a contributor can check a
 * branch before committing, and CI, whose work tree is its commit, gets the same answer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { ChangeStatus, FileChange } from '../core/contributions/change-rules.ts';
import { compareStrings } from '../core/order.ts';
import { EVALUATIONS_DIR } from '../core/validation/repository-paths.ts';

/** The folders that hold the data; nothing else is the review's business. */
export const DATA_DIRS = ['data', EVALUATIONS_DIR] as const;

export type GitResult<T> = { ok: true; value: T } | { ok: false; message: string };

function git(root: string, args: readonly string[], input?: Buffer): Buffer {
  return execFileSync('git', ['-C', root, ...args], {
    maxBuffer: 1 << 30,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...(input === undefined ? {} : { input }),
  });
}

function gitText(root: string, args: readonly string[]): string | null {
  try {
    return git(root, args).toString('utf8');
  } catch {
    return null;
  }
}

/** The commit a ref names, or why not. A ref that looks like an option is never passed to git. */
export function resolveCommit(root: string, ref: string): GitResult<string> {
  if (ref === '' || ref.startsWith('-')) return { ok: false, message: `"${ref}" is not a git ref` };
  const sha = gitText(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])?.trim();
  return sha
    ? { ok: true, value: sha }
    : {
        ok: false,
        message: `"${ref}" is not a commit in this repository (fetch it first: git fetch origin main)`,
      };
}

const STATUS: Record<string, ChangeStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'modified' };

/** Parses `git diff --name-status -z`: status and path tokens in turn. */
function parseNameStatus(output: string): FileChange[] {
  const tokens = output.split('\u0000').filter((token) => token !== '');
  const changes: FileChange[] = [];
  for (let index = 0; index + 1 < tokens.length; index += 2) {
    const status = STATUS[tokens[index]!.charAt(0)] ?? 'modified';
    changes.push({ path: tokens[index + 1]!, status });
  }
  return changes;
}

/** Data files changed in the work tree since the merge base of `ref` and HEAD. Renames are a delete and an add. */
export function readChanges(root: string, ref: string): GitResult<FileChange[]> {
  const base = resolveCommit(root, ref);
  if (!base.ok) return base;
  const mergeBase = gitText(root, ['merge-base', base.value, 'HEAD'])?.trim();
  if (!mergeBase) {
    return {
      ok: false,
      message: `"${ref}" shares no history with HEAD (a shallow clone? fetch with full depth)`,
    };
  }
  const diff = gitText(root, [
    'diff',
    '--relative',
    '--name-status',
    '--no-renames',
    '-z',
    mergeBase,
    '--',
    ...DATA_DIRS,
  ]);
  const untracked = gitText(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', ...DATA_DIRS]);
  if (diff === null || untracked === null) return { ok: false, message: 'git could not list the changes' };
  const changes = new Map(parseNameStatus(diff).map((change) => [change.path, change]));
  for (const path of untracked.split('\u0000').filter((entry) => entry !== '')) {
    changes.set(path, { path, status: 'added' });
  }
  return { ok: true, value: [...changes.values()].sort((a, b) => compareStrings(a.path, b.path)) };
}

/** Writes the data folders as they are at `commit` into `dest` (which must be empty). */
export function exportDataTree(root: string, commit: string, dest: string): GitResult<string> {
  const present = gitText(root, ['ls-tree', '--name-only', commit, '--', ...DATA_DIRS]);
  if (present === null) return { ok: false, message: `cannot read the tree of ${commit}` };
  mkdirSync(dest, { recursive: true });
  const dirs = present.split('\n').filter((line) => line !== '');
  if (dirs.length === 0) return { ok: true, value: dest };
  try {
    const archive = git(root, ['archive', '--format=tar', commit, '--', ...dirs]);
    execFileSync('tar', ['-x', '-C', dest], { input: archive, stdio: ['pipe', 'ignore', 'pipe'] });
    return { ok: true, value: dest };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, message: `cannot export the data of ${commit}: ${reason}` };
  }
}
