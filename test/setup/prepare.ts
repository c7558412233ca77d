/**
 * The pre-test step: finds which system requirements are missing and installs them with apt when
 * it may (as root, or through passwordless sudo), `apt-get update` first. When it may not, or apt
 * fails, it stops at once with the exact command to run, before any lint, build or test starts.
 * `check` only reports.
 */
import { spawnSync } from 'node:child_process';
import {
  findProgram,
  NPM_DELIVERED,
  type Presence,
  probe,
  SYSTEM_REQUIREMENTS,
  type SystemRequirement,
} from './system-requirements.ts';

/** How apt can be run here: directly (root), through `sudo -n`, or not at all. */
export type Privilege = 'root' | 'sudo' | 'none';

export interface Machine {
  env: NodeJS.ProcessEnv;
  uid: number;
  /** Runs a command with the output shown; resolves to its exit code. */
  run(command: string, args: readonly string[]): number;
  /** Runs a command quietly; true when it exits 0. */
  succeeds(command: string, args: readonly string[]): boolean;
  out(line: string): void;
  err(line: string): void;
}

/** This machine; tests pass another search path, uid or output. */
export function realMachine(overrides: Partial<Machine> = {}): Machine {
  const env = overrides.env ?? process.env;
  const runEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  return {
    env,
    uid: process.getuid?.() ?? -1,
    run: (command, args) => spawnSync(command, [...args], { stdio: 'inherit', env: runEnv }).status ?? 1,
    succeeds: (command, args) =>
      spawnSync(command, [...args], { stdio: 'ignore', env: runEnv, timeout: 10_000 }).status === 0,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    ...overrides,
  };
}

function describeMissing(requirement: SystemRequirement): string {
  const alternative = requirement.alternative ? ` (${requirement.alternative})` : '';
  return `  - ${requirement.name} (Debian package ${requirement.apt}${alternative}), for ${requirement.neededBy.join(', ')}`;
}

/** The command a person runs to install the packages, as one line to paste. */
export function manualCommand(packages: readonly string[], uid: number): string {
  const sudo = uid === 0 ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

export function privilegeOf(machine: Machine, sudo: string | null): Privilege {
  if (machine.uid === 0) return 'root';
  if (sudo && machine.succeeds(sudo, ['-n', 'true'])) return 'sudo';
  return 'none';
}

export function survey(env: NodeJS.ProcessEnv): Presence[] {
  return SYSTEM_REQUIREMENTS.map((requirement) => probe(requirement, env));
}

function report(machine: Machine, found: readonly Presence[]): void {
  for (const { requirement, version } of found)
    machine.out(
      `${version ? '✓' : '✗'} ${requirement.name}: ${version ?? `missing (Debian: ${requirement.apt})`}`,
    );
}

function stop(machine: Machine, missing: readonly SystemRequirement[], reason: string): number {
  const packages = missing.map((requirement) => requirement.apt);
  machine.err(`npm test needs programs this machine lacks:\n${missing.map(describeMissing).join('\n')}`);
  machine.err(
    `${reason} Install them (on Debian) with:\n\n  ${manualCommand(packages, machine.uid)}\n\nthen run npm test again; npm run doctor shows what is still missing.`,
  );
  return 1;
}

/** What npm ci should have installed for this platform and did not: npm, not apt, brings it. */
function missingFromNpm(machine: Machine, report: boolean): string[] {
  const missing: string[] = [];
  for (const delivered of NPM_DELIVERED) {
    const where = delivered.locate();
    if (report)
      machine.out(
        `${where ? '✓' : '✗'} ${delivered.name}: ${where ?? 'missing'} (npm: ${delivered.dependency})`,
      );
    if (!where)
      missing.push(`${delivered.name}, from ${delivered.dependency}, for ${delivered.neededBy.join(', ')}`);
  }
  return missing;
}

/** Installs what is missing, or says how; resolves to the exit code of the step. */
export function prepare(machine: Machine, options: { check: boolean }): number {
  const fromNpm = missingFromNpm(machine, options.check);
  const found = survey(machine.env);
  const missing = found
    .filter((presence) => presence.version === null)
    .map((presence) => presence.requirement);
  if (options.check) {
    report(machine, found);
    if (fromNpm.length > 0) machine.out('\nnpm ci installs what npm delivers: run it again.');
    const packages = missing.map((requirement) => requirement.apt);
    if (packages.length > 0) machine.out(`\nnpm test would install: ${manualCommand(packages, machine.uid)}`);
    return fromNpm.length + missing.length === 0 ? 0 : 1;
  }
  if (fromNpm.length > 0) {
    const lines = fromNpm.map((line) => `  - ${line}`).join('\n');
    machine.err(
      `npm test needs what npm ci installs, and this is missing:\n${lines}\nRun npm ci, then npm test again.`,
    );
    return 1;
  }
  if (missing.length === 0) return 0;
  const aptGet = findProgram('apt-get', machine.env);
  if (!aptGet) return stop(machine, missing, 'There is no apt-get here.');
  const privilege = privilegeOf(machine, findProgram('sudo', machine.env));
  if (privilege === 'none')
    return stop(machine, missing, 'Installing needs root, and sudo asks for a password (or is not there).');
  const packages = missing.map((requirement) => requirement.apt);
  machine.out(
    `Installing what the tests need: ${packages.join(', ')} (apt-get, ${privilege === 'root' ? 'as root' : 'through sudo'})`,
  );
  // sudo drops the environment, so the non-interactive front end is passed through env(1).
  const apt = (args: readonly string[]) =>
    privilege === 'root'
      ? machine.run(aptGet, args)
      : machine.run(findProgram('sudo', machine.env)!, [
          '-n',
          'env',
          'DEBIAN_FRONTEND=noninteractive',
          aptGet,
          ...args,
        ]);
  if (apt(['update']) !== 0) return stop(machine, missing, 'apt-get update failed.');
  if (apt(['install', '-y', ...packages]) !== 0) return stop(machine, missing, 'apt-get install failed.');
  const still = survey(machine.env).filter((presence) => presence.version === null);
  if (still.length > 0)
    return stop(
      machine,
      still.map((presence) => presence.requirement),
      'apt-get installed the packages, but these programs still do not run.',
    );
  return 0;
}
