/**
 * How to start a server the way its publisher describes it, so an evaluation does not fail a
 * server that only needed its `start` subcommand, `--stdio`, or a token: `server.json` (the MCP
 * Registry's `packages[]`: `packageArguments`, `transport`, `environmentVariables`), the README's
 * client configuration (`mcpServers` JSON blocks, as Claude Desktop, Cursor and VS Code take
 * them), and the catalogue's `configuration`. Variables get placeholder values: enough for most
 * servers to list their tools, and never a real secret. Pure; publisher text is hostile, so only
 * arguments to the package's own bin and variables outside a deny list come out of it.
 */
import type { PackageConfiguration } from './package-configuration.ts';

export type LaunchSource = 'server.json' | 'readme' | 'catalogue';

export interface LaunchHints {
  /** Arguments for the package's bin; null when the source gives none. */
  args: string[] | null;
  /** Variables to pass, with placeholder values. */
  env: Record<string, string>;
  /** Streamable HTTP: the port and path it listens on when started this way. */
  http?: { port: number; path: string };
  /** The transport the source declares when it is not one the evaluator can start (sse). */
  unsupportedTransport?: string;
}

export interface LaunchPlan extends LaunchHints {
  args: string[];
  /** Where the arguments came from; the variables may come from several sources. */
  argsFrom: LaunchSource | 'none';
  envFrom: LaunchSource[];
  /** Where the Streamable HTTP address came from, when the plan starts it for HTTP. */
  httpFrom?: LaunchSource;
}

/** Written where a publisher's example holds a path on their machine. */
export const WORKDIR = '{workdir}';

/** Variables a package text may not set: they would change how the sandbox itself runs. */
const RESERVED_VARIABLE =
  /^(?:PATH|HOME|USER|LOGNAME|SHELL|LANG|LC_\w+|TMPDIR|TMP|TEMP|PWD|NODE_OPTIONS|NODE_PATH|NODE_USE_ENV_PROXY|LD_\w+|DYLD_\w+|AFSCORE_\w*|npm_\w+|NPM_\w+|HTTPS?_PROXY|NO_PROXY|https?_proxy|no_proxy|ALL_PROXY|all_proxy)$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const MAX_ARGS = 32;
const MAX_WORD = 500;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : null;

/**
 * The port a server started for Streamable HTTP is told to use when its plan leaves the choice to
 * the evaluator (a PORT variable or --port argument without a default). Every sandbox has its own
 * network namespace, so concurrent evaluations never compete for it.
 */
export const DEFAULT_HTTP_PORT = 8080;
const PORT_NAME = /(?:^|[-_])port$/i;

export function placeholderValue(name: string): string {
  if (PORT_NAME.test(name)) return String(DEFAULT_HTTP_PORT);
  return `afscore-placeholder-${name.toLowerCase().replaceAll('_', '-')}`;
}

/** A path on the publisher's machine (`/Users/me/Desktop`, `~/notes`, `C:\\data`) becomes the sandbox's work folder. */
function localPath(word: string): boolean {
  return /^(?:~\/|\/(?:Users|home|path|tmp|var|opt|mnt|Volumes|srv|data|workspace)\b|[A-Za-z]:\\|\$\{(?:workspaceFolder|userHome)\b)/.test(
    word,
  );
}

function cleanArgs(words: readonly string[]): string[] | null {
  if (words.length > MAX_ARGS || words.some((word) => word.length > MAX_WORD)) return null;
  return words.map((word) => (localPath(word) ? WORKDIR : word));
}

function cleanEnv(entries: Iterable<[string, string]>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!VARIABLE_NAME.test(name) || RESERVED_VARIABLE.test(name)) continue;
    env[name] = value.length > MAX_WORD || value === '' ? placeholderValue(name) : value;
  }
  return env;
}

function unversioned(spec: string): string {
  const at = spec.lastIndexOf('@');
  return at > 0 ? spec.slice(0, at) : spec;
}

// ---------------------------------------------------------------------------------------------
// server.json

