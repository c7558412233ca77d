/**
 * Folders the sandbox is shown (a folder target, a skill, the node_modules above them) that the
 * sandbox's user cannot reach. When the evaluator runs as root, bubblewrap runs as nobody and must
 * find every source itself; a checkout under a private folder (a 700 home, a `mktemp -d`) keeps
 * nobody out although the files themselves are readable. Rather than copy such folders, the
 * evaluator, still root, starts the sandbox in a mount namespace of its own in which each of them
 * is also bound at a mount point under the sandbox's folder, which nobody can reach; bubblewrap
 * then binds them from there to their own paths. The namespace is private to that one sandbox and
 * ends with it: nothing changes on the host.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findExecutable } from './sandbox-support.ts';

/** Mounts the pairs given before `--`, then runs what follows it. */
const MOUNT_SCRIPT =
  'while [ "$1" != -- ]; do mount --bind -- "$1" "$2" || exit 125; shift 2; done; shift; exec "$@"';

export interface Staging {
  /** A path the sandbox's user can reach that shows `path`: a mount point under the sandbox's folder. */
  stage(path: string): string;
  /** The command that mounts what was staged and then runs the rest, or [] when nothing was staged. */
  prefix(): string[];
}

let probed: { unshare: string } | { reason: string } | undefined;

/**
 * Whether this machine lets the evaluator (root) make a mount namespace: null when it does, else
 * why not. Asked once per run.
 */
export function stagingUnavailable(): string | null {
  if (!probed) {
    const unshare = findExecutable('unshare', '/usr/bin:/bin');
    if (!unshare) probed = { reason: 'unshare (util-linux) is not installed' };
    else {
      const trial = spawnSync(unshare, ['--mount', '--propagation', 'private', '--', 'true'], {
        encoding: 'utf8',
        timeout: 10_000,
        env: { PATH: '/usr/bin:/bin' },
      });
      probed =
        trial.status === 0
          ? { unshare }
          : {
              reason: `a mount namespace cannot be made here (${(trial.stderr ?? '').trim() || 'unshare failed'})`,
            };
    }
  }
  return 'reason' in probed ? probed.reason : null;
}

/** Stages paths under `viewDir` (a folder the sandbox's user can pass through). */
export function createStaging(viewDir: string): Staging {
  const staged = new Map<string, string>();
  return {
    stage(path) {
      const known = staged.get(path);
      if (known) return known;
      mkdirSync(viewDir, { recursive: true, mode: 0o711 });
      const point = join(viewDir, String(staged.size));
      if (statSync(path).isDirectory()) mkdirSync(point);
      else writeFileSync(point, '');
      staged.set(path, point);
      return point;
    },
    prefix() {
      if (staged.size === 0) return [];
      const reason = stagingUnavailable();
      if (reason) throw new Error(`cannot show the sandbox folders its user cannot reach: ${reason}`);
      const unshare = (probed as { unshare: string }).unshare;
      const pairs = [...staged].flat();
      return [
        unshare,
        '--mount',
        '--propagation',
        'private',
        '--',
        '/bin/sh',
        '-c',
        MOUNT_SCRIPT,
        'afscore-stage',
        ...pairs,
        '--',
      ];
    },
  };
}
