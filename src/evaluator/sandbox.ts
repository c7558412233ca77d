/**
 * Where an evaluated package runs: a fresh temporary folder with its own HOME, working directory
 * and TMPDIR, an environment reduced to PATH plus what the contributor passes explicitly (none of
 * their secrets), each process in its own process group, and every group killed at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Sandbox {
  root: string;
  home: string;
  work: string;
  env: Readonly<Record<string, string>>;
  /** Names of the variables passed in explicitly (values are never recorded). */
  passedVariables: readonly string[];
  spawn(command: string, args: readonly string[], options?: { cwd?: string }): SandboxedProcess;
  /** Kills every process group started here and removes the folder. */
  dispose(): void;
}

export interface SandboxedProcess {
  child: ChildProcess;
  /** Resolves when the process has exited (or failed to start). */
  exited: Promise<{ code: number | null; signal: string | null; error?: string }>;
  /**
   * Resolves once its output streams are closed too. `exit` can come before the last stderr
   * chunk is read, so read `stderrTail()` after this when the whole message matters.
   */
  closed: Promise<void>;
  hasExited(): boolean;
  /** The last stderr output, for start-up errors. */
  stderrTail(): string;
  killGroup(): void;
}

const STDERR_TAIL_CHARS = 2_000;

export const SANDBOX_DESCRIPTION =
  'temporary folder and HOME, environment reduced to PATH and explicit --env names, own process group killed at the end';

export function createSandbox(extraEnv: Readonly<Record<string, string>> = {}): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'afscore-eval-'));
  const home = join(root, 'home');
  const work = join(root, 'work');
  const tmp = join(root, 'tmp');
  for (const dir of [home, work, tmp]) mkdirSync(dir, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: tmp,
    LANG: 'C.UTF-8',
    ...extraEnv,
  };
  const processes: SandboxedProcess[] = [];
  return {
    root,
    home,
    work,
    env,
    passedVariables: Object.keys(extraEnv).sort(),
    spawn(command, args, options = {}) {
      const started = spawnGrouped(command, args, options.cwd ?? work, env);
      processes.push(started);
      return started;
    },
    dispose() {
      for (const started of processes) started.killGroup();
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

function spawnGrouped(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>>,
): SandboxedProcess {
  // detached: the child leads a new process group, so its own children can be killed with it.
  const child = spawn(command, [...args], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let done = false;
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  // A server that dies mid-write must not crash the evaluator with EPIPE.
  child.stdin?.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: string | null; error?: string }>((resolve) => {
    child.once('error', (error) => {
      done = true;
      resolve({ code: null, signal: null, error: error.message });
    });
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    child,
    exited,
    closed,
    hasExited: () => done,
    stderrTail: () => stderr,
    killGroup() {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}
