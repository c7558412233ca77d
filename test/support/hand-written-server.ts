/**
 * A hand-written MCP server, as a hostile or broken one would be: the SDK's own Server refuses to
 * send a result that does not validate, so this one answers JSON-RPC itself. A method it was given
 * a result for answers with that result, one it was given an error for answers with that error,
 * anything else with Method not found.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ServerLauncher } from '../../src/evaluator/mcp-probe.ts';

export interface JsonRpcError {
  code: number;
  message: string;
}

export function handWritten(
  capabilities: Record<string, unknown>,
  results: Record<string, unknown>,
  errors: Record<string, JsonRpcError> = {},
): ServerLauncher {
  return {
    transport: 'stdio',
    open() {
      const [client, server] = InMemoryTransport.createLinkedPair();
      server.onmessage = (message) => {
        if (!('id' in message) || !('method' in message)) return;
        const { id, method } = message;
        const result =
          method === 'initialize'
            ? {
                protocolVersion: (message.params as { protocolVersion: string }).protocolVersion,
                capabilities,
                serverInfo: { name: 'hand-written', version: '1.0.0' },
              }
            : method === 'ping'
              ? {}
              : results[method];
        const error = errors[method] ?? { code: -32601, message: 'Method not found' };
        void server.send(
          (result === undefined ? { jsonrpc: '2.0', id, error } : { jsonrpc: '2.0', id, result }) as never,
        );
      };
      void server.start();
      return { transport: client, failure: async () => 'in-process fixture' };
    },
  };
}