/** A `value` or `default`, with `{name}` references filled from `variables` or a placeholder. */
function argumentValue(argument: Json): string | null {
  const raw =
    typeof argument.value === 'string'
      ? argument.value
      : typeof argument.default === 'string'
        ? argument.default
        : null;
  if (raw === null) return null;
  const variables = isObject(argument.variables) ? argument.variables : {};
  return raw.replace(/\{([A-Za-z_][\w-]*)\}/g, (_, name: string) => {
    const variable = variables[name];
    const fallback = isObject(variable) && typeof variable.default === 'string' ? variable.default : null;
    return fallback ?? placeholderValue(name);
  });
}

function packageArguments(list: unknown): string[] {
  const words: string[] = [];
  for (const argument of Array.isArray(list) ? list.filter(isObject) : []) {
    const value = argumentValue(argument);
    const required = argument.isRequired === true;
    if (argument.type === 'positional') {
      const hint = typeof argument.valueHint === 'string' ? argument.valueHint : 'value';
      if (value !== null) words.push(value);
      else if (required) words.push(placeholderValue(hint));
    } else if (argument.type === 'named' && typeof argument.name === 'string') {
      if (value !== null) words.push(argument.name, value);
      else if (typeof argument.valueHint !== 'string') words.push(argument.name);
      else if (required) words.push(argument.name, placeholderValue(argument.name.replace(/^-+/, '')));
      // A named argument with neither value nor value hint is a switch the publisher lists to be given.
    }
  }
  return words;
}

const LOOPBACK = ['localhost', '127.0.0.1', '0.0.0.0', '[::1]'];

/** A loopback URL's port and path; null for another host. */
function loopbackAddress(url: string): { port: number; path: string } | null {
  try {
    const parsed = new URL(url);
    if (!LOOPBACK.includes(parsed.hostname)) return null;
    return { port: Number(parsed.port || 80), path: parsed.pathname || '/mcp' };
  } catch {
    return null;
  }
}

/**
 * The URL's `{PORT}` is filled from the variable of that name the package gets; a variable with
 * no numeric value (or none at all) is set to the evaluator's choice, so the server listens where
 * the client looks. With no URL, the SDK's usual `http://localhost:{PORT or 8080}/mcp`.
 */
function httpTransport(transport: Json, env: Record<string, string>): { port: number; path: string } | null {
  const raw = typeof transport.url === 'string' ? transport.url : '';
  const url = raw.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const key = name in env ? name : name.toUpperCase();
    if (!/^\d{1,5}$/.test(env[key] ?? '') && VARIABLE_NAME.test(key) && !RESERVED_VARIABLE.test(key))
      env[key] = String(DEFAULT_HTTP_PORT);
    return env[key] ?? String(DEFAULT_HTTP_PORT);
  });
  if (raw === '') {
    env.PORT = /^\d{1,5}$/.test(env.PORT ?? '') ? env.PORT! : String(DEFAULT_HTTP_PORT);
    return { port: Number(env.PORT), path: '/mcp' };
  }
  return loopbackAddress(url);
}

/** What `server.json` says about starting the npm package `npmName`. */
export function hintsFromServerJson(serverJson: unknown, npmName: string): LaunchHints | null {
  if (!isObject(serverJson) || !Array.isArray(serverJson.packages)) return null;
  const entry = serverJson.packages
    .filter(isObject)
    .find((candidate) => candidate.registryType === 'npm' && candidate.identifier === npmName);
  if (!entry) return null;
  const args = cleanArgs(packageArguments(entry.packageArguments));
  const env = cleanEnv(
    (Array.isArray(entry.environmentVariables) ? entry.environmentVariables.filter(isObject) : []).flatMap(
      (variable): [string, string][] => {
        if (typeof variable.name !== 'string') return [];
        const value = argumentValue(variable);
        // An optional variable with no value is left out: the server has a default.
        if (value === null && variable.isRequired !== true) return [];
        return [[variable.name, value ?? placeholderValue(variable.name)]];
      },
    ),
  );
  const transport = isObject(entry.transport) ? entry.transport : {};
  const type = typeof transport.type === 'string' ? transport.type : 'stdio';
  const hints: LaunchHints = { args: args && args.length > 0 ? args : null, env };
  if (type === 'streamable-http') {
    const http = httpTransport(transport, env);
    if (http) hints.http = http;
    else hints.unsupportedTransport = `${type} at a non-local URL`;
  } else if (type !== 'stdio') hints.unsupportedTransport = type;
  return hints;
}

