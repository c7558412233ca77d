/**
 * Starts one process for the sandbox, in its own process group, and keeps what the evaluator
 * needs from it: its exit, the tail of its stderr, and the kernel's refusals that show there
 * (out of memory, no more processes, too many open files, file too large).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { LimitKind } from '../../core/checks/server/sandbox-facts.ts';

export interface ProcessExit {
  code: number | null;
  signal: string | null;
  error?: string;
}

export interface SandboxedProcess {
  child: ChildProcess;
  /** Resolves when the process has exited (or failed to start). */
  exited: Promise<ProcessExit>;
  /**
   * Resolves once its output streams are closed too. `exit` can come before the last stderr
   * chunk is read, so read `stderrTail()` after this when the whole message matters.
   */
  closed: Promise<void>;
  hasExited(): boolean;
  /** The last stderr output, for start-up errors. */
  stderrTail(): string;
  /**
   * Its stderr for explaining a failed start: all of it when short, else its start and its end,
   * since the line that names the cause usually comes first and a stack trace after it.
   */
  stderrText(): string;
  /** Kills the process with everything it started. */
  killGroup(): void;
}

const STDERR_TAIL_CHARS = 2_000;
const STDERR_HEAD_CHARS = 8_000;

/** What a process says when the kernel refused it something the sandbox limits. */
const REFUSALS: readonly [LimitKind, RegExp][] = [
  [
    'memory',
    /JavaScript heap out of memory|Array buffer allocation failed|Cannot allocate memory|\bENOMEM\b|std::bad_alloc|\bMemoryError\b/,
  ],
  [
    'processes',
    /spawn(?:Sync)? \S+ EAGAIN|fork: (?:retry: )?Resource temporarily unavailable|Cannot fork|fork failed|can't fork/i,
  ],
  ['open-files', /\bEMFILE\b|Too many open files/],
  ['file-size', /\bEFBIG\b|File too large/],
];

export interface SpawnSpec {
  command: string;
  args: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  /** Extra file descriptors for the child, from fd 3 on. */
  extraFds?: readonly number[];
  /** Told once per kind of refusal seen in stderr. */
  onRefusal?: (limit: LimitKind, line: string) => void;
  /** How to kill it all: by default the process group. */
  kill?: (child: ChildProcess) => void;
}

export function spawnProcess(spec: SpawnSpec): SandboxedProcess {
  // detached: the child leads a new process group, so its own children can be killed with it.
  const child = spawn(spec.command, [...spec.args], {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', ...(spec.extraFds ?? [])],
  });
  let stderr = '';
  let head = '';
  let total = 0;
  let done = false;
  const refused = new Set<LimitKind>();
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    if (head.length < STDERR_HEAD_CHARS) head += chunk.slice(0, STDERR_HEAD_CHARS - head.length);
    total += chunk.length;
    for (const [limit, pattern] of REFUSALS) {
      if (refused.has(limit)) continue;
      const match = pattern.exec(chunk);
      if (match) {
        refused.add(limit);
        spec.onRefusal?.(limit, match[0]);
      }
    }
  });
  // A server that dies mid-write must not crash the evaluator with EPIPE.
  child.stdin?.on('error', () => {});
  const exited = new Promise<ProcessExit>((resolve) => {
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
  const killGroup = () => {
    if (child.pid === undefined) return;
    spec.kill?.(child);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const stderrText = () =>
    total <= head.length
      ? head
      : total <= head.length + stderr.length
        ? head + stderr.slice(head.length + stderr.length - total)
        : `${head}\n…\n${stderr}`;
  return { child, exited, closed, hasExited: () => done, stderrTail: () => stderr, stderrText, killGroup };
}
