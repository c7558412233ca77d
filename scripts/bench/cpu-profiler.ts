/**
 * CPU profiles of a running process, one per measurement, through the inspector protocol: the
 * process is started with `--inspect=127.0.0.1:PORT` (loopback only), and the profiler runs only
 * while a measurement does, so a profile shows the steady state of one scenario rather than the
 * start and the benchmark's own preparation. Profiles open in Chrome DevTools or `speedscope`.
 */
import { writeFileSync } from 'node:fs';

export interface Profiler {
  /** Profiles `work` and writes the profile to `file`. */
  around<T>(file: string, work: () => Promise<T>): Promise<T>;
  close(): void;
}

/** The inspector's WebSocket address, from the line the process writes on stderr at start. */
export const INSPECTOR_LINE = /Debugger listening on (ws:\/\/\S+)/;

export async function connectProfiler(address: string): Promise<Profiler> {
  const socket = new WebSocket(address);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${address}`)), {
      once: true,
    });
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id === undefined) return;
    pending.get(message.id)?.(
      message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result,
    );
    pending.delete(message.id);
  });
  const call = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  // 100 µs between samples: fine enough for a request that costs tens of µs.
  await call('Profiler.setSamplingInterval', { interval: 100 });
  return {
    async around(file, work) {
      await call('Profiler.start');
      try {
        return await work();
      } finally {
        const { profile } = (await call('Profiler.stop')) as { profile: unknown };
        writeFileSync(file, JSON.stringify(profile));
      }
    },
    close: () => socket.close(),
  };
}
