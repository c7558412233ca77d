/** Opening connections to the server under evaluation: a process in the sandbox, or a URL. */
import { constants } from 'node:os';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { WORKDIR } from '../core/agent-config/launch-plan.ts';
import { escapeInvisible } from '../core/checks/escape-text.ts';
import type { StartFailure } from '../core/checks/server/start-failure.ts';
import type { ServerLauncher, StartEvidence } from './probe-connection.ts';
import type { Sandbox, SandboxedProcess } from './sandbox.ts';
import { socketFetch } from './socket-fetch.ts';
import { ProcessTransport } from './stdio-transport.ts';

const EXIT_GRACE_MS = 1_000;

/** bubblewrap exits 128 + the signal that ended the command: say which signal. */
function signalOf(code: number | null, signal: string | null): string | null {
  if (signal || code === null || code <= 128) return signal;
  const found = Object.entries(constants.signals).find(([, number]) => number === code - 128);
  return found ? found[0] : null;
}

/**
 * What a server printed, with the sandbox's own folders (a random temporary path on the
 * evaluator's machine) named the way a reader can follow: its home as ~, its working folder as
 * {workdir}, anything else under it as {sandbox}. The quote goes into a public failure record.
 */
export function withoutSandboxPaths(text: string, dirs: Pick<Sandbox, 'root' | 'home' | 'work'>): string {
  return text.replaceAll(dirs.home, '~').replaceAll(dirs.work, WORKDIR).replaceAll(dirs.root, '{sandbox}');
}

export function stdioLauncher(sandbox: Sandbox, command: string, args: readonly string[]): ServerLauncher {
  return {
    transport: 'stdio',
    open() {
      const started = sandbox.spawn(command, args, { watchNetwork: true });
      const transport = new ProcessTransport(started);
      return {
        transport,
        stdio: transport,
        async failure(): Promise<StartEvidence> {
          // A start-up failure can surface (as a write error) just before the exit is reported,
          // and stderr can still be in the pipe when it is: wait a moment for both.
          let exit: StartEvidence['exit'] = null;
          await Promise.race([
            started.exited.then(async (ended) => {
              const signal = sandbox.contained ? signalOf(ended.code, ended.signal) : ended.signal;
              exit = { code: signal ? null : ended.code, signal };
              await started.closed;
            }),
            new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS).unref()),
          ]);
          return {
            exit,
            stderr: withoutSandboxPaths(started.stderrText(), sandbox),
            stdout: transport.strayOutput().lines.map((line) => withoutSandboxPaths(line, sandbox)),
          };
        },
      };
    },
  };
}

/**
 * A package with nothing to start (no bin): every connection fails at once, and the failure is
 * the classified reason, so the evaluation records it publicly like any other failed start.
 */
export function notStartableLauncher(failure: StartFailure): ServerLauncher {
  return {
    transport: 'stdio',
    open() {
      const refuse = async (): Promise<never> => {
        throw new Error(failure.reason);
      };
      const transport: Transport = { start: refuse, send: refuse, close: async () => {} };
      return { transport, failure: async () => failure };
    },
  };
}

/** How long a server started for HTTP may take to listen before the evaluator stops waiting for it. */
const LISTEN_PATIENCE_MS = 180_000;
const LISTEN_POLL_MS = 150;
const KEPT_OUTPUT_LINES = 5;
const OUTPUT_EXCERPT_CHARS = 200;

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Keeps the first lines a process prints (an HTTP server's stdout is its log, not the protocol). */
function keepLines(started: SandboxedProcess): () => string[] {
  const kept: string[] = [];
  let buffer = '';
  started.child.stdout?.setEncoding('utf8');
  started.child.stdout?.on('data', (chunk: string) => {
    if (kept.length >= KEPT_OUTPUT_LINES) return;
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts)
      if (line.trim() !== '' && kept.length < KEPT_OUTPUT_LINES)
        kept.push(escapeInvisible(line.slice(0, OUTPUT_EXCERPT_CHARS)));
    if (buffer.length > OUTPUT_EXCERPT_CHARS) buffer = buffer.slice(0, OUTPUT_EXCERPT_CHARS);
  });
  return () =>
    buffer.trim() !== '' && kept.length < KEPT_OUTPUT_LINES ? [...kept, escapeInvisible(buffer)] : kept;
}

/**
 * A server the publisher describes as Streamable HTTP (or that announced an address): started
 * once in the sandbox, listening on `port` of the sandbox's own loopback, and reached through
 * the bridge's Unix socket; every connection is a new MCP session on the same process (started
 * again if it died). Until it first answers, a refused connection means "not listening yet".
 */
export function httpServerLauncher(
  sandbox: Sandbox,
  command: string,
  args: readonly string[],
  http: { port: number; path: string },
): ServerLauncher & { url: string } {
  const url = `http://localhost:${http.port}${http.path}`;
  let started: SandboxedProcess | null = null;
  let output: () => string[] = () => [];
  let answered = false;
  const base: Fetch = sandbox.contained
    ? socketFetch(sandbox.httpSocket)
    : (input, init) => fetch(input, init);
  const patient =
    (server: SandboxedProcess): Fetch =>
    async (input, init) => {
      const since = Date.now();
      for (;;) {
        try {
          const response = await base(input, init);
          answered = true;
          return response;
        } catch (error) {
          if (
            answered ||
            init?.signal?.aborted ||
            server.hasExited() ||
            Date.now() - since > LISTEN_PATIENCE_MS
          )
            throw error;
          await new Promise((resolve) => setTimeout(resolve, LISTEN_POLL_MS));
        }
      }
    };
  return {
    transport: 'streamable-http',
    url,
    open() {
      if (!started || started.hasExited()) {
        answered = false;
        started = sandbox.spawn(command, args, { watchNetwork: true, serveHttpPort: http.port });
        output = keepLines(started);
      }
      const server = started;
      return {
        transport: new StreamableHTTPClientTransport(new URL(url), { fetch: patient(server) }),
        async failure(): Promise<StartEvidence> {
          let exit: StartEvidence['exit'] = null;
          await Promise.race([
            server.exited.then(async (ended) => {
              const signal = sandbox.contained ? signalOf(ended.code, ended.signal) : ended.signal;
              exit = { code: signal ? null : ended.code, signal };
              await server.closed;
            }),
            new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS).unref()),
          ]);
          return { exit, stderr: server.stderrText(), stdout: output(), url };
        },
      };
    },
  };
}

export function httpLauncher(url: string): ServerLauncher {
  return {
    transport: 'streamable-http',
    url,
    open() {
      return {
        transport: new StreamableHTTPClientTransport(new URL(url)),
        failure: async () => ({ exit: null, stderr: '', stdout: [] }),
      };
    },
  };
}
