/** Opening connections to the server under evaluation: a process in the sandbox, or a URL. */
import { constants } from 'node:os';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { WORKDIR } from '../core/agent-config/launch-plan.ts';
import type { StartFailure } from '../core/checks/start-failure.ts';
import type { ServerLauncher, StartEvidence } from './probe-connection.ts';
import type { Sandbox } from './sandbox.ts';
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
