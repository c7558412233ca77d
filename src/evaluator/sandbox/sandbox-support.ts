/**
 * Whether this machine can run the sandbox: bubblewrap is installed, user namespaces work for the
 * user the sandbox runs as, and prlimit (util-linux) is there to set the limits. Found once per
 * run, by starting a trivial sandbox; a failure says what to install or change.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { INSTALL_COMMAND, SANDBOX_HOST_GID, SANDBOX_HOST_UID } from './sandbox-policy.ts';

export interface SandboxSupport {
  bwrap: string;
  /** `0.8.0` */
  version: string;
  /** setpriv, when the evaluator runs as root and the sandbox must run as an ordinary user. */
  setpriv: string | null;
}

export type SupportResult =
  | { ok: true; support: SandboxSupport }
  | { ok: false; reason: string; hint: string };

const SYSTEM_BIN = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

export function findExecutable(name: string, path: string | undefined): string | null {
  if (isAbsolute(name)) {
    try {
      accessSync(name, constants.X_OK);
      return name;
    } catch {
      return null;
    }
  }
  const dirs = [...(path ?? '').split(delimiter).filter(Boolean), ...SYSTEM_BIN];
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Runs as root: the sandbox then drops to an ordinary user first. */
export function runsAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The command prefix that starts bwrap as the sandbox's host user. */
export function launchPrefix(support: SandboxSupport): string[] {
  return support.setpriv
    ? [
        support.setpriv,
        `--reuid=${SANDBOX_HOST_UID}`,
        `--regid=${SANDBOX_HOST_GID}`,
        '--clear-groups',
        '--no-new-privs',
        support.bwrap,
      ]
    : [support.bwrap];
}

const NO_USERNS_HINT =
  'user namespaces are disabled for ordinary users: enable them (sudo sysctl -w kernel.unprivileged_userns_clone=1, or on Ubuntu 24.04 and later sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0), or run with --no-sandbox to evaluate without one (the evaluation is flagged)';

export function detectSandbox(env: NodeJS.ProcessEnv = process.env): SupportResult {
  const installHint = `install bubblewrap (${INSTALL_COMMAND}), or run with --no-sandbox to evaluate without one (the evaluation is flagged in review)`;
  if (process.platform !== 'linux') {
    return {
      ok: false,
      reason: `the sandbox needs Linux (bubblewrap); this is ${process.platform}`,
      hint: 'run the evaluator on Linux, or with --no-sandbox (the evaluation is flagged in review)',
    };
  }
  // AFSCORE_BWRAP names the bubblewrap to use (one outside the usual folders).
  const bwrap = env.AFSCORE_BWRAP ? findExecutable(env.AFSCORE_BWRAP, '') : findExecutable('bwrap', env.PATH);
  if (!bwrap) return { ok: false, reason: 'bubblewrap (bwrap) is not installed', hint: installHint };
  if (!findExecutable('prlimit', env.PATH)) {
    return {
      ok: false,
      reason: 'prlimit (util-linux) is not installed; the sandbox sets its limits with it',
      hint: 'sudo apt-get install -y util-linux',
    };
  }
  const version = spawnSync(bwrap, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const number = /(\d+\.\d+(?:\.\d+)?)/.exec(version.stdout ?? '')?.[1];
  if (version.status !== 0 || !number) {
    return {
      ok: false,
      reason: `${bwrap} --version failed: ${version.stderr?.trim() ?? ''}`,
      hint: installHint,
    };
  }
  let setpriv: string | null = null;
  if (runsAsRoot()) {
    setpriv = findExecutable('setpriv', env.PATH);
    if (!setpriv) {
      return {
        ok: false,
        reason:
          'the evaluator runs as root and needs setpriv (util-linux) to run the sandbox as an ordinary user',
        hint: 'sudo apt-get install -y util-linux, or run the evaluator as an ordinary user',
      };
    }
  }
  const support: SandboxSupport = { bwrap, version: number, setpriv };
  const [command, ...prefix] = launchPrefix(support);
  const trial = spawnSync(
    command!,
    [
      ...prefix,
      '--unshare-user',
      '--unshare-pid',
      '--unshare-net',
      '--disable-userns',
      '--ro-bind',
      '/',
      '/',
      '--proc',
      '/proc',
      '--',
      'true',
    ],
    { encoding: 'utf8', timeout: 10_000, env: { PATH: '/usr/bin:/bin' } },
  );
  if (trial.status !== 0) {
    const said = (trial.stderr ?? '').trim().split('\n').slice(-1)[0] ?? '';
    if (/--disable-userns|unrecognized option/i.test(said)) {
      return {
        ok: false,
        reason: `bubblewrap ${number} is too old (0.8.0 or later is needed): ${said}`,
        hint: installHint,
      };
    }
    return {
      ok: false,
      reason: `bubblewrap cannot create its namespaces here: ${said}`,
      hint: NO_USERNS_HINT,
    };
  }
  return { ok: true, support };
}
