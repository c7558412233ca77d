/**
 * `npm:` targets, in the sandbox from start to finish. The fetch step runs npm alone (`npm view`
 * for the exact version's digest, publication time, deprecation and provenance, then
 * `npm install --ignore-scripts`) with the evaluator's own npm cache and, as the only hosts it
 * can reach, the npm registry and GitHub's tarball host (dependencies given as GitHub repositories). The scripts step then runs the package's install scripts
 * (`npm rebuild`), so native modules build, without the cache and with the registry and the hosts
 * prebuilt binaries come from as the only reachable hosts. Without a sandbox (--no-sandbox) npm
 * runs on the host with a cache of its own and install scripts never run.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegistryFacts } from '../../core/checks/package/package-facts.ts';
import { classifyInstallFailure, type InstallObservation } from '../../core/checks/server/install-failure.ts';
import type { LimitHit } from '../../core/checks/server/sandbox-facts.ts';
import type { StartFailure } from '../../core/checks/server/start-failure.ts';
import { FETCH_HOSTS, SCRIPT_HOSTS, STEP_LIMITS, type StepName } from '../sandbox/sandbox-policy.ts';
import type { Sandbox } from '../sandbox.ts';

export interface NpmPackage {
  name: string;
  version: string;
  packageDir: string;
  digest: string;
  registry: RegistryFacts;
  /** Whether install scripts ran (in the sandbox), failed there, or were skipped. */
  scripts: 'ran' | 'failed' | 'none' | 'skipped';
  /** Why the install scripts failed, classified (a missing toolchain), when they did. */
  scriptsFailure?: StartFailure;
}

/**
 * The package could not be installed, for a reason that is the package's (gone from the registry,
 * a dependency from an unreachable host, npm's own refusal): published like a failed start.
 * Transient failures (the registry did not answer, the sandbox's limits on a busy machine) stay
 * plain errors, which the worker retries privately.
 */
export class InstallFailed extends Error {
  readonly failure: StartFailure;
  /** The exact version, when the registry said which one it was. */
  readonly version: string | null;
  constructor(failure: StartFailure, version: string | null) {
    super(failure.reason);
    this.failure = failure;
    this.version = version;
  }
}

type Classify = Pick<InstallObservation, 'step' | 'spec' | 'registryHost'> & { version: string | null };

/** The parts of the contributor's npm configuration the sandboxed npm needs: never credentials. */
export interface NpmSettings {
  registry: string;
  cafile?: string;
  strictSsl?: string;
  nodedir?: string;
  /**
   * `NODE_EXTRA_CA_CERTS` of the evaluator's environment: the certificates a proxy or an internal
   * registry needs, which npm does not read from its own configuration. Trust, not a credential.
   */
  extraCaCerts?: string;
}

const NPM_TIMEOUT_MS = 300_000;
const STDERR_LINES = 3;

function extraCaCerts(): Pick<NpmSettings, 'extraCaCerts'> {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  return file && existsSync(file) ? { extraCaCerts: file } : {};
}

/**
 * Reads registry, cafile, strict-ssl and nodedir from the contributor's npm configuration, and
 * the extra certificates Node is told to trust (an npm other than the system's may not see the
 * system's global npmrc, but every Node reads NODE_EXTRA_CA_CERTS).
 */
export function readNpmSettings(): Promise<NpmSettings> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['config', 'get', 'registry', 'cafile', 'strict-ssl', 'nodedir'],
      { timeout: 60_000 },
      (_error, stdout) => {
        const values = new Map<string, string>();
        for (const line of String(stdout ?? '').split('\n')) {
          const equals = line.indexOf('=');
          if (equals <= 0) continue;
          const value = line.slice(equals + 1).trim();
          if (value !== '' && value !== 'null' && value !== 'undefined')
            values.set(line.slice(0, equals).trim(), value);
        }
        resolve({
          registry: values.get('registry') ?? 'https://registry.npmjs.org/',
          ...(values.has('cafile') ? { cafile: values.get('cafile')! } : {}),
          ...(values.has('strict-ssl') ? { strictSsl: values.get('strict-ssl')! } : {}),
          ...(values.has('nodedir') ? { nodedir: values.get('nodedir')! } : {}),
          ...extraCaCerts(),
        });
      },
    );
  });
}

