/**
 * The bubblewrap command line for one sandboxed process, from a plan. Pure: which host paths
 * exist and how they look (folder or symlink) is passed in, so the result is testable as text.
 *
 * The sandbox's root is an empty tmpfs. Onto it go the system folders read-only, a few /etc
 * files, a fresh /proc and a minimal /dev, the evaluator's own tools under /opt/afscore, and the
 * folders the plan names, at their own paths. Every namespace is new (the network one unless
 * the plan shares it), the sandbox may not create user namespaces of its own, and it dies with
 * the evaluator.
 */
import {
  ETC_ENTRIES,
  INSIDE_GID,
  INSIDE_HOSTNAME,
  INSIDE_UID,
  SHM_BYTES,
  SYSTEM_DIRS,
  TMP_BYTES,
} from './sandbox-policy.ts';

export type HostEntry = { kind: 'dir' | 'file' } | { kind: 'symlink'; target: string } | { kind: 'missing' };

export interface BwrapPlan {
  /** How a host path looks (follows nothing): the system folders and /etc entries are asked. */
  lookup: (path: string) => HostEntry;
  /** Host paths shown read-only at the same path. */
  readOnly: readonly string[];
  /** Host paths shown writable at the same path. */
  writable: readonly string[];
  /** Other mounts: a host path shown at another path. */
  mounts: readonly { source: string; target: string; writable: boolean }[];
  /** Share the host's network (--network); otherwise the sandbox has only its own loopback. */
  shareNetwork: boolean;
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** The command and its arguments, as run inside. */
  command: readonly string[];
}

/** The namespaces every sandbox gets (a cgroup namespace too where the kernel offers one); network unless shared. */
export const NAMESPACES_ALWAYS = ['user', 'pid', 'mount', 'ipc', 'uts'] as const;

function systemMounts(lookup: BwrapPlan['lookup']): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    const entry = lookup(dir);
    if (entry.kind === 'symlink') args.push('--symlink', entry.target, dir);
    else if (entry.kind === 'dir') args.push('--ro-bind', dir, dir);
  }
  for (const path of ETC_ENTRIES) {
    const entry = lookup(path);
    // A symlinked entry (/etc/localtime) is bound as what it leads to: its target's folder may be hidden.
    if (entry.kind !== 'missing') args.push('--ro-bind', path, path);
  }
  return args;
}

export function bwrapArguments(plan: BwrapPlan): string[] {
  const args = [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...(plan.shareNetwork ? [] : ['--unshare-net']),
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--uid',
    String(INSIDE_UID),
    '--gid',
    String(INSIDE_GID),
    '--hostname',
    INSIDE_HOSTNAME,
    ...systemMounts(plan.lookup),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--size',
    String(SHM_BYTES),
    '--tmpfs',
    '/dev/shm',
    '--perms',
    '1777',
    '--size',
    String(TMP_BYTES),
    '--tmpfs',
    '/tmp',
  ];
  for (const mount of plan.mounts)
    args.push(mount.writable ? '--bind' : '--ro-bind', mount.source, mount.target);
  for (const path of plan.readOnly) args.push('--ro-bind', path, path);
  for (const path of plan.writable) args.push('--bind', path, path);
  // The root itself (a tmpfs bubblewrap made, holding the mount points) takes no writes: only the
  // folders bound writable above do.
  args.push('--remount-ro', '/');
  args.push('--clearenv');
  for (const [name, value] of Object.entries(plan.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    args.push('--setenv', name, value);
  args.push('--chdir', plan.cwd, '--', ...plan.command);
  return args;
}

/** `prlimit` arguments that set every limit, soft and hard, before the command runs. */
export function prlimitArguments(limits: {
  memoryBytes: number;
  processes: number;
  cpuSeconds: number;
  fileSizeBytes: number;
  openFiles: number;
}): string[] {
  const both = (value: number) => `${value}:${value}`;
  return [
    `--data=${both(limits.memoryBytes)}`,
    `--nproc=${both(limits.processes)}`,
    // SIGXCPU at the limit, SIGKILL a little later for a process that catches it.
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 5}`,
    `--fsize=${both(limits.fileSizeBytes)}`,
    `--nofile=${both(limits.openFiles)}`,
    '--core=0:0',
    '--',
  ];
}
