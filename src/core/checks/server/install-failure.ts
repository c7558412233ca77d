/**
 * Why a package could not be installed, said as specifically as why a server did not start
 * (start-failure.ts), so that it becomes the same public failure record with the same back-off:
 * the package or version is gone from the registry, a dependency comes from a host the install
 * cannot reach (a private git server, a tarball URL), its native build needs a toolchain the
 * evaluating machine lacks, or npm refused it for another reason it states. The line that
 * matters is quoted (npm's framing and node-gyp's stack left out). A failure that says nothing
 * about the package (the registry did not answer, the machine was busy) is null: the worker
 * retries it privately instead of publishing it. Pure.
 */
import { escapeInvisible } from '../escape-text.ts';
import { QUOTE_CHARS, type StartFailure, stripAnsi } from './start-failure.ts';

export interface InstallObservation {
  /** The npm step: `view` (the version's metadata), `install` (fetching the tree), `scripts` (install scripts). */
  step: 'view' | 'install' | 'scripts';
  /** `name@version` as asked for. */
  spec: string;
  /** The registry's host (`registry.npmjs.org`, `127.0.0.1:4873`). */
  registryHost: string;
  code: number | null;
  stderr: string;
  /** `npm view` answered with nothing: the version does not exist. */
  emptyView?: boolean;
}

/** npm's and node-gyp's framing, which never says what went wrong. */
const FRAMING =
  /A complete log of this run|^npm (?:error|ERR!) (?:command|path|cwd|syscall|errno|signal)\b|^npm (?:error|ERR!)\s*$|^(?:npm error )?gyp ERR! (?:cwd|node -v|node-gyp -v|not ok|System|command|stack\s+at)\b|^(?:npm (?:warn|notice))\b|^\(node:\d+\)|^\s*at\s/;

function lines(text: string): string[] {
  return stripAnsi(text)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !FRAMING.test(line));
}

function quoted(line: string): string {
  const text = escapeInvisible(line.replace(/^npm (?:error|ERR!)\s+/, ''));
  return text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text;
}

const GONE =
  /\bE404\b|\b404 Not Found\b|is not in (?:this|the npm) registry|\bETARGET\b|No matching version found|\bunpublished\b/i;
const UNREACHABLE =
  /\b(?:403 Forbidden|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|EHOSTUNREACH)\b|is not reachable from install steps|Could not resolve host|unable to access '|Permission denied \(publickey\)|git (?:ls-remote|clone)\b.*(?:failed|exit)|fatal: (?:could not read|repository)/i;
const TLS_TRUST =
  /\b(?:SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT(?:_LOCALLY)?|UNABLE_TO_VERIFY_LEAF_SIGNATURE|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_TLS_CERT_ALTNAME_INVALID)\b|self[- ]signed certificate|unable to verify the first certificate/i;