/** The registry as the install proxy allows it: its host, with the port when it is not 443 or 80. */
export function registryHost(registry: string): string {
  const url = new URL(registry);
  return url.port ? `${url.hostname}:${url.port}` : url.hostname;
}

export interface NpmRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** npm's and node-gyp's own framing of a failure (and Node's warnings), which say nothing about the cause. */
const NPM_BOILERPLATE =
  /A complete log of this run|^\(Use `node --trace-warnings|^\(node:\d+\) (?:\[[\w-]+\] )?\w*Warning:|^npm (?:error|ERR!) (?:command|path|code|errno|signal|cwd|syscall)\b|^npm (?:error|ERR!)\s*$|^(?:npm error )?gyp ERR! (?:cwd|node -v|node-gyp -v|not ok|System|command|stack)\b|^(?:npm error )?gyp ERR! \$npm_package_/;

/** The last lines that say something: npm's boilerplate and blank lines left out. */
export function lastLines(text: string, count = STDERR_LINES): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !NPM_BOILERPLATE.test(line))
    .slice(-count)
    .join(' ');
}

/** npm in the sandbox (or, without one, on the host with the evaluator's cache). */
function runNpm(
  sandbox: Sandbox,
  args: readonly string[],
  step: Extract<StepName, 'fetch' | 'scripts'>,
  cwd: string,
  settings: NpmSettings,
): Promise<NpmRun> {
  if (!sandbox.npmCli) return Promise.reject(new Error('npm was not found: install Node.js with npm'));
  const cache = step === 'fetch' ? sandbox.npmCacheDir : null;
  const env: Record<string, string> = {
    npm_config_registry: settings.registry,
    ...(settings.cafile ? { npm_config_cafile: settings.cafile } : {}),
    ...(settings.extraCaCerts ? { NODE_EXTRA_CA_CERTS: settings.extraCaCerts } : {}),
    ...(settings.strictSsl ? { npm_config_strict_ssl: settings.strictSsl } : {}),
    ...(settings.nodedir ? { npm_config_nodedir: settings.nodedir } : {}),
    npm_config_cache: cache ?? join(sandbox.home, '.npm'),
    // In the environment, not only on the command line, so that the npm that prepares a git
    // dependency (pacote runs `npm install` in its folder) runs no scripts either.
    ...(step === 'fetch' ? { npm_config_ignore_scripts: 'true' } : {}),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  if (!sandbox.contained) {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [sandbox.npmCli!, ...args],
        {
          cwd,
          timeout: NPM_TIMEOUT_MS,
          maxBuffer: 64 * 1024 * 1024,
          env: { ...sandbox.env, ...env },
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
  }
  const started = sandbox.spawn(sandbox.node, [sandbox.npmCli, ...args], {
    step,
    cwd,
    egress: true,
    env,
    npmCache: step === 'fetch',
  });
  started.child.stdin?.end();
  let stdout = '';
  let stderr = '';
  started.child.stdout?.setEncoding('utf8');
  started.child.stdout?.on('data', (chunk: string) => {
    if (stdout.length < 64 * 1024 * 1024) stdout += chunk;
  });
  started.child.stderr?.on('data', (chunk: Buffer | string) => {
    stderr = (stderr + String(chunk)).slice(-20_000);
  });
  return started.exited.then(async (exit) => {
    await Promise.race([started.closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    return { code: exit.code, stdout, stderr: exit.error ? exit.error : stderr };
  });
}

/**
 * Why an npm step failed: the sandbox's limit when it stopped npm (its last lines are then
 * whatever npm was printing, often warnings), else npm's last lines.
 */
export function npmFailure(command: string, run: NpmRun, stoppedBy: readonly LimitHit[]): string {
  if (stoppedBy.length > 0) {
    const limits = stoppedBy.map((hit) => `${hit.limit} limit (${hit.detail})`).join('; ');
    return `npm ${command} was stopped by the sandbox's ${limits}; on a busy machine, run it again`;
  }
  return `npm ${command} failed: ${lastLines(run.stderr) || `exit ${run.code}`}`;
}

