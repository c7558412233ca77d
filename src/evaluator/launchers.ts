/** Opening connections to the server under evaluation: a process in the sandbox, or a URL. */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { escapeInvisible } from '../core/checks/escape-text.ts';
import type { ServerLauncher } from './mcp-probe.ts';
import type { Sandbox } from './sandbox.ts';
import { ProcessTransport } from './stdio-transport.ts';

const FAILURE_TAIL_CHARS = 300;
const EXIT_GRACE_MS = 1_000;

export function stdioLauncher(sandbox: Sandbox, command: string, args: readonly string[]): ServerLauncher {
  return {
    transport: 'stdio',
    open() {
      const started = sandbox.spawn(command, args, { watchNetwork: true });
      const transport = new ProcessTransport(started);
      return {
        transport,
        stdio: transport,
        async failure() {
          // A start-up failure can surface (as a write error) just before the exit is reported.
          // Then its last words: stderr can still be in the pipe when the exit is reported.
          await Promise.race([
            started.exited.then(() => started.closed),
            new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS).unref()),
          ]);
          const tail = escapeInvisible(started.stderrTail().trim()).slice(-FAILURE_TAIL_CHARS);
          if (!started.hasExited()) return tail ? `stderr: ${tail}` : '';
          return `the process exited${tail ? `; stderr: ${tail}` : ''}`;
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
      return { transport: new StreamableHTTPClientTransport(new URL(url)), failure: async () => '' };
    },
  };
}
