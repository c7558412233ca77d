/**
 * Commits what sync and import changed under data/ onto a branch of its own and pushes it, without
 * touching the work tree, the index or the current branch: the commit is built on a temporary
 * index from the base commit plus the changed files. The branch is rebuilt from the base on every
 * run, so the daily pull request always shows one commit: today's sync against today's base.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SyncBranchOptions {
  repository: string;
  branch: string;
  /** What the branch starts from (default HEAD). */
  base?: string;
  /** The paths whose changes go in (default data). */
  paths?: string[];
  message: string;
  author?: { name: string; email: string };
}

async function git(repository: string, args: string[], env: Record<string, string> = {}, input?: string) {
  const child = run('git', ['-C', repository, ...args], {
    env: { ...process.env, ...env },
    maxBuffer: 64 << 20,
  });
  if (input !== undefined) child.child.stdin?.end(input);
  return (await child).stdout;
}

/** Paths under `paths` that differ from the base, in the work tree (untracked files included). */
export async function changedPaths(
  repository: string,
  paths: readonly string[] = ['data'],
): Promise<string[]> {
  const output = await git(repository, [
    'status',
    '--porcelain=v1',
    '-z',
    '--untracked-files=all',
    '--',
    ...paths,
  ]);
  return output
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3));
}

/** Builds the commit and points the branch at it; null when nothing changed. */
export async function commitToBranch(
  options: SyncBranchOptions,
): Promise<{ commit: string; files: number } | null> {
  const { repository, branch } = options;
  const paths = options.paths ?? ['data'];
  const changed = await changedPaths(repository, paths);
  if (changed.length === 0) return null;
  const base = (
    await git(repository, ['rev-parse', '--verify', `${options.base ?? 'HEAD'}^{commit}`])
  ).trim();
  const scratch = mkdtempSync(join(tmpdir(), 'afscore-sync-index-'));
  try {
    const index = { GIT_INDEX_FILE: join(scratch, 'index') };
    await git(repository, ['read-tree', base], index);
    await git(repository, ['add', '--all', '--', ...paths], index);
    const tree = (await git(repository, ['write-tree'], index)).trim();
    const author = options.author ?? { name: 'afscore sync', email: 'sync@afscore.invalid' };
    const identity = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    const commit = (
      await git(repository, ['commit-tree', tree, '-p', base, '-F', '-'], identity, `${options.message}\n`)
    ).trim();
    await git(repository, ['update-ref', `refs/heads/${branch}`, commit]);
    return { commit, files: changed.length };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Force-pushes the branch: it is the bot's own, rebuilt on each run. */
export async function pushBranch(repository: string, remote: string, branch: string): Promise<void> {
  await git(repository, ['push', '--force', '--quiet', remote, `refs/heads/${branch}:refs/heads/${branch}`], {
    GIT_TERMINAL_PROMPT: '0',
  });
}