// ---------------------------------------------------------------------------------------------
// README

/** JSON as READMEs write it: comments and trailing commas allowed. */
function looseJson(text: string): unknown {
  const cleaned = text
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/("(?:[^"\\]|\\.)*")|\/\*[\s\S]*?\*\//g, (_match, quoted: string | undefined) => quoted ?? '')
    .replace(/,(\s*[}\]])/g, '$1');
  try {
    return JSON.parse(cleaned);
  } catch {
    return null;
  }
}

/** Client entries in a configuration block: `mcpServers` (Claude, Cursor), `servers` (VS Code), `mcp.servers`. */
function serverEntries(config: unknown): Json[] {
  if (!isObject(config)) return [];
  const maps = [config.mcpServers, config.servers, isObject(config.mcp) ? config.mcp.servers : undefined];
  return maps.filter(isObject).flatMap((map) => Object.values(map).filter(isObject));
}

const LAUNCHERS = new Set(['npx', 'bunx', 'pnpx']);
/** Options of npx and friends that take no value: skipped before the package. */
const LAUNCHER_SWITCHES =
  /^(?:-y|--yes|-q|--quiet|--silent|--prefer-offline|--prefer-online|--no-install|--registry=.*|--node-options=.*)$/;

/** The arguments after the package in `npx -y pkg args…`, `npx --package pkg -- bin args…`, `pnpm dlx pkg args…`. */
function argsAfterPackage(
  command: string,
  args: readonly string[],
  npmName: string,
  bins: readonly string[],
): string[] | null {
  let words = [...args];
  const name = command.split(/[\\/]/).pop() ?? command;
  if (name === 'pnpm' || name === 'yarn') {
    if (words[0] !== 'dlx') return null;
    words = words.slice(1);
  } else if (name === 'npm') {
    if (words[0] !== 'exec') return null;
    words = words.slice(1);
  } else if (!LAUNCHERS.has(name)) {
    // The package's own bin, installed globally.
    return bins.includes(name) ? words : null;
  }
  const packageFlag = words.findIndex((word) => word === '--package' || word === '-p');
  if (packageFlag !== -1 && unversioned(words[packageFlag + 1] ?? '') === npmName) {
    const dashes = words.indexOf('--', packageFlag);
    const rest = dashes === -1 ? words.slice(packageFlag + 2) : words.slice(dashes + 1);
    return rest.length > 0 && bins.includes(rest[0]!) ? rest.slice(1) : rest;
  }
  if (words.some((word) => word.startsWith('--package='))) {
    const spec = words.find((word) => word.startsWith('--package='))!.slice('--package='.length);
    if (unversioned(spec) !== npmName) return null;
    const dashes = words.indexOf('--');
    const rest = dashes === -1 ? [] : words.slice(dashes + 1);
    return rest.length > 0 && bins.includes(rest[0]!) ? rest.slice(1) : rest;
  }
  let index = 0;
  while (index < words.length && LAUNCHER_SWITCHES.test(words[index]!)) index += 1;
  if (unversioned(words[index] ?? '') !== npmName) return null;
  return words.slice(index + 1);
}

const FENCE = /```[\w-]*\s*\n([\s\S]*?)```/g;

/** A client entry that points at a server on the user's own machine (`"url": "http://localhost:3001/mcp"`). */
function localUrlEntry(entry: Json): { port: number; path: string } | null {
  const url =
    typeof entry.url === 'string' ? entry.url : typeof entry.serverUrl === 'string' ? entry.serverUrl : null;
  if (!url || entry.type === 'sse' || /\/sse\/?$/.test(url)) return null;
  return loopbackAddress(url);
}

/**
 * What the README's client configuration says about starting `npmName`: its first entry that runs
 * the package; else, when the README only gives a local URL (the package is started by hand and
 * clients connect to it), that URL's port and path, to start it for Streamable HTTP.
 */
