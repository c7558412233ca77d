/**
 * How to run or reach a package, with a placeholder for every value it needs: environment
 * variables and arguments for a local server (npm, PyPI, a container image), headers for a hosted
 * one. A configuration that leaves out a required DSN or token does not start, so the commands and
 * client entries built here carry them as `<your database URL>` for the reader to fill in.
 */
import type { Distribution } from '../types.ts';
import type { ArgumentSetting, EnvironmentSetting, PackageConfiguration } from './package-configuration.ts';

export type LocalChannel = 'npm' | 'pypi' | 'oci';

/** How to start a local server: what a client's `command`, `args` and `env` hold. */
export interface LocalLaunch {
  channel: LocalChannel;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The same as one shell line, environment first. */
  shell: string;
}

export interface RemoteEndpoint {
  url: string;
  headers: Record<string, string>;
}

export interface InstallPlan {
  local: LocalLaunch[];
  remote: RemoteEndpoint | null;
  /** Repository and folder of a skill. */
  skill: { repository: string; folder: string } | null;
  /** Every setting the package needs, for a table and for agents. */
  required: {
    kind: 'environment' | 'argument' | 'header';
    name: string;
    description: string;
    secret: boolean;
  }[];
}

const isRequired = (setting: { required?: boolean }) => setting.required !== false;

/** `<your database URL>`: angle brackets mark what the reader must replace. */
export function placeholder(setting: { name: string; placeholder?: string }): string {
  return `<${setting.placeholder ?? setting.name}>`;
}

/** Quotes a shell word when it needs it; placeholders always do (the brackets are redirections). */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `"${word.replace(/(["\\$`])/g, '\\$1')}"`;
}

function argumentWords(settings: readonly ArgumentSetting[]): string[] {
  return settings
    .filter(isRequired)
    .flatMap((setting) => (setting.flag ? [setting.flag, placeholder(setting)] : [placeholder(setting)]));
}

function environment(settings: readonly EnvironmentSetting[]): Record<string, string> {
  return Object.fromEntries(
    settings.filter(isRequired).map((setting) => [setting.name, placeholder(setting)]),
  );
}

function launch(
  channel: LocalChannel,
  command: string,
  args: string[],
  env: Record<string, string>,
): LocalLaunch {
  const assignments = Object.entries(env).map(([name, value]) => `${name}=${shellWord(value)}`);
  return {
    channel,
    command,
    args,
    env,
    shell: [...assignments, command, ...args.map(shellWord)].join(' '),
  };
}

function localLaunches(distribution: Distribution, configuration: PackageConfiguration): LocalLaunch[] {
  const env = environment(configuration.environment ?? []);
  const args = argumentWords(configuration.arguments ?? []);
  const launches: LocalLaunch[] = [];
  if (distribution.npm) launches.push(launch('npm', 'npx', ['-y', distribution.npm, ...args], env));
  if (distribution.pypi) launches.push(launch('pypi', 'uvx', [distribution.pypi, ...args], env));
  if (distribution.oci) {
    // A container sees only the variables passed with -e; `-e NAME` passes the client's value on.
    const passed = Object.keys(env).flatMap((name) => ['-e', name]);
    launches.push(launch('oci', 'docker', ['run', '-i', '--rm', ...passed, distribution.oci, ...args], env));
  }
  return launches;
}

function remoteEndpoint(url: string, configuration: PackageConfiguration): RemoteEndpoint {
  const headers = Object.fromEntries(
    (configuration.headers ?? [])
      .filter(isRequired)
      .map((header) => [header.name, `${header.prefix ?? ''}${placeholder(header)}`]),
  );
  return { url, headers };
}

export function installPlan(record: {
  distribution: Distribution;
  repository: string;
  configuration: PackageConfiguration;
}): InstallPlan {
  const { distribution, configuration } = record;
  const required: InstallPlan['required'] = [
    ...(configuration.environment ?? []).filter(isRequired).map((setting) => ({
      kind: 'environment' as const,
      name: setting.name,
      description: setting.description,
      secret: setting.secret === true,
    })),
    ...(configuration.arguments ?? []).filter(isRequired).map((setting) => ({
      kind: 'argument' as const,
      name: setting.flag ?? setting.name,
      description: setting.description,
      secret: false,
    })),
    ...(distribution.remote ? (configuration.headers ?? []) : []).filter(isRequired).map((setting) => ({
      kind: 'header' as const,
      name: setting.name,
      description: setting.description,
      secret: setting.secret === true,
    })),
  ];
  return {
    local: localLaunches(distribution, configuration),
    remote: distribution.remote ? remoteEndpoint(distribution.remote, configuration) : null,
    skill: distribution.skill ? { repository: record.repository, folder: distribution.skill } : null,
    required,
  };
}
