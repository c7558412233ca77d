/**
 * One afscore server as a real process (`node scripts/start.ts`, as a process manager runs it) on
 * a free port, with the caller's environment. Its log lines are kept, and it can be killed like a
 * crashed machine (SIGKILL) or stopped like a deploy (SIGTERM).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Instance {
  url: string;
  /** `127.0.0.1:<port>`, for a load balancer's upstream list. */
  address: string;
  child: ChildProcess;
  logs: string[];
  /** Resident memory, MB. */
  rssMb(): number;
  alive(): boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface InstanceOptions {
  /** A command the server runs under, e.g. `['prlimit', '--fsize=…']`; it must exec the server. */
  wrapper?: string[];
}

export async function startInstance(
  env: Record<string, string>,
  options: InstanceOptions = {},
): Promise<Instance> {
  const [command, ...args] = [...(options.wrapper ?? []), process.execPath, 'scripts/start.ts'];
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let pending = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        logs.push(line);
        const match = /afscore serving (http:\/\/\S+)/.exec(line);
        if (match) resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before serving:\n${logs.join('\n')}${pending}`)),
    );
  });
  return {
    url,
    address: url.replace('http://', ''),
    child,
    logs,
    rssMb: () =>
      Math.round(
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
      ),
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}
