/**
 * Where an evaluated package runs. With bubblewrap (the default), every process of the package
 * (npm fetching it, its install scripts, the server, a skill's script parsers) runs in new user,
 * PID, mount, IPC, UTS and network namespaces, sees the system folders read-only and of the host
 * nothing else but the folders this sandbox hands it, has limits on memory, processes, CPU time,
 * file size and open files, and is killed with everything it started, detached processes
 * included, when its step ends. Install steps reach the npm registry only through the evaluator's
 * proxy; the server has no network unless the contributor passes --network. What the sandbox
 * stopped (limits hit, network attempts) is recorded as facts.
 *
 * With --no-sandbox, the old containment only: a temporary HOME and TMPDIR, an environment
 * reduced to PATH plus explicit --env names, a process group killed at the end, and install
 * scripts never run.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LimitHit, LimitKind, SandboxFacts, SandboxPhase } from '../core/checks/server/sandbox-facts.ts';
import type { SandboxRecord } from '../core/types.ts';
import {
  type BwrapPlan,
  bwrapArguments,
  type HostEntry,
  NAMESPACES_ALWAYS,
  prlimitArguments,
} from './sandbox/bwrap-args.ts';
import { type EgressProxy, startEgressProxy, upstreamProxy } from './sandbox/egress-proxy.ts';
import { createStaging, stagingUnavailable } from './sandbox/mount-staging.ts';
import { networkAttempts, parseWatchLines, type Timeline } from './sandbox/network-attempts.ts';
import { sampleTree } from './sandbox/process-tree.ts';
import { defaultRuntimeCacheDir, prepareRuntime } from './sandbox/runtime-cache.ts';
import {
  INSIDE_GID,
  INSIDE_UID,
  INSIDE_USER,
  NEAR_LIMIT_SHARE,
  PROXY_PORT_INSIDE,
  type ProcessLimits,
  SAMPLE_INTERVAL_MS,
  SANDBOX_HOST_GID,
  SANDBOX_HOST_UID,
  STEP_LIMITS,
  type StepName,
  TOOLS_INSIDE,
} from './sandbox/sandbox-policy.ts';
import { launchPrefix, runsAsRoot, type SandboxSupport } from './sandbox/sandbox-support.ts';
import { type SandboxedProcess, spawnProcess } from './sandbox/spawn-process.ts';

export type { SandboxedProcess } from './sandbox/spawn-process.ts';

export interface SandboxOptions {
  /** How to run bubblewrap; null runs without a sandbox (--no-sandbox). */
  support: SandboxSupport | null;
  /** --network: the server (and install scripts) share the host's network. */
  network?: boolean;
  /** Variables for the package, passed explicitly (names are recorded, values never). */
  env?: Readonly<Record<string, string>>;
  /** Shorter limits, for tests. */
  limits?: Partial<Record<StepName, Partial<ProcessLimits>>>;
  /** The evaluator's own npm cache (never the contributor's ~/.npm). */
  npmCacheDir?: string;
  /** Where the sandbox's copies of Node, npm and the helpers are kept (see runtime-cache.ts). */
  runtimeCacheDir?: string;
}

export interface SpawnOptions {
  cwd?: string;
  /** Which step this process belongs to (sets its limits); the server by default. */
  step?: StepName;
  /** Reach the hosts `allowEgress` allowed, through the install proxy (install steps). */
  egress?: boolean;
  /** Variables for this process only, such as npm's configuration. */
  env?: Readonly<Record<string, string>>;
  /** Give the processes the evaluator's npm cache (the fetch step, which runs npm alone). */
  npmCache?: boolean;
  /** Record the network attempts of Node processes (the server). */
  watchNetwork?: boolean;
  /**
   * A server that listens on this port of the sandbox's loopback: the evaluator reaches it through
   * the Unix socket `httpSocket` (inside/http-bridge.cjs), never through a shared network.
   */
  serveHttpPort?: number;
}