const URL = /\b(?:https?|git\+ssh|git\+https|ssh|git):\/\/(?:[^@\s/]+@)?([^/\s:'"]+)(?::\d+)?/i;
const TOOLCHAINS: readonly [string, RegExp][] = [
  [
    'python3',
    /gyp ERR! find Python|Could not find any Python|python3?: (?:not found|No such file)|spawn python3? ENOENT/i,
  ],
  ['make', /not found: make\b|make: (?:not found|No such file)|spawn make ENOENT|\bmake: command not found/i],
  [
    'a C/C++ compiler',
    /\b(?:g\+\+|gcc|cc|c\+\+|clang\+?\+?)(?::| command)? (?:command )?not found|\b(?:g\+\+|gcc|cc|c\+\+): No such file or directory|No (?:C|C\+\+) compiler|make: (?:g\+\+|cc|gcc): No such file|unable to find (?:a )?(?:C\+\+ )?compiler/i,
  ],
  ['node-gyp', /node-gyp: (?:not found|command not found)|spawn node-gyp ENOENT/i],
];

const RESOLVE = /\bresolve host(?:name)?:?\s+'?([A-Za-z0-9.-]+\.[A-Za-z]{2,})/i;

function hostOf(line: string): string | null {
  return (URL.exec(line)?.[1] ?? RESOLVE.exec(line)?.[1])?.toLowerCase() ?? null;
}

const ADVICE = {
  gone: (spec: string) =>
    `The registry no longer has ${spec} (removed, unpublished, or a version that never existed). Maintainers: publish it again, or deprecate the package so catalogues stop listing it. The catalogue entry is retried on the usual schedule and when a new version appears.`,
  unreachable: (host: string) =>
    `A dependency comes from ${host}, which an evaluating machine cannot reach: install steps reach only the npm registry and the hosts packages commonly download from (GitHub's tarballs, prebuilt binaries). Maintainers: publish that dependency to npm (or bundle it) instead of depending on a git server or a URL.`,
  toolchain: (tool: string) =>
    `An install script builds native code and needs ${tool}, which the evaluating machine does not provide to the sandbox. Maintainers: ship prebuilt binaries (prebuildify, node-pre-gyp) so installs need no compiler. Evaluators: install ${tool} (build-essential and python3 on Debian) and evaluate again.`,
  npm: () =>
    'npm refused to install it; the quoted line is its reason (a peer-dependency conflict, an unsupported platform or Node version, a corrupt tarball). Maintainers: install the published version in a clean folder with `npm install <name>@<version>` to see the same error.',
} as const;

function failure(
  cls: StartFailure['class'],
  reason: string,
  quote: string | null,
  advice: string,
  extra: Partial<StartFailure> = {},
): StartFailure {
  return { class: cls, reason, ...(quote ? { quote } : {}), ...extra, advice };
}

/** The classified install failure, or null when it was transient (retried privately, never published). */
export function classifyInstallFailure(observation: InstallObservation): StartFailure | null {
  const all = lines(observation.stderr);
  const { spec } = observation;
  if (observation.step === 'scripts') {
    for (const [tool, pattern] of TOOLCHAINS) {
      const line = all.find((candidate) => pattern.test(candidate));
      if (line)
        return failure(
          'needs-toolchain',
          `Its install scripts failed: the native build needs ${tool}; "${quoted(line)}"`,
          quoted(line),
          ADVICE.toolchain(tool),
          { runtime: tool },
        );
    }
    const line = all.find((candidate) => /\berr(?:or|!)|failed|cannot|not found/i.test(candidate)) ?? all[0];
    return line
      ? failure(
          'install-failed',
          `Its install scripts failed (exit ${observation.code ?? '?'}); "${quoted(line)}"`,
          quoted(line),
          ADVICE.npm(),
        )
      : null;
  }
  if (observation.emptyView) {
    return failure(
      'package-gone',
      `The npm registry has no ${spec}: npm view answered with nothing.`,
      null,
      ADVICE.gone(spec),
    );
  }
  // npm's `code E404` line names the code; the line after it says what was not found.
  const telling = all.filter((line) => !/^npm (?:error|ERR!) code\b/.test(line));
  const gone = telling.find((line) => GONE.test(line)) ?? all.find((line) => GONE.test(line));
  if (
    gone &&
    (observation.step === 'view' ||
      hostOf(gone) === null ||
      hostOf(gone) === hostOnly(observation.registryHost))
  ) {
    // A 404 for the package itself; one for a dependency on the registry is a broken dependency.
    const own = observation.step === 'view' || mentions(gone, spec);
    return own
      ? failure(
          'package-gone',
          `The npm registry has no ${spec}; "${quoted(gone)}"`,
          quoted(gone),
          ADVICE.gone(spec),
        )
      : failure(
          'install-failed',
          `A dependency of ${spec} is missing from the registry; "${quoted(gone)}"`,
          quoted(gone),
          ADVICE.npm(),
        );
  }
  const unreachable =
    telling.find((line) => UNREACHABLE.test(line)) ?? all.find((line) => UNREACHABLE.test(line));
  if (unreachable) {
    // npm names the URL in a line of its framing (`npm error command git ls-remote ssh://…`).
    const raw = stripAnsi(observation.stderr).split(/\r?\n/);
    const host = hostOf(unreachable) ?? hostOf(raw.find((line) => hostOf(line) !== null) ?? '');
    // The registry itself not answering says nothing about the package: retried privately.
    if (host === null || host === hostOnly(observation.registryHost)) return null;
    return failure(
      'unreachable-dependency',
      `A dependency of ${spec} comes from ${host}, which the install could not reach; "${quoted(unreachable)}"`,
      quoted(unreachable),
      ADVICE.unreachable(host),
      { runtime: host },
    );
  }
  if (/\b(?:5\d\d|EPIPE|EINTR|ENOSPC|ENOMEM)\b/.test(observation.stderr)) return null;
  // A certificate npm could not verify is the evaluating machine's trust store (or a proxy in
  // its path), never the package: retried privately, never published against it.
  if (TLS_TRUST.test(observation.stderr)) return null;
  const code = all.find((line) => /^npm (?:error|ERR!) code\b/.test(line));
  const line = all.find((candidate) => /^npm (?:error|ERR!)/.test(candidate) && candidate !== code) ?? code;
  if (!line) return null;
  return failure(
    'install-failed',
    `npm could not install ${spec}${code ? ` (${code.replace(/^npm (?:error|ERR!) code\s*/, '')})` : ''}; "${quoted(line)}"`,
    quoted(line),
    ADVICE.npm(),
  );
}

function hostOnly(hostWithPort: string): string {
  return hostWithPort.replace(/:\d+$/, '').toLowerCase();
}

function mentions(line: string, spec: string): boolean {
  const name = spec.replace(/@[^@/]*$/, '');
  return (
    line.includes(name) || line.includes(encodeURIComponent(name)) || line.includes(name.replace('/', '%2f'))
  );
}
