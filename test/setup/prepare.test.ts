/**
 * The pre-test step against made-up machines: a folder of stand-in programs replaces every place
 * it looks (AFSCORE_REQUIREMENTS_PATH), and a stand-in apt-get records what it was asked and
 * "installs" a package by adding its program. As root it installs with apt-get, update first;
 * through passwordless sudo the same; otherwise, without apt-get, or when apt fails, it stops at
 * once with the exact command to run. The last tests run the real entry point, as npm test does.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../support/temp-dir.ts';
import { type Machine, prepare, realMachine } from './prepare.ts';
import { SYSTEM_REQUIREMENTS } from './system-requirements.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const tempDir = useTempDirs();

function program(dir: string, name: string, body: string): void {
  writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(dir, name), 0o755);
}

const VERSION_OF: Record<string, string> = {
  chromium: 'echo "Chromium 156.0 (stand-in)"',
  nginx: 'echo "nginx version: stand-in" >&2',
  bwrap: 'echo "bubblewrap stand-in"',
  'g++': 'echo "g++ stand-in"',
  python3: 'echo "Python 3 stand-in"',
  git: 'echo "git version stand-in"',
  setpriv: 'echo "setpriv stand-in"',
};
const PROGRAM_OF: Record<string, string> = { chromium: 'chromium', nginx: 'nginx', bubblewrap: 'bwrap' };

interface FakeMachine {
  dir: string;
  log: string;
  /** Lines apt-get and sudo were called with. */
  calls(): string[];
}