export interface Sandbox {
  root: string;
  home: string;
  work: string;
  /** Where an npm target is installed (writable by the package). */
  install: string;
  /** How processes in the sandbox start the evaluator's Node. */
  node: string;
  /** How processes in the sandbox run npm's CLI with that Node, or null when npm is not found. */
  npmCli: string | null;
  /** The evaluator's npm cache (for the fetch step). */
  npmCacheDir: string | null;
  /** The host path of the Unix socket that leads to a process started with `serveHttpPort`. */
  httpSocket: string;
  env: Readonly<Record<string, string>>;
  /** Names of the variables passed in explicitly (values are never recorded). */
  passedVariables: readonly string[];
  /** Passes more variables to the processes started after this (a launch plan's placeholders). */
  passEnv(variables: Readonly<Record<string, string>>): void;
  contained: boolean;
  network: boolean;
  /**
   * Shows a host folder (or file) read-only, at its own path, to the processes started after this.
   * Throws when the sandbox's user cannot read it (a folder above it closed to others is bridged).
   */
  expose(path: string): void;
  spawn(command: string, args: readonly string[], options?: SpawnOptions): SandboxedProcess;
  /** Tells the sandbox what the evaluator is doing now, so network attempts get their phase. */
  setActivity(phase: SandboxPhase): void;
  /** Which hosts processes started with `egress` may reach from now on, and for which step. */
  allowEgress(step: 'fetch' | 'scripts', hosts: readonly string[]): Promise<void>;
  noteScriptsFailed(detail: string): void;
  /** An npm install happened: its scripts ran in the sandbox, or were skipped (no sandbox). */
  noteInstall(scripts: 'sandboxed' | 'skipped'): void;
  /** What the sandbox stopped and saw; `configuration` holds the values the contributor configured. */
  facts(configuration: readonly string[]): SandboxFacts;
  /** What `environment.sandbox` records. */
  record(): SandboxRecord;
  /** Kills every process started so far, and whatever they started; later steps may start more. */
  stopAll(): Promise<void>;
  /**
   * Kills every process started so far, and any started from now on: the evaluation was told to
   * stop, and a step that goes on (npm's next command, a retry) must not wait out its timeout.
   */
  stopForGood(): Promise<void>;
  /** Kills every process started here (and whatever they started) and removes the folder. */
  dispose(): Promise<void>;
}

/** The evaluator's npm cache: XDG_CACHE_HOME/afscore/npm, or /var/cache/afscore/npm when run as root. */
export function defaultNpmCacheDir(env: NodeJS.ProcessEnv, home: string, root: boolean): string {
  if (env.AFSCORE_NPM_CACHE) return env.AFSCORE_NPM_CACHE;
  if (root) return '/var/cache/afscore/npm';
  const base = env.XDG_CACHE_HOME?.trim() ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'afscore', 'npm');
}

/** Where npm's CLI lives: the npm that runs the evaluator, else the one on PATH. */
export function findNpmRoot(env: NodeJS.ProcessEnv): string | null {
  const candidates: string[] = [];
  if (env.npm_execpath?.endsWith('npm-cli.js')) candidates.push(env.npm_execpath);
  for (const dir of (env.PATH ?? '').split(':').filter(Boolean)) candidates.push(join(dir, 'npm'));
  candidates.push('/usr/bin/npm', '/usr/local/bin/npm');
  for (const candidate of candidates) {
    try {
      const cli = realpathSync(candidate);
      const root = dirname(dirname(cli));
      if (existsSync(join(root, 'bin', 'npm-cli.js')) && existsSync(join(root, 'package.json'))) return root;
    } catch {
      // not here
    }
  }
  return null;
}

function hostEntry(path: string): HostEntry {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return { kind: 'symlink', target: readlinkSync(path) };
    return { kind: stat.isDirectory() ? 'dir' : 'file' };
  } catch {
    return { kind: 'missing' };
  }
}

/**
 * When the evaluator runs as root the sandbox runs as another user, who must be able to reach what
 * it is shown: every folder above a path must let others pass, and the path itself let them read.
 * Returns the first folder in the way, or null. A folder above the path is bridged (mount-staging.ts);
 * the path itself is not.
 */
export function blockedFor(path: string, uid: number): string | null {
  const parts = path.split('/').filter(Boolean);
  for (let index = 0; index <= parts.length; index += 1) {
    const current = `/${parts.slice(0, index).join('/')}`;
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(current);
    } catch {
      return null;
    }
    if (stat.uid === uid) continue;
    const last = index === parts.length;
    const needed = last ? (stat.isDirectory() ? 0o005 : 0o004) : 0o001;
    if ((stat.mode & needed) !== needed) return current;
  }
  return null;
}

