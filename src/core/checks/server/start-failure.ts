/**
 * Why a server did not start, said specifically: the line that matters quoted (the first error
 * line on stderr, or what it printed on stdout instead of JSON-RPC, such as its usage), a class
 * a maintainer and the queue can act on (missing variable NAME, needs Python, needs arguments,
 * serves HTTP only, native module, timed out after N s, exited with code N), and advice that fits
 * the symptom. Pure: the evaluator gathers the observation, this reads it.
 */
import { escapeInvisible } from '../escape-text.ts';

export const START_FAILURE_CLASSES = [
  'missing-variable',
  'needs-runtime',
  'needs-arguments',
  'http-only',
  'http-endpoint',
  'native-module',
  'missing-module',
  'timed-out',
  'exited',
  'killed',
  'closed',
  'no-command',
  // The install failed, so nothing could start (install-failure.ts).
  'package-gone',
  'unreachable-dependency',
  'needs-toolchain',
  'install-failed',
] as const;
export type StartFailureClass = (typeof START_FAILURE_CLASSES)[number];

/** The classes of a package that could not be installed, so never got to start. */
export const INSTALL_FAILURE_CLASSES: readonly StartFailureClass[] = [
  'package-gone',
  'unreachable-dependency',
  'needs-toolchain',
  'install-failed',
];

/** "did not start" or "could not be installed", for sentences about a failure record. */
export function failedTo(cls: string): 'did not start' | 'could not be installed' {
  return (INSTALL_FAILURE_CLASSES as readonly string[]).includes(cls)
    ? 'could not be installed'
    : 'did not start';
}

/** What the evaluator saw of a start that did not initialize. */
export interface StartObservation {
  /** What the MCP client reported: "Connection closed", "initialize took longer than 10 s". */
  clientError: string;
  /** The client gave up waiting (the process may still run). */
  timedOut: boolean;
  /** How long the longest attempt waited, in milliseconds. */
  waitedMs: number;
  /** How the process ended; null when it was still running when the client gave up. */
  exit: { code: number | null; signal: string | null } | null;
  /** Its stderr: the start and the end of it when it was long. */
  stderr: string;
  /** Lines it printed on stdout that were not JSON-RPC messages (over HTTP: its first lines). */
  stdout: readonly string[];
  /** Started for Streamable HTTP: the address the client tried (on the sandbox's loopback). */
  url?: string;
}

export interface StartFailure {
  class: StartFailureClass;
  /** One sentence: what happened, quoting the line that says why. */
  reason: string;
  /** The quoted line, ANSI codes stripped and invisible characters escaped. */
  quote?: string;
  /** missing-variable: the variable's name. */
  variable?: string;
  /** needs-runtime, needs-toolchain: the program it needs (python3, uv, make…); unreachable-dependency: the host. */
  runtime?: string;
  /** What the maintainer or the evaluator can do about it. */
  advice: string;
}

/** Longest quote kept: enough for a whole error line, short enough for a queue row. */
export const QUOTE_CHARS = 240;

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
const ANSI = /\u001B(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)|[@-Z\\-_])/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

