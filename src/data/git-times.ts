/**
 * When files entered the repository, from git history along the first-parent line of HEAD: a
 * merged pull request counts from its merge, not from the contributor's earlier commit. One git call
 * for the whole tree. Outside a git checkout every map is empty and callers fall back to the
 * files' own dates.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { parseRepositoryPath } from '../core/validation/repository-paths.ts';

export interface GitTimes {
  evaluationPublishedAt: Map<string, string>;
  packageModifiedAt: Map<string, string>;
  /** package id → when its `version:` line last changed (not when the file was added). */
  packageVersionChangedAt: Map<string, string>;
  /** package id → when its `deprecated:` block last changed. */
  packageDeprecatedAt: Map<string, string>;
  /** Commit time of HEAD; null outside git. */
  headTime: string | null;
}

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', ['-C', root, ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

function recordPath(times: GitTimes, path: string, at: string): void {
  const parsed = parseRepositoryPath(path);
  if (parsed?.kind === 'evaluation') {
    // History is newest first; the oldest sighting is when the evaluation arrived.
    times.evaluationPublishedAt.set(parsed.id, at);
  } else if (parsed?.kind === 'package' && !times.packageModifiedAt.has(parsed.id)) {
    times.packageModifiedAt.set(parsed.id, at);
  }
}

/** Parses `git log -z --name-status --format=%x01%cI`: a time, then status/path tokens. */
function parseLog(output: string, times: GitTimes): void {
  for (const chunk of output.split('\u0001')) {
    const [at, ...rest] = chunk.split('\u0000');
    if (!at) continue;
    const iso = new Date(Date.parse(at)).toISOString();
    const tokens = rest.map((token) => token.replace(/^\n/, '')).filter((token) => token !== '');
    for (let index = 0; index < tokens.length; ) {
      const status = tokens[index]!;
      const paths = status.startsWith('R') || status.startsWith('C') ? 2 : 1;
      // For a rename, the new path is the one that exists now.
      const path = tokens[index + paths]!;
      if (!status.startsWith('D')) recordPath(times, path, iso);
      index += paths + 1;
    }
  }
}

/** Only a repository whose top level is `root` describes its data; a parent project's history does not. */
function isRepositoryRoot(root: string): boolean {
  const top = git(root, ['rev-parse', '--show-toplevel']);
  return top !== null && realpathSync(top.trim()) === realpathSync(root);
}

/** When a top-level frontmatter key last changed in each package file that existed before. */
function keyChanges(root: string, key: string): Map<string, string> {
  const changes = new Map<string, string>();
  const log = git(root, [
    'log',
    '--first-parent',
    '--format=%x01%cI',
    '-z',
    '--name-status',
    `-G^${key}:`,
    '--',
    'data/packages',
  ]);
  for (const chunk of (log ?? '').split('\u0001')) {
    const [at, ...rest] = chunk.split('\u0000');
    if (!at) continue;
    const iso = new Date(Date.parse(at)).toISOString();
    const tokens = rest.map((token) => token.replace(/^\n/, '')).filter((token) => token !== '');
    for (let index = 0; index + 1 < tokens.length; index += 2) {
      const parsed = parseRepositoryPath(tokens[index + 1]!);
      // History is newest first: the first modification seen is the latest.
      if (tokens[index] === 'M' && parsed?.kind === 'package' && !changes.has(parsed.id))
        changes.set(parsed.id, iso);
    }
  }
  return changes;
}

export function readGitTimes(root: string): GitTimes {
  const times: GitTimes = {
    evaluationPublishedAt: new Map(),
    packageModifiedAt: new Map(),
    packageVersionChangedAt: new Map(),
    packageDeprecatedAt: new Map(),
    headTime: null,
  };
  if (!isRepositoryRoot(root)) return times;
  const head = git(root, ['log', '-1', '--format=%cI', 'HEAD']);
  if (head === null || head.trim() === '') return times;
  times.headTime = new Date(Date.parse(head.trim())).toISOString();
  const log = git(root, [
    'log',
    '--first-parent',
    '--format=%x01%cI',
    '-z',
    '--name-status',
    '--',
    'data/packages',
    'evaluations',
  ]);
  if (log !== null) parseLog(log, times);
  times.packageVersionChangedAt = keyChanges(root, 'version');
  times.packageDeprecatedAt = keyChanges(root, 'deprecated');
  return times;
}