/** Removes a folder the package may have left unwritable (mode 000 folders and the like). */
function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    try {
      execFileSync('chmod', ['-R', 'u+rwX', path], { stdio: 'ignore' });
    } catch {
      // best effort; the removal below says what is left
    }
    rmSync(path, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The helpers that run inside the sandbox; the sandbox gets a copy (runtime-cache.ts). */
const INSIDE_LIB = join(import.meta.dirname, 'sandbox', 'inside');
const ROOT_PREFIX = 'afscore-eval-';
/** A sandbox folder this old was left by an evaluator that was killed before it could remove it. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Removes the folders of sandboxes whose evaluator died (killed, or the machine stopped) a day ago or more. */
export function sweepStaleRoots(parent: string, now: number): void {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(ROOT_PREFIX)) continue;
    try {
      if (now - statSync(join(parent, entry)).mtimeMs > STALE_AFTER_MS) removeTree(join(parent, entry));
    } catch {
      // gone already, or not ours to remove
    }
  }
}

/**
 * /opt/afscore inside: bin/ with Node (bound over a placeholder) and npm and npx shims, npm's own
 * folder, the helpers (lib), the proxy's socket (run), the network watch's file (watch) and the
 * socket that leads to a server listening on HTTP inside (serve).
 */
function prepareTools(dirs: { tools: string }, npmRoot: string | null): void {
  for (const sub of ['bin', 'npm', 'lib', 'run', 'watch', 'serve'])
    mkdirSync(join(dirs.tools, sub), { recursive: true });
  writeFileSync(join(dirs.tools, 'bin', 'node'), '');
  if (npmRoot) {
    for (const [name, cli] of [
      ['npm', 'npm-cli.js'],
      ['npx', 'npx-cli.js'],
    ] as const) {
      writeFileSync(
        join(dirs.tools, 'bin', name),
        `#!/bin/sh\nexec ${TOOLS_INSIDE}/bin/node ${TOOLS_INSIDE}/npm/bin/${cli} "$@"\n`,
        { mode: 0o755 },
      );
    }
  }
}