function lines(text: string): string[] {
  return stripAnsi(text)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function quoted(line: string): string {
  const escaped = escapeInvisible(line);
  return escaped.length > QUOTE_CHARS ? `${escaped.slice(0, QUOTE_CHARS - 1)}…` : escaped;
}

/** Stack frames, Node's warnings and npm's framing say nothing about the cause. */
const NOISE =
  /^at\s|^\^+$|^node:internal|ExperimentalWarning|DeprecationWarning|^\(Use `node --trace|^Node\.js v\d|^npm (?:notice|warn)|^\s*[{}[\],]\s*$|^\d+\s*\|/;
const ERRORISH =
  /\b(?:error|err!|fatal|exception|panic|failed|failure|cannot|can't|could not|couldn't|unable|not found|missing|required|invalid|denied|refused|must|please set|no such)\b/i;

/**
 * The first line that reads like an error, else the first line that is not noise. A line that
 * only introduces the cause ("Error initializing the server:") is joined with the line after it,
 * which says what went wrong.
 */
export function firstErrorLine(text: string): string | null {
  const meaningful = lines(text).filter((line) => !NOISE.test(line));
  const at = meaningful.findIndex((line) => ERRORISH.test(line));
  const line = meaningful[at === -1 ? 0 : at];
  if (line === undefined) return null;
  const next = meaningful[(at === -1 ? 0 : at) + 1];
  return line.endsWith(':') && next !== undefined ? `${line} ${next}` : line;
}

/** A variable name as servers print them: upper case with an underscore (GITHUB_TOKEN, API_KEY). */
const VARIABLE = /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g;
const ABOUT_VARIABLES =
  /\b(?:env(?:ironment)?(?:\s+var(?:iable)?s?)?|variable|is not set|not set|is required|required|missing|must be (?:set|provided)|not (?:provided|defined|found|configured)|undefined)\b/i;
/** Names that look like variables but are error codes or constants. */
const NOT_VARIABLES =
  /^(?:ERR_[A-Z_]+|E[A-Z]+|MODULE_NOT_FOUND|NODE_OPTIONS|NODE_ENV|PATH|HOME|HTTP_\d+|ENOENT|EACCES|SIGTERM|SIGKILL)$/;

function missingVariable(all: readonly string[]): { name: string; line: string } | null {
  for (const line of all) {
    if (NOISE.test(line) || !ABOUT_VARIABLES.test(line)) continue;
    for (const match of line.matchAll(VARIABLE)) {
      const name = match[1]!;
      if (!NOT_VARIABLES.test(name)) return { name, line };
    }
  }
  return null;
}

const RUNTIMES: readonly [string, RegExp][] = [
  ['uv', /\b(?:uvx?)(?::| command)? (?:command )?not found|spawn uvx? ENOENT|\buvx?: No such file/i],
  [
    'python3',
    /\bpython[\d.]*(?::| command)? (?:command )?not found|spawn python[\d.]* ENOENT|\bpython[\d.]*: No such file|requires python|Python (?:is )?(?:not installed|was not found)/i,
  ],
  [
    'docker',
    /\bdocker(?::| command)? (?:command )?not found|spawn docker ENOENT|Cannot connect to the Docker daemon/i,
  ],
  ['java', /\bjava(?::| command)? (?:command )?not found|spawn java ENOENT|No Java runtime/i],
  ['deno', /\bdeno(?::| command)? (?:command )?not found|spawn deno ENOENT/i],
  ['bun', /\bbunx?(?::| command)? (?:command )?not found|spawn bunx? ENOENT/i],
];

function neededRuntime(all: readonly string[]): { runtime: string; line: string } | null {
  for (const line of all) {
    for (const [runtime, pattern] of RUNTIMES) if (pattern.test(line)) return { runtime, line };
  }
  return null;
}

const NATIVE =
  /Cannot find module '[^']*\.node'|\.node: (?:cannot open shared object|invalid ELF|undefined symbol)|NODE_MODULE_VERSION|compiled against a different Node\.js version|Could not locate the bindings file|No native build was found|prebuilds? (?:not found|could not)|Error loading shared library/i;
const MISSING_MODULE = /Cannot find (?:module|package) '([^']+)'|ERR_MODULE_NOT_FOUND/;
const HTTP_SERVING =
  /\b(?:listening|running|started|serving|available|ready)\b[^\n]{0,40}\b(?:on|at)\b[^\n]{0,20}(?:https?:\/\/|port\s*:?\s*\d+|localhost:\d+|127\.0\.0\.1:\d+|0\.0\.0\.0:\d+)|\b(?:Streamable HTTP|SSE) (?:server|transport)\b[^\n]{0,40}\b(?:listening|running|started|on|at)\b/i;
const USAGE =
  /^(?:usage|USAGE)\b:?|^Usage of\b|^\s*(?:Commands|COMMANDS|Subcommands|Available commands):?\s*$|\b(?:missing|unknown|expected|requires?) (?:a )?(?:sub)?command\b|\bRun '[^']+ --help'|\bSee '[^']+ --help'|\brequired option '[^']+' not specified|\b[Mm]issing required argument\b|\bNot enough non-option arguments\b|\b(?:[Uu]nknown|[Uu]nrecognized) option\b/;

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

function how(observation: StartObservation): string {
  const { exit } = observation;
  const at = observation.url ? ` at ${observation.url}` : '';
  if (!exit) return `did not answer initialize${at} within ${seconds(observation.waitedMs)}`;
  if (exit.signal) return `was killed by ${exit.signal} before answering initialize`;
  return `exited with code ${exit.code ?? '?'} before answering initialize`;
}

function sentence(what: string, quote: string | null, where: 'stderr' | 'stdout'): string {
  return quote ? `The server ${what}; ${where}: "${quote}"` : `The server ${what}.`;
}

const ADVICE: Readonly<Record<StartFailureClass, (detail: string) => string>> = {
  'missing-variable': (name) =>
    `It needs the variable ${name}. Maintainers: declare it in server.json (packages[].environmentVariables) or the README's client configuration, so evaluators pass a placeholder. Evaluators: run again with --env ${name}=<placeholder>; a placeholder is enough to list tools.`,
  'needs-runtime': (runtime) =>
    `It runs ${runtime}, which this machine does not provide to the sandbox. Install ${runtime} on the evaluating machine (the sandbox sees its system folders), or evaluate the package where it is published for that runtime (PyPI for uv and Python).`,
  'needs-arguments': () =>
    'It printed its usage instead of starting: it needs a subcommand or arguments (such as start or --stdio). Maintainers: give them in server.json (packageArguments) or in the README\'s client configuration ("args"). Evaluators: pass them after --.',
  'http-only': () =>
    'It serves HTTP (Streamable HTTP or SSE) rather than stdio. If it has a stdio switch (often --stdio), give it in server.json or the README\'s "args", or pass it after --; otherwise declare transport streamable-http in server.json, or evaluate its URL.',
  'http-endpoint': (url) =>
    `It runs, but ${url} did not answer as a Streamable HTTP MCP endpoint: it listens on another port or path, or speaks only the old SSE transport. Maintainers: give the address in server.json (packages[].transport.url, with {PORT} for the port variable) or the README's client configuration ("url"). Evaluators: a server with a stdio switch can be started with it after --.`,
  'native-module': () =>
    'A native module did not load: its install script must build it (node-gyp needs Python, make and a C/C++ compiler on the evaluating machine) or download a prebuilt binary. Look at the install scripts the evaluation notes.',
  'missing-module': (name) =>
    `A module it imports (${name}) is not installed: the published package misses a dependency in package.json, or ships files that import development-only code.`,
  'timed-out': () =>
    'It kept running without answering initialize on stdin/stdout: it may wait for a login in a browser, a network service (the sandbox has none), or serve on a port instead of stdio. The quoted output, if any, says which.',
  exited: () =>
    'It stopped before the MCP handshake. The quoted line is its own explanation; if it asks for configuration, pass it with --env NAME=<placeholder> or after --.',
  killed: () =>
    'A signal ended it: the sandbox stops a server at its memory, CPU or time limit (see the evaluation’s sandbox facts), or it crashed.',
  closed: () =>
    'It closed the connection without saying why (nothing on stderr). Run it by hand to see what it needs.',
  'no-command': () =>
    'Its package.json declares no bin, so there is no command an MCP client can run with npx: it may be a library for building servers, or a server started some other way. Maintainers: add a bin (the command of the README\'s client configuration). Evaluators: evaluate the command that starts it with stdio:"<command>".',
  // Install failures carry their own advice (install-failure.ts); these are the fallbacks.
  'package-gone': () => 'The registry no longer has this version.',
  'unreachable-dependency': (host) => `A dependency comes from ${host}, which the install could not reach.`,
  'needs-toolchain': (tool) => `Its native build needs ${tool}.`,
  'install-failed': () => 'npm could not install it; the quoted line says why.',
};

function failure(
  cls: StartFailureClass,
  reason: string,
  quote: string | null,
  detail = '',
  extra: Partial<StartFailure> = {},
): StartFailure {
  return {
    class: cls,
    reason,
    ...(quote ? { quote } : {}),
    ...extra,
    advice: ADVICE[cls](detail),
  };
}

/** A package that declares no bin: nothing was started, so nothing to read but the manifest. */
export function noCommandFailure(packageName: string): StartFailure {
  return failure(
    'no-command',
    `The package ${escapeInvisible(packageName).slice(0, QUOTE_CHARS)} declares no bin in its package.json, so there was no command to start.`,
    null,
  );
}

/** Reads a failed start: the most specific explanation the output supports. */
export function classifyStartFailure(observation: StartObservation): StartFailure {
  const errLines = lines(observation.stderr);
  const outLines = observation.stdout.flatMap((line) => lines(line));
  const all = [...errLines, ...outLines];
  const what = how(observation);

  const variable = missingVariable(all);
  if (variable) {
    const where = errLines.includes(variable.line) ? 'stderr' : 'stdout';
    const quote = quoted(variable.line);
    return failure(
      'missing-variable',
      `The server ${what}: it needs the variable ${variable.name}; ${where}: "${quote}"`,
      quote,
      variable.name,
      { variable: variable.name },
    );
  }
  const runtime = neededRuntime(all);
  if (runtime) {
    const quote = quoted(runtime.line);
    return failure(
      'needs-runtime',
      `The server ${what}: it needs ${runtime.runtime}; "${quote}"`,
      quote,
      runtime.runtime,
      { runtime: runtime.runtime },
    );
  }
  const native = all.find((line) => NATIVE.test(line));
  if (native) {
    const quote = quoted(native);
    return failure('native-module', `The server ${what}: a native module did not load; "${quote}"`, quote);
  }
  const missing = all.find((line) => MISSING_MODULE.test(line));
  if (missing) {
    const quote = quoted(missing);
    const name = MISSING_MODULE.exec(missing)?.[1] ?? 'a module';
    return failure(
      'missing-module',
      `The server ${what}: it imports ${name}, which is not installed; "${quote}"`,
      quote,
      name,
    );
  }
  if (observation.url && !observation.exit && !observation.timedOut) {
    const said = escapeInvisible(observation.clientError).slice(0, QUOTE_CHARS);
    const line = all.find((candidate) => HTTP_SERVING.test(candidate)) ?? firstErrorLine(observation.stderr);
    const quote = line ? quoted(line) : null;
    return failure(
      'http-endpoint',
      `The server runs, but ${observation.url} did not answer initialize (${said})${quote ? `; it said: "${quote}"` : ''}`,
      quote,
      observation.url,
    );
  }
  const serving = observation.url ? undefined : all.find((line) => HTTP_SERVING.test(line));
  if (serving) {
    const quote = quoted(serving);
    return failure(
      'http-only',
      `The server ${what}: it serves HTTP instead of stdio; ${outLines.includes(serving) ? 'stdout' : 'stderr'}: "${quote}"`,
      quote,
    );
  }
  const usage = all.find((line) => USAGE.test(line));
  if (usage) {
    const quote = quoted(usage);
    return failure(
      'needs-arguments',
      `The server ${what}: it printed its usage instead of starting; ${outLines.includes(usage) ? 'stdout' : 'stderr'}: "${quote}"`,
      quote,
    );
  }
  const errorLine = firstErrorLine(observation.stderr);
  const strayLine = outLines[0] ?? null;
  const quote = errorLine ? quoted(errorLine) : strayLine ? quoted(strayLine) : null;
  const where = errorLine ? 'stderr' : 'stdout';
  if (!observation.exit && observation.timedOut) {
    const found = failure('timed-out', sentence(what, quote, where), quote);
    if (observation.url)
      found.advice = `It kept running without answering at ${observation.url}: it may listen on another port or path than its launch plan says (the port comes from the plan's PORT variable or --port argument), wait for a login in a browser, or need a network service (the sandbox has none). The quoted output, if any, says which.`;
    return found;
  }
  if (observation.exit?.signal) return failure('killed', sentence(what, quote, where), quote);
  if (observation.exit) return failure('exited', sentence(what, quote, where), quote);
  const said = escapeInvisible(observation.clientError).slice(0, QUOTE_CHARS);
  return failure(
    'closed',
    quote
      ? sentence(`closed the connection (${said})`, quote, where)
      : `The server closed the connection: ${said}.`,
    quote,
  );
}

/** A short label for lists and the queue: "missing variable GITHUB_TOKEN", "timed out". */
export function failureLabel(found: Pick<StartFailure, 'class' | 'variable' | 'runtime'>): string {
  switch (found.class) {
    case 'missing-variable':
      return `missing variable ${found.variable ?? ''}`.trim();
    case 'needs-runtime':
      return `needs ${found.runtime ?? 'another runtime'}`;
    case 'needs-arguments':
      return 'needs arguments (printed its usage)';
    case 'http-only':
      return 'serves HTTP only';
    case 'http-endpoint':
      return 'no MCP endpoint at its HTTP address';
    case 'native-module':
      return 'native module did not load';
    case 'missing-module':
      return 'missing dependency';
    case 'timed-out':
      return 'timed out in initialize';
    case 'exited':
      return 'exited before initialize';
    case 'killed':
      return 'killed before initialize';
    case 'closed':
      return 'closed the connection';
    case 'no-command':
      return 'declares no command to start';
    case 'package-gone':
      return 'gone from the registry';
    case 'unreachable-dependency':
      return `dependency from an unreachable host${found.runtime ? ` (${found.runtime})` : ''}`;
    case 'needs-toolchain':
      return `install needs ${found.runtime ?? 'a build toolchain'}`;
    case 'install-failed':
      return 'install failed';
  }
}
