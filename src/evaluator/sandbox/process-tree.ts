/**
 * Measures a sandbox from outside: every process below bubblewrap's, found through
 * /proc/<pid>/task/<tid>/children (a process re-parented inside the sandbox stays below its init,
 * so detached ones are counted too), with its threads, resident and data memory and CPU time.
 * Sampled on a timer; a sample is a snapshot, so a limit crossed and undone between two samples
 * can be missed, which the evaluation guide says.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessSample {
  pid: number;
  name: string;
  threads: number;
  rssBytes: number;
  dataBytes: number;
  cpuSeconds: number;
}

export interface TreeSample {
  processes: ProcessSample[];
  /** Threads of every process: what RLIMIT_NPROC counts. */
  tasks: number;
  rssBytes: number;
}

/** The kernel reports CPU time in USER_HZ, which is 100 on every Linux architecture. */
const USER_HZ = 100;

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const found = new Set<number>();
  // Any thread can be a parent, not only the main one.
  for (const tid of threads)
    for (const word of (read(`/proc/${pid}/task/${tid}/children`) ?? '').split(/\s+/))
      if (word) found.add(Number(word));
  return [...found];
}

function kibField(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

function sampleProcess(pid: number): ProcessSample | null {
  const status = read(`/proc/${pid}/status`);
  const stat = read(`/proc/${pid}/stat`);
  if (!status || !stat) return null;
  // Fields after the command name, which may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return {
    pid,
    name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?',
    threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1),
    rssBytes: kibField(status, 'VmRSS'),
    dataBytes: kibField(status, 'VmData'),
    cpuSeconds: ticks / USER_HZ,
  };
}

export function sampleTree(rootPid: number): TreeSample {
  const processes: ProcessSample[] = [];
  const seen = new Set<number>();
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const sample = sampleProcess(pid);
    if (!sample) continue;
    processes.push(sample);
    queue.push(...childrenOf(pid));
  }
  return {
    processes,
    tasks: processes.reduce((sum, process) => sum + process.threads, 0),
    rssBytes: processes.reduce((sum, process) => sum + process.rssBytes, 0),
  };
}
