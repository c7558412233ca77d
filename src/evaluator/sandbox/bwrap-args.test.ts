import { describe, expect, it } from 'vitest';
import { type BwrapPlan, bwrapArguments, type HostEntry, prlimitArguments } from './bwrap-args.ts';

const MERGED_USR: Record<string, HostEntry> = {
  '/usr': { kind: 'dir' },
  '/bin': { kind: 'symlink', target: 'usr/bin' },
  '/lib': { kind: 'symlink', target: 'usr/lib' },
  '/lib64': { kind: 'symlink', target: 'usr/lib64' },
  '/etc/ssl': { kind: 'dir' },
  '/etc/ld.so.cache': { kind: 'file' },
};

function plan(overrides: Partial<BwrapPlan> = {}): BwrapPlan {
  return {
    lookup: (path) => MERGED_USR[path] ?? { kind: 'missing' },
    readOnly: ['/srv/package'],
    writable: ['/tmp/afscore-eval-1/home'],
    mounts: [{ source: '/tmp/afscore-eval-1/tools', target: '/opt/afscore', writable: false }],
    shareNetwork: false,
    env: { PATH: '/usr/bin', HOME: '/tmp/afscore-eval-1/home' },
    cwd: '/tmp/afscore-eval-1/work',
    command: ['prlimit', '--', 'node', 'server.js'],
    ...overrides,
  };
}

/** The value after each occurrence of a flag (or the pair after it). */
function valuesAfter(args: readonly string[], flag: string, width = 1): string[][] {
  const found: string[][] = [];
  args.forEach((arg, index) => {
    if (arg === flag) found.push(args.slice(index + 1, index + 1 + width));
  });
  return found;
}

describe('the bubblewrap command line', () => {
  it('unshares every namespace, the network too, and forbids nested user namespaces', () => {
    const args = bwrapArguments(plan());
    for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-net'])
      expect(args).toContain(flag);
    expect(args).toContain('--disable-userns');
    expect(args).toContain('--die-with-parent');
    expect(args).toContain('--new-session');
  });

  it('keeps the host network only when asked (--network)', () => {
    expect(bwrapArguments(plan({ shareNetwork: true }))).not.toContain('--unshare-net');
  });

  it('shows system folders read-only and recreates merged-/usr symlinks, skipping what the host lacks', () => {
    const args = bwrapArguments(plan());
    expect(valuesAfter(args, '--ro-bind', 2)).toEqual(
      expect.arrayContaining([
        ['/usr', '/usr'],
        ['/etc/ssl', '/etc/ssl'],
        ['/etc/ld.so.cache', '/etc/ld.so.cache'],
      ]),
    );
    expect(valuesAfter(args, '--symlink', 2)).toEqual([
      ['usr/bin', '/bin'],
      ['usr/lib', '/lib'],
      ['usr/lib64', '/lib64'],
    ]);
    expect(args.join(' ')).not.toContain('/sbin');
    expect(args.join(' ')).not.toMatch(/--(ro-)?bind \/etc\/passwd \/etc\/passwd/);
  });

  it('gives a fresh /proc, a minimal /dev, a sized /dev/shm and /tmp, and no host /home or /root', () => {
    const args = bwrapArguments(plan());
    expect(valuesAfter(args, '--proc')).toEqual([['/proc']]);
    expect(valuesAfter(args, '--dev')).toEqual([['/dev']]);
    expect(valuesAfter(args, '--tmpfs')).toEqual([['/dev/shm'], ['/tmp']]);
    expect(valuesAfter(args, '--size').every(([size]) => Number(size) > 0)).toBe(true);
    expect(args.join(' ')).not.toMatch(/ \/(home|root)( |$)/);
  });

  it('binds the plan’s folders at their own paths, then makes the root read-only, then runs the command', () => {
    const args = bwrapArguments(plan());
    expect(valuesAfter(args, '--ro-bind', 2)).toContainEqual(['/srv/package', '/srv/package']);
    expect(valuesAfter(args, '--bind', 2)).toEqual([
      ['/tmp/afscore-eval-1/home', '/tmp/afscore-eval-1/home'],
    ]);
    expect(valuesAfter(args, '--ro-bind', 2)).toContainEqual(['/tmp/afscore-eval-1/tools', '/opt/afscore']);
    const remount = args.indexOf('--remount-ro');
    expect(args[remount + 1]).toBe('/');
    expect(remount).toBeGreaterThan(args.lastIndexOf('--bind'));
    expect(args.slice(args.indexOf('--'))).toEqual(['--', 'prlimit', '--', 'node', 'server.js']);
  });

  it('starts from an empty environment and sets only the plan’s variables', () => {
    const args = bwrapArguments(plan());
    expect(args).toContain('--clearenv');
    expect(valuesAfter(args, '--setenv', 2)).toEqual([
      ['HOME', '/tmp/afscore-eval-1/home'],
      ['PATH', '/usr/bin'],
    ]);
    expect(valuesAfter(args, '--chdir')).toEqual([['/tmp/afscore-eval-1/work']]);
  });
});

describe('the limits', () => {
  it('sets each limit soft and hard, CPU with a SIGKILL 5 s after SIGXCPU, and no core files', () => {
    expect(
      prlimitArguments({
        memoryBytes: 2 * 1024 ** 3,
        processes: 512,
        cpuSeconds: 300,
        fileSizeBytes: 1024 ** 3,
        openFiles: 4096,
      }),
    ).toEqual([
      '--data=2147483648:2147483648',
      '--nproc=512:512',
      '--cpu=300:305',
      '--fsize=1073741824:1073741824',
      '--nofile=4096:4096',
      '--core=0:0',
      '--',
    ]);
  });
});