export function hintsFromReadme(
  readme: string,
  npmName: string,
  bins: readonly string[],
): LaunchHints | null {
  let local: { port: number; path: string } | null = null;
  for (const block of readme.matchAll(FENCE)) {
    if (!/mcpServers|"servers"/.test(block[1]!)) continue;
    for (const entry of serverEntries(looseJson(block[1]!))) {
      const command = typeof entry.command === 'string' ? entry.command : null;
      const args = strings(entry.args) ?? [];
      if (!command) {
        local ??= localUrlEntry(entry);
        continue;
      }
      const after = argsAfterPackage(command, args, npmName, bins);
      if (after === null) continue;
      const cleaned = cleanArgs(after);
      if (cleaned === null) continue;
      const env = isObject(entry.env)
        ? cleanEnv(
            Object.entries(entry.env).map(([name, value]): [string, string] => [
              name,
              typeof value === 'string' ? value : placeholderValue(name),
            ]),
          )
        : {};
      return { args: cleaned.length > 0 ? cleaned : null, env };
    }
  }
  if (!local) return null;
  return {
    args: null,
    // Most servers take their port from PORT: the one the README names is where clients look.
    env: { PORT: String(local.port) },
    http: local,
  };
}

// ---------------------------------------------------------------------------------------------
// The catalogue's configuration

export function hintsFromConfiguration(configuration: PackageConfiguration | undefined): LaunchHints | null {
  if (!configuration) return null;
  const env = cleanEnv(
    (configuration.environment ?? [])
      .filter((setting) => setting.required !== false)
      .map((setting): [string, string] => [setting.name, placeholderValue(setting.name)]),
  );
  const words = (configuration.arguments ?? [])
    .filter((setting) => setting.required !== false)
    .flatMap((setting) => {
      const value = /path|folder|dir/i.test(`${setting.name} ${setting.description}`)
        ? WORKDIR
        : placeholderValue(setting.name);
      return setting.flag ? [setting.flag, value] : [value];
    });
  const args = cleanArgs(words);
  if (Object.keys(env).length === 0 && (args === null || args.length === 0)) return null;
  return { args: args && args.length > 0 ? args : null, env };
}

/**
 * One plan from the sources, most specific first: arguments from the first source that gives
 * any (server.json, then the README, then the catalogue); variables from all of them, the first
 * value seen winning; the transport from server.json.
 */
export function planLaunch(sources: Partial<Record<LaunchSource, LaunchHints | null>>): LaunchPlan {
  const order: LaunchSource[] = ['server.json', 'readme', 'catalogue'];
  const plan: LaunchPlan = { args: [], argsFrom: 'none', env: {}, envFrom: [] };
  for (const source of order) {
    const hints = sources[source];
    if (!hints) continue;
    if (plan.argsFrom === 'none' && hints.args) {
      plan.args = hints.args;
      plan.argsFrom = source;
    }
    const added = Object.entries(hints.env).filter(([name]) => !(name in plan.env));
    if (added.length > 0) {
      Object.assign(plan.env, Object.fromEntries(added));
      plan.envFrom.push(source);
    }
    if (hints.http && !plan.http) {
      plan.http = hints.http;
      plan.httpFrom = source;
    }
    if (hints.unsupportedTransport && !plan.unsupportedTransport)
      plan.unsupportedTransport = hints.unsupportedTransport;
  }
  return plan;
}

/**
 * The loopback address a server announced in the line that says it serves HTTP ("listening on
 * http://localhost:3001/mcp", "Server running on port 3000"), to start it again for Streamable
 * HTTP; null when the line names no port on this machine. A bare port gets the SDK's usual /mcp.
 */
export function announcedAddress(line: string): { port: number; path: string } | null {
  const url = /\bhttps?:\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1?\]):(\d{1,5})(\/[^\s"'<>)]*)?/i.exec(
    line,
  );
  if (url) {
    const path = (url[2] ?? '').replace(/[.,;:!]+$/, '');
    return { port: Number(url[1]), path: path === '' || path === '/' ? '/mcp' : path };
  }
  const port = /\b(?:port\s*:?\s*|(?:localhost|127\.0\.0\.1|0\.0\.0\.0):)(\d{2,5})\b/i.exec(line);
  return port ? { port: Number(port[1]), path: '/mcp' } : null;
}