/** A machine with git and util-linux, lacking the given programs, with apt-get and sudo if asked. */
function fakeMachine(options: {
  lacking: string[];
  apt?: 'works' | 'fails' | 'absent';
  sudo?: boolean;
}): FakeMachine {
  const dir = tempDir('afscore-machine-');
  const log = join(dir, 'calls.log');
  writeFileSync(log, '');
  for (const [name, body] of Object.entries(VERSION_OF))
    if (!options.lacking.includes(name)) program(dir, name, body);
  const installs = Object.entries(PROGRAM_OF)
    .map(
      ([pkg, name]) =>
        `    ${pkg}) printf '#!/bin/sh\\n${VERSION_OF[name]!.replaceAll("'", "'\\''")}\\n' > "${dir}/${name}"; chmod 755 "${dir}/${name}";;`,
    )
    .join('\n');
  if ((options.apt ?? 'works') !== 'absent')
    program(
      dir,
      'apt-get',
      [
        `echo "apt-get $* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> "${log}"`,
        options.apt === 'fails' ? '[ "$1" = install ] && exit 100' : '',
        '[ "$1" = install ] || exit 0',
        'shift; shift',
        'for pkg in "$@"; do',
        '  case "$pkg" in',
        installs,
        '  esac',
        'done',
      ].join('\n'),
    );
  if (options.sudo) program(dir, 'sudo', `echo "sudo $*" >> "${log}"\n[ "$1" = -n ] && shift\nexec "$@"`);
  return {
    dir,
    log,
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

function machineOn(fake: FakeMachine, uid: number): Machine & { said: string[]; complained: string[] } {
  const said: string[] = [];
  const complained: string[] = [];
  const env = { ...process.env, AFSCORE_REQUIREMENTS_PATH: fake.dir, CHROMIUM_PATH: '' };
  const machine = realMachine({
    env,
    uid,
    out: (line) => said.push(line),
    err: (line) => complained.push(line),
  });
  return Object.assign(machine, { said, complained });
}

describe('the pre-test step', () => {
  it('does nothing when everything is there', () => {
    const fake = fakeMachine({ lacking: [] });
    const machine = machineOn(fake, 0);
    expect(prepare(machine, { check: false })).toBe(0);
    expect(fake.calls()).toEqual([]);
    expect(machine.complained).toEqual([]);
  });

  it('installs what is missing with apt-get as root, update first, without questions', () => {
    const fake = fakeMachine({ lacking: ['nginx', 'bwrap'] });
    const machine = machineOn(fake, 0);
    expect(prepare(machine, { check: false })).toBe(0);
    expect(fake.calls()).toEqual([
      'apt-get update DEBIAN_FRONTEND=noninteractive',
      'apt-get install -y nginx bubblewrap DEBIAN_FRONTEND=noninteractive',
    ]);
    expect(existsSync(join(fake.dir, 'bwrap'))).toBe(true);
  });

  it('installs through sudo when it asks for no password', () => {
    const fake = fakeMachine({ lacking: ['chromium'], sudo: true });
    const machine = machineOn(fake, 1000);
    expect(prepare(machine, { check: false })).toBe(0);
    const aptGet = join(fake.dir, 'apt-get');
    expect(fake.calls()).toEqual([
      'sudo -n true',
      `sudo -n env DEBIAN_FRONTEND=noninteractive ${aptGet} update`,
      'apt-get update DEBIAN_FRONTEND=noninteractive',
      `sudo -n env DEBIAN_FRONTEND=noninteractive ${aptGet} install -y chromium`,
      'apt-get install -y chromium DEBIAN_FRONTEND=noninteractive',
    ]);
  });

  it('stops at once with the exact command when it may not install', () => {
    const fake = fakeMachine({ lacking: ['nginx', 'bwrap'] });
    const machine = machineOn(fake, 1000);
    expect(prepare(machine, { check: false })).toBe(1);
    expect(fake.calls()).toEqual([]);
    const said = machine.complained.join('\n');
    expect(said).toContain('sudo apt-get update && sudo apt-get install -y nginx bubblewrap');
    expect(said).toContain('nginx (Debian package nginx), for test/scale-out.e2e.test.ts');
    expect(said).toContain('bubblewrap (Debian package bubblewrap), for the evaluator and its suites');
  });

  it('stops with the command when there is no apt-get, or apt-get fails', () => {
    const absent = machineOn(fakeMachine({ lacking: ['chromium'], apt: 'absent' }), 0);
    expect(prepare(absent, { check: false })).toBe(1);
    expect(absent.complained.join('\n')).toContain('There is no apt-get here.');
    expect(absent.complained.join('\n')).toContain('  apt-get update && apt-get install -y chromium\n');
    expect(absent.complained.join('\n')).toContain('or point CHROMIUM_PATH at a Chromium or Chrome binary');
    const failing = fakeMachine({ lacking: ['nginx'], apt: 'fails' });
    const machine = machineOn(failing, 0);
    expect(prepare(machine, { check: false })).toBe(1);
    expect(machine.complained.join('\n')).toContain('apt-get install failed.');
    expect(machine.complained.join('\n')).toContain('apt-get update && apt-get install -y nginx');
  });

  it('only reports when asked to check (npm run doctor)', () => {
    const fake = fakeMachine({ lacking: ['bwrap'], sudo: true });
    const machine = machineOn(fake, 0);
    expect(prepare(machine, { check: true })).toBe(1);
    expect(fake.calls()).toEqual([]);
    expect(machine.said).toContain('✗ bubblewrap: missing (Debian: bubblewrap)');
    expect(machine.said).toContain('✓ nginx: nginx version: stand-in');
    expect(machine.said.some((line) => line.startsWith('✓ PostgreSQL server'))).toBe(true);
    expect(machine.said.at(-1)).toBe(
      '\nnpm test would install: apt-get update && apt-get install -y bubblewrap',
    );
  });

  it('keeps one entry per requirement, each with a probe, an apt package and its suites', () => {
    for (const requirement of SYSTEM_REQUIREMENTS) {
      expect(requirement.apt, requirement.name).toMatch(/^[a-z0-9][a-z0-9.+-]+$/);
      expect(requirement.neededBy.length, requirement.name).toBeGreaterThan(0);
    }
    expect(SYSTEM_REQUIREMENTS.map((requirement) => requirement.apt)).toEqual([
      'chromium',
      'nginx',
      'bubblewrap',
      'build-essential',
      'python3',
      'git',
      'util-linux',
    ]);
  });
});

describe('scripts/prepare-tests.ts, as npm test runs it', () => {
  const runScript = (fake: FakeMachine, args: string[] = []) =>
    spawnSync(process.execPath, ['scripts/prepare-tests.ts', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, AFSCORE_REQUIREMENTS_PATH: fake.dir, CHROMIUM_PATH: '' },
    });
  const root = process.getuid?.() === 0;

  it('installs what is missing as this user can (as root, or through passwordless sudo)', () => {
    const fake = fakeMachine({ lacking: ['nginx'], sudo: true });
    const run = runScript(fake);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `Installing what the tests need: nginx (apt-get, ${root ? 'as root' : 'through sudo'})`,
    );
    expect(fake.calls().filter((line) => line.startsWith('apt-get'))).toEqual([
      'apt-get update DEBIAN_FRONTEND=noninteractive',
      'apt-get install -y nginx DEBIAN_FRONTEND=noninteractive',
    ]);
  });

  it('stops with the exact command when apt-get is not there', () => {
    const fake = fakeMachine({ lacking: ['nginx', 'bwrap'], apt: 'absent' });
    const run = runScript(fake);
    expect(run.status).toBe(1);
    const sudo = root ? '' : 'sudo ';
    expect(run.stderr).toContain(`  ${sudo}apt-get update && ${sudo}apt-get install -y nginx bubblewrap\n`);
  });
});