async function npm(
  sandbox: Sandbox,
  args: readonly string[],
  step: Extract<StepName, 'fetch' | 'scripts'>,
  cwd: string,
  settings: NpmSettings,
  classify?: Classify,
): Promise<string> {
  const run = await runNpm(sandbox, args, step, cwd, settings);
  if (run.code === 0) return run.stdout;
  const stoppedBy = sandbox.contained ? sandbox.facts([]).limitsHit.filter((hit) => hit.phase === step) : [];
  const killed = run.code === null || run.code > 128;
  if (classify && stoppedBy.length === 0 && !killed) {
    const failure = classifyInstallFailure({ ...classify, code: run.code, stderr: run.stderr });
    if (failure) throw new InstallFailed(failure, classify.version);
  }
  // Killed (no exit code, or bubblewrap's 128 + signal) with no limit recorded: still the sandbox,
  // most often the step's time limit.
  if (stoppedBy.length === 0 && killed)
    throw new Error(
      `npm ${args[0]} did not finish: the sandbox stopped it at a limit of its ${step} step (${STEP_LIMITS[step].wallSeconds} s, or memory)${lastLines(run.stderr) ? `; it had said: ${lastLines(run.stderr)}` : ''}`,
    );
  throw new Error(npmFailure(args[0]!, run, stoppedBy));
}

/** `sha512-<base64>` (npm's integrity) as `sha512:<hex>`. */
export function integrityDigest(integrity: string): string | null {
  const match = /^(sha512|sha256)-([A-Za-z0-9+/=]+)$/.exec(integrity.trim().split(/\s+/)[0] ?? '');
  if (!match) return null;
  return `${match[1]}:${Buffer.from(match[2]!, 'base64').toString('hex')}`;
}

interface RegistryView {
  name?: string;
  version?: string;
  deprecated?: string;
  time?: Record<string, string>;
  dist?: { integrity?: string; signatures?: unknown[]; attestations?: { provenance?: unknown } };
}

export async function viewVersion(
  name: string,
  version: string | undefined,
  sandbox: Sandbox,
  settings: NpmSettings,
): Promise<RegistryView> {
  const spec = `${name}@${version ?? 'latest'}`;
  const classify: Classify = {
    step: 'view',
    spec,
    registryHost: registryHost(settings.registry),
    version: null,
  };
  // npm's own 404 text is several lines about tarballs and git URLs; say what is missing instead.
  const missing = () => {
    const failure = classifyInstallFailure({ ...classify, code: 0, stderr: '', emptyView: true })!;
    failure.advice = `${failure.advice} Check the name, and list its versions with: npm view ${name} versions`;
    return new InstallFailed(failure, version ?? null);
  };
  const output = await npm(sandbox, ['view', spec, '--json'], 'fetch', sandbox.install, settings, classify);
  // An unknown version of a known package prints nothing at all.
  if (output.trim() === '') throw missing();
  const parsed: unknown = JSON.parse(output);
  // A range matching several versions gives a list; take the highest, which npm lists last.
  const view = Array.isArray(parsed) ? parsed[parsed.length - 1] : parsed;
  if (!view || typeof view !== 'object') throw missing();
  return view as RegistryView;
}

/**
 * The npm registry signs every version (`dist.signatures`) and lists provenance under
 * `dist.attestations`; a registry that reports neither (a stripping mirror) cannot say.
 */