/** A passwd, group and hosts of the sandbox's own: no host account or address shows through. */
function writeIdentity(etc: string, home: string): void {
  writeFileSync(
    join(etc, 'passwd'),
    `root:x:0:0:root:/root:/bin/sh\n${INSIDE_USER}:x:${INSIDE_UID}:${INSIDE_GID}:afscore sandbox:${home}:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    { mode: 0o644 },
  );
  writeFileSync(join(etc, 'group'), `root:x:0:\n${INSIDE_USER}:x:${INSIDE_GID}:\nnogroup:x:65534:\n`, {
    mode: 0o644,
  });
  writeFileSync(join(etc, 'hosts'), '127.0.0.1 localhost\n::1 localhost\n', { mode: 0o644 });
}

/** What `environment.sandbox` records about this sandbox. */
function sandboxRecord(
  support: SandboxSupport | null,
  network: boolean,
  limits: ProcessLimits,
  installHosts: ReadonlySet<string>,
  installScripts: 'sandboxed' | 'skipped' | undefined,
): SandboxRecord {
  const scripts = installScripts ? { install_scripts: installScripts } : {};
  if (!support) return { tool: 'none', network: 'full', ...scripts };
  return {
    tool: 'bubblewrap',
    version: support.version,
    namespaces: [...NAMESPACES_ALWAYS, ...(network ? [] : ['network' as const])],
    network: network ? 'full' : 'none',
    ...(installHosts.size > 0 ? { install_hosts: [...installHosts].sort() } : {}),
    ...scripts,
    limits: {
      memory_bytes: limits.memoryBytes,
      total_memory_bytes: limits.totalMemoryBytes,
      processes: limits.processes,
      cpu_seconds: limits.cpuSeconds,
      wall_seconds: limits.wallSeconds,
      file_size_bytes: limits.fileSizeBytes,
      open_files: limits.openFiles,
    },
  };
}
const WATCH_FILE = 'net.jsonl';
const HTTP_SOCKET = 'http.sock';

function limitsFor(options: SandboxOptions, step: StepName): ProcessLimits {
  return { ...STEP_LIMITS[step], ...(options.limits?.[step] ?? {}) };
}

const MiB = 1024 ** 2;
const mib = (bytes: number) => `${Math.round(bytes / MiB)} MiB`;

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const extraEnv = options.env ?? {};
  const support = options.support;
  const asOther = support?.setpriv ? { uid: SANDBOX_HOST_UID, gid: SANDBOX_HOST_GID } : null;
  const npmRoot = support ? findNpmRoot(process.env) : null;
  // Node, npm and the helpers are shown from copies of their own: from the checkout they would give
  // its path away, and a checkout under a private folder is out of the reach of nobody.
  const runtime = support
    ? prepareRuntime(
        options.runtimeCacheDir ?? defaultRuntimeCacheDir(process.env, homedir(), runsAsRoot()),
        { node: process.execPath, npmRoot, lib: INSIDE_LIB },
        Date.now(),
      )
    : null;
  sweepStaleRoots(tmpdir(), Date.now());
  const root = mkdtempSync(join(tmpdir(), ROOT_PREFIX));
  const dirs = {
    home: join(root, 'home'),
    work: join(root, 'work'),
    tmp: join(root, 'tmp'),
    install: join(root, 'install'),
    tools: join(root, 'tools'),
    run: join(root, 'run'),
    watch: join(root, 'watch'),
    serve: join(root, 'serve'),
    etc: join(root, 'etc'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  // The sandbox may have to reach its folders as another user: let it pass, not list.
  chmodSync(root, 0o711);
  for (const dir of [dirs.tools, dirs.run, dirs.etc]) chmodSync(dir, 0o755);
  if (asOther)
    for (const dir of [dirs.home, dirs.work, dirs.tmp, dirs.install, dirs.watch, dirs.serve])
      chownSync(dir, asOther.uid, asOther.gid);

  const contained = support !== null;
  const network = options.network === true;
  const node = contained ? `${TOOLS_INSIDE}/bin/node` : process.execPath;
  const hostNpm = contained ? null : findNpmRoot(process.env);
  const npmCli = contained
    ? npmRoot
      ? `${TOOLS_INSIDE}/npm/bin/npm-cli.js`
      : null
    : hostNpm
      ? join(hostNpm, 'bin', 'npm-cli.js')
      : null;
  const npmCacheDir = options.npmCacheDir ?? null;
  if (contained) {
    prepareTools(dirs, npmRoot);
    writeIdentity(dirs.etc, dirs.home);
    if (npmCacheDir) {
      // Folders above the cache must let the sandbox's user pass; the cache itself is its own.
      mkdirSync(dirname(npmCacheDir), { recursive: true, mode: 0o755 });
      mkdirSync(npmCacheDir, { recursive: true, mode: 0o700 });
      if (asOther) {
        chownSync(npmCacheDir, asOther.uid, asOther.gid);
        const blocked = blockedFor(npmCacheDir, asOther.uid);
        if (blocked) {
          removeTree(root);
          throw new Error(
            `the sandbox cannot use the npm cache ${npmCacheDir}: the evaluator runs as root, so the sandbox runs as uid ${asOther.uid}, and ${blocked} does not let it through; set AFSCORE_NPM_CACHE to a folder others can reach, or run the evaluator as an ordinary user`,
          );
        }
      }
    }
  }

  const env: Record<string, string> = contained
    ? {
        PATH: `${TOOLS_INSIDE}/bin:/usr/local/bin:/usr/bin:/bin`,
        HOME: dirs.home,
        TMPDIR: '/tmp',
        LANG: 'C.UTF-8',
        USER: INSIDE_USER,
        LOGNAME: INSIDE_USER,
        ...extraEnv,
      }
    : {
        PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        HOME: dirs.home,
        TMPDIR: dirs.tmp,
        LANG: 'C.UTF-8',
        ...extraEnv,
      };

  const exposed = new Set<string>();
  const staging = createStaging(join(root, 'view'));
  /** A source as the sandbox's user reaches it: itself, or bridged when a folder above it is closed. */
  const reach = (path: string) => {
    const blocked = asOther ? blockedFor(path, asOther.uid) : null;
    return blocked && blocked !== path ? staging.stage(path) : path;
  };
  const processes: { process: SandboxedProcess; stop: () => void }[] = [];
  // Once stopped for good, the sandbox starts nothing that lives.
  let stopped = false;
  const proxyHosts = new Set<string>();
  const hits: LimitHit[] = [];
  const timeline: { at: number; phase: SandboxPhase }[] = [];
  let activity: SandboxPhase = 'start';
  let proxy: EgressProxy | null = null;
  let scriptsFailed: string | undefined;
  let installScripts: 'sandboxed' | 'skipped' | undefined;

  const phaseOf = (step: StepName): SandboxPhase =>
    step === 'fetch' ? 'fetch' : step === 'scripts' ? 'scripts' : activity;
  const hit = (limit: LimitKind, step: StepName, detail: string) => {
    const phase = phaseOf(step);
    if (!hits.some((known) => known.limit === limit && known.phase === phase))
      hits.push({ limit, phase, detail });
  };

  async function ensureProxy(): Promise<EgressProxy> {
    proxy ??= await startEgressProxy(join(dirs.run, 'proxy.sock'), upstreamProxy(process.env));
    return proxy;
  }

  function bwrapPlan(
    command: string,
    args: readonly string[],
    spawnOptions: SpawnOptions,
    step: StepName,
  ): BwrapPlan {
    const limits = limitsFor(options, step);
    const bridge =
      spawnOptions.egress && !network
        ? [
            node,
            `${TOOLS_INSIDE}/lib/egress-bridge.cjs`,
            `${TOOLS_INSIDE}/run/proxy.sock`,
            String(PROXY_PORT_INSIDE),
          ]
        : [];
    const httpBridge =
      spawnOptions.serveHttpPort !== undefined
        ? [
            node,
            `${TOOLS_INSIDE}/lib/http-bridge.cjs`,
            `${TOOLS_INSIDE}/serve/${HTTP_SOCKET}`,
            String(spawnOptions.serveHttpPort),
          ]
        : [];
    const proxyUrl = `http://127.0.0.1:${PROXY_PORT_INSIDE}`;
    const proxyEnv: Record<string, string> =
      bridge.length > 0
        ? {
            npm_config_proxy: proxyUrl,
            npm_config_https_proxy: proxyUrl,
            HTTP_PROXY: proxyUrl,
            HTTPS_PROXY: proxyUrl,
            http_proxy: proxyUrl,
            https_proxy: proxyUrl,
            // Node's own fetch follows these variables only when asked to.
            NODE_USE_ENV_PROXY: '1',
          }
        : {};
    const watchEnv: Record<string, string> = spawnOptions.watchNetwork
      ? {
          NODE_OPTIONS: `--require ${TOOLS_INSIDE}/lib/net-watch.cjs${env.NODE_OPTIONS ? ` ${env.NODE_OPTIONS}` : ''}`,
          AFSCORE_NET_WATCH: `${TOOLS_INSIDE}/watch/${WATCH_FILE}`,
        }
      : {};
    const shownAt = (writable: boolean) => (path: string) => ({ source: path, target: path, writable });
    const mounts = [
      { source: dirs.tools, target: TOOLS_INSIDE, writable: false },
      ...(runtime
        ? [
            { source: runtime.node, target: `${TOOLS_INSIDE}/bin/node`, writable: false },
            ...(runtime.npmRoot
              ? [{ source: runtime.npmRoot, target: `${TOOLS_INSIDE}/npm`, writable: false }]
              : []),
            { source: runtime.lib, target: `${TOOLS_INSIDE}/lib`, writable: false },
          ]
        : []),
      { source: dirs.run, target: `${TOOLS_INSIDE}/run`, writable: false },
      { source: dirs.watch, target: `${TOOLS_INSIDE}/watch`, writable: true },
      ...(httpBridge.length > 0
        ? [{ source: dirs.serve, target: `${TOOLS_INSIDE}/serve`, writable: true }]
        : []),
      { source: join(dirs.etc, 'passwd'), target: '/etc/passwd', writable: false },
      { source: join(dirs.etc, 'group'), target: '/etc/group', writable: false },
      { source: join(dirs.etc, 'hosts'), target: '/etc/hosts', writable: false },
      ...(network && existsSync('/etc/resolv.conf')
        ? [{ source: '/etc/resolv.conf', target: '/etc/resolv.conf', writable: false }]
        : []),
      ...[...exposed].map(shownAt(false)),
      ...[
        dirs.home,
        dirs.work,
        dirs.install,
        ...(spawnOptions.npmCache && npmCacheDir ? [npmCacheDir] : []),
      ].map(shownAt(true)),
    ];
    return {
      lookup: hostEntry,
      mounts: mounts.map((mount) => ({ ...mount, source: reach(mount.source) })),
      readOnly: [],
      writable: [],
      shareNetwork: network,
      env: { ...env, ...(spawnOptions.env ?? {}), ...proxyEnv, ...watchEnv },
      cwd: spawnOptions.cwd ?? dirs.work,
      command: ['prlimit', ...prlimitArguments(limits), ...bridge, ...httpBridge, command, ...args],
    };
  }

  function watchLimits(child: ChildProcess, step: StepName, kill: () => void): () => void {
    const limits = limitsFor(options, step);
    const pid = child.pid;
    if (pid === undefined) return () => {};
    // What each process had used when last seen: one that vanishes at its CPU limit was killed by it.
    let lastSeen = new Map<number, { name: string; cpuSeconds: number }>();
    // Between two samples a process gains at most the interval's worth of CPU per busy thread:
    // one last seen that close to its limit and then gone was killed by it.
    const cpuNear = limits.cpuSeconds - Math.max(0.5, (3 * SAMPLE_INTERVAL_MS) / 1000);
    const timer = setInterval(() => {
      const sample = sampleTree(pid);
      if (sample.rssBytes > limits.totalMemoryBytes) {
        hit(
          'memory',
          step,
          `the sandbox's processes held ${mib(sample.rssBytes)} of memory, over its ${mib(limits.totalMemoryBytes)}: the evaluator killed them`,
        );
        kill();
      }
      if (sample.tasks >= limits.processes - 8)
        hit('processes', step, `${sample.tasks} processes and threads, at the limit of ${limits.processes}`);
      const seen = new Map<number, { name: string; cpuSeconds: number }>();
      for (const process of sample.processes) {
        seen.set(process.pid, { name: process.name, cpuSeconds: process.cpuSeconds });
        if (process.dataBytes >= limits.memoryBytes * NEAR_LIMIT_SHARE)
          hit(
            'memory',
            step,
            `a process (${process.name}) reached ${mib(process.dataBytes)} of its ${mib(limits.memoryBytes)} memory limit`,
          );
        if (process.cpuSeconds >= limits.cpuSeconds)
          hit('cpu', step, `a process (${process.name}) used ${process.cpuSeconds} s of CPU, its limit`);
      }
      for (const [gone, last] of lastSeen)
        if (!seen.has(gone) && last.cpuSeconds >= cpuNear)
          hit(
            'cpu',
            step,
            `a process (${last.name}) ended at ${last.cpuSeconds} s of CPU, at its ${limits.cpuSeconds} s limit`,
          );
      lastSeen = seen;
    }, SAMPLE_INTERVAL_MS);
    timer.unref();
    const wall = setTimeout(() => {
      hit('wall', step, `still running after ${limits.wallSeconds} s: the evaluator killed it`);
      kill();
    }, limits.wallSeconds * 1000);
    wall.unref();
    return () => {
      clearInterval(timer);
      clearTimeout(wall);
    };
  }

  const sandbox: Sandbox = {
    root,
    home: dirs.home,
    work: dirs.work,
    install: dirs.install,
    node,
    npmCli,
    npmCacheDir,
    httpSocket: join(dirs.serve, HTTP_SOCKET),
    env,
    passedVariables: Object.keys(extraEnv).sort(),
    passEnv(variables) {
      Object.assign(env, variables);
      sandbox.passedVariables = [...new Set([...sandbox.passedVariables, ...Object.keys(variables)])].sort();
    },
    contained,
    network,
    expose(path) {
      const blocked = asOther ? blockedFor(path, asOther.uid) : null;
      // A closed folder above the path is bridged by a mount (mount-staging.ts), where the machine allows one.
      const unbridged = blocked && blocked !== path ? stagingUnavailable() : null;
      if (blocked && (blocked === path || unbridged)) {
        throw new Error(
          `the sandbox cannot show ${path}: the evaluator runs as root, so the sandbox runs as uid ${asOther!.uid}, and ${blocked} does not let it through${unbridged ? ` (nor can it be bridged: ${unbridged})` : ''}; make it readable to others (chmod o+rx) or run the evaluator as an ordinary user`,
        );
      }
      exposed.add(path);
    },
    spawn(command, args, spawnOptions = {}) {
      const step = spawnOptions.step ?? 'run';
      if (!support) {
        const started = spawnProcess({
          command,
          args,
          cwd: spawnOptions.cwd ?? dirs.work,
          env: { ...env, ...(spawnOptions.env ?? {}) },
        });
        processes.push({ process: started, stop: () => {} });
        if (stopped) started.killGroup();
        return started;
      }
      const plan = bwrapPlan(command, args, spawnOptions, step);
      const [launcher, ...prefix] = [...staging.prefix(), ...launchPrefix(support)];
      let stop = () => {};
      const started = spawnProcess({
        command: launcher!,
        args: [...prefix, ...bwrapArguments(plan)],
        cwd: dirs.work,
        // bubblewrap itself gets no variables of the evaluator's: the sandbox's come from --setenv.
        env: { PATH: '/usr/bin:/bin' },
        onRefusal: (limit, line) => hit(limit, step, `the kernel refused it: "${line}"`),
        // Killing bubblewrap kills the sandbox's init, and with it every process inside.
        kill: (child) => {
          try {
            if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
          } catch {
            // gone
          }
        },
      });
      stop = watchLimits(started.child, step, () => started.killGroup());
      void started.exited.then((exit) => {
        stop();
        // bubblewrap exits 128 + the signal that ended the command.
        if (exit.code === 128 + 24 || exit.signal === 'SIGXCPU')
          hit('cpu', step, `killed by SIGXCPU at its ${limitsFor(options, step).cpuSeconds} s CPU limit`);
        if (exit.code === 128 + 25 || exit.signal === 'SIGXFSZ')
          hit(
            'file-size',
            step,
            `killed by SIGXFSZ writing past ${mib(limitsFor(options, step).fileSizeBytes)}`,
          );
      });
      processes.push({ process: started, stop });
      if (stopped) started.killGroup();
      return started;
    },
    async allowEgress(step, hosts) {
      const egressProxy = await ensureProxy();
      egressProxy.allow(step, hosts);
      for (const host of hosts) proxyHosts.add(host);
    },
    setActivity(phase) {
      activity = phase;
      timeline.push({ at: Date.now(), phase });
    },
    noteScriptsFailed(detail) {
      scriptsFailed = detail;
    },
    noteInstall(scripts) {
      installScripts = scripts;
    },
    facts(configuration) {
      let watchText = '';
      try {
        watchText = readFileSync(join(dirs.watch, WATCH_FILE), 'utf8').slice(0, 1024 * 1024);
      } catch {
        // nothing was recorded
      }
      const run: Timeline = timeline;
      return {
        contained,
        network,
        limitsHit: [...hits],
        networkAttempts: contained
          ? networkAttempts(parseWatchLines(watchText), run, proxy?.records() ?? [], configuration, network)
          : [],
        ...(scriptsFailed ? { scriptsFailed } : {}),
      };
    },
    record() {
      return sandboxRecord(support, network, limitsFor(options, 'run'), proxyHosts, installScripts);
    },
    async stopForGood() {
      stopped = true;
      await sandbox.stopAll();
    },
    async stopAll() {
      for (const entry of processes) {
        entry.stop();
        entry.process.killGroup();
      }
      await Promise.all(
        processes.map((entry) =>
          Promise.race([entry.process.exited, new Promise((resolve) => setTimeout(resolve, 3_000))]),
        ),
      );
    },
    async dispose() {
      await sandbox.stopAll();
      await proxy?.close();
      removeTree(root);
    },
  };
  return sandbox;
}
