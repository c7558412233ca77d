/**
 * How to add the MCP endpoint to each agent client, exactly as each one expects it. The shapes
 * differ in ways that fail silently (VS Code wants `servers`, Windsurf `serverUrl`, Gemini CLI
 * `httpUrl`), so the README and the site render these same snippets rather than their own.
 */

export interface ClientConfig {
  client: string;
  /** The file the JSON goes in. */
  file: string;
  /** Where else it can go, or what to watch for. */
  note: string;
  /** The configuration, pretty-printed as the file holds it. */
  json: string;
  /** A command that writes the same configuration, where the client has one. */
  command: string | null;
}

const SERVER_NAME = 'afscore';

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function clientConfigs(endpointUrl: string): ClientConfig[] {
  return [
    {
      client: 'Claude Code',
      file: '.mcp.json',
      note: 'in the project root; ~/.claude.json holds servers for every project',
      json: pretty({ mcpServers: { [SERVER_NAME]: { type: 'http', url: endpointUrl } } }),
      command: `claude mcp add --transport http ${SERVER_NAME} ${endpointUrl}`,
    },
    {
      client: 'Cursor',
      file: '~/.cursor/mcp.json',
      note: 'or .cursor/mcp.json in a project',
      json: pretty({ mcpServers: { [SERVER_NAME]: { url: endpointUrl } } }),
      command: null,
    },
    {
      client: 'VS Code',
      file: '.vscode/mcp.json',
      note: 'or the mcp.json of your user profile; the key is servers, not mcpServers, and type is required',
      json: pretty({ servers: { [SERVER_NAME]: { type: 'http', url: endpointUrl } } }),
      command: null,
    },
    {
      client: 'Windsurf',
      file: '~/.codeium/windsurf/mcp_config.json',
      note: 'the key is serverUrl; a Cursor-style url does not connect',
      json: pretty({ mcpServers: { [SERVER_NAME]: { serverUrl: endpointUrl } } }),
      command: null,
    },
    {
      client: 'Gemini CLI',
      file: '~/.gemini/settings.json',
      note: 'httpUrl means Streamable HTTP; url would mean the old SSE transport',
      json: pretty({ mcpServers: { [SERVER_NAME]: { httpUrl: endpointUrl } } }),
      command: null,
    },
  ];
}