export function provenanceOf(dist: RegistryView['dist']): boolean | null {
  if (dist?.attestations?.provenance) return true;
  return Array.isArray(dist?.signatures) ? false : null;
}

/** Whether any installed package has install scripts or a native build (binding.gyp). */
export function hasInstallWork(nodeModules: string): boolean {
  const stack = [nodeModules];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.startsWith('.')) continue;
      const path = join(dir, entry);
      if (entry.startsWith('@')) {
        stack.push(path);
        continue;
      }
      if (existsSync(join(path, 'binding.gyp'))) return true;
      try {
        const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as {
          scripts?: Record<string, unknown>;
        };
        const scripts = manifest.scripts ?? {};
        if (['preinstall', 'install', 'postinstall'].some((name) => typeof scripts[name] === 'string'))
          return true;
      } catch {
        // not a package
      }
      if (existsSync(join(path, 'node_modules'))) stack.push(join(path, 'node_modules'));
    }
  }
  return false;
}

export async function installNpmPackage(
  name: string,
  version: string | undefined,
  sandbox: Sandbox,
  progress: (step: string) => void = () => {},
): Promise<NpmPackage> {
  const installDir = sandbox.install;
  writeFileSync(join(installDir, 'package.json'), '{"name":"afscore-sandbox","private":true}\n');
  const settings = await readNpmSettings();
  if (settings.cafile) sandbox.expose(settings.cafile);
  if (settings.extraCaCerts) sandbox.expose(settings.extraCaCerts);
  if (settings.nodedir && existsSync(settings.nodedir)) sandbox.expose(settings.nodedir);
  const registry = registryHost(settings.registry);
  // With --network the install steps use this machine's network like the server; otherwise the proxy.
  const proxied = sandbox.contained && !sandbox.network;
  if (proxied) await sandbox.allowEgress('fetch', [registry, ...FETCH_HOSTS]);
  const view = await viewVersion(name, version, sandbox, settings);
  const exact = view.version;
  if (!exact) throw new Error(`npm did not say which version of ${name} to install`);
  const digest = integrityDigest(view.dist?.integrity ?? '');
  if (!digest) throw new Error(`the registry gives no sha512 integrity for ${name}@${exact}`);
  progress(`installing npm:${name}@${exact} (npm alone, no scripts)`);
  await npm(
    sandbox,
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', `${name}@${exact}`],
    'fetch',
    installDir,
    settings,
    { step: 'install', spec: `${name}@${exact}`, registryHost: registry, version: exact },
  );
  sandbox.noteInstall(sandbox.contained ? 'sandboxed' : 'skipped');
  let scripts: NpmPackage['scripts'] = 'none';
  let scriptsFailure: StartFailure | null = null;
  if (!sandbox.contained) scripts = 'skipped';
  else if (hasInstallWork(join(installDir, 'node_modules'))) {
    progress('running install scripts in the sandbox');
    if (proxied) await sandbox.allowEgress('scripts', [registry, ...SCRIPT_HOSTS]);
    const run = await runNpm(sandbox, ['rebuild', '--foreground-scripts'], 'scripts', installDir, settings);
    scripts = run.code === 0 ? 'ran' : 'failed';
    if (run.code !== 0) {
      sandbox.noteScriptsFailed(lastLines(run.stderr, 6) || `exit ${run.code}`);
      scriptsFailure = classifyInstallFailure({
        step: 'scripts',
        spec: `${name}@${exact}`,
        registryHost: registry,
        code: run.code,
        stderr: run.stderr,
      });
    }
  }
  return {
    name,
    version: exact,
    packageDir: join(installDir, 'node_modules', ...name.split('/')),
    digest,
    scripts,
    ...(scriptsFailure ? { scriptsFailure } : {}),
    registry: {
      ...(view.deprecated ? { deprecated: view.deprecated } : {}),
      ...(view.time?.[exact] ? { publishedAt: view.time[exact] } : {}),
      provenance: provenanceOf(view.dist),
    },
  };
}
