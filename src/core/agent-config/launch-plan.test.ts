import { describe, expect, it } from 'vitest';
import {
  announcedAddress,
  DEFAULT_HTTP_PORT,
  hintsFromConfiguration,
  hintsFromReadme,
  hintsFromServerJson,
  placeholderValue,
  planLaunch,
} from './launch-plan.ts';

/** Client configuration blocks as real READMEs print them (HubSpot, LaunchDarkly, the PDF server, filesystem). */
const HUBSPOT = `## Claude Desktop

\`\`\`json
{
  "mcpServers": {
    "hubspot": {
      "command": "npx",
      "args": ["-y", "@hubspot/mcp-server"],
      "env": {
        "PRIVATE_APP_ACCESS_TOKEN": "<your-private-app-access-token>"
      }
    }
  }
}
\`\`\`
`;

const LAUNCHDARKLY = `\`\`\`json
{
  "mcpServers": {
    "LaunchDarkly": {
      "command": "npx",
      "args": [
        "-y", "--package", "@launchdarkly/mcp-server", "--", "mcp", "start",
        "--api-key", "api-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
      ]
    }
  }
}
\`\`\``;

const PDF = `Add to your MCP client configuration (stdio transport):

\`\`\`json
{
  "mcpServers": {
    "pdf": {
      "command": "npx",
      "args": [
        "-y",
        "--silent",
        "--registry=https://registry.npmjs.org/",
        "@modelcontextprotocol/server-pdf",
        "--stdio"
      ]
    }
  }
}
\`\`\`

### Local Development

\`\`\`json
{
  "mcpServers": {
    "pdf": { "command": "bash", "args": ["-c", "cd ~/code/ext-apps && node dist/index.js --stdio"] }
  }
}
\`\`\``;

const FILESYSTEM = `\`\`\`jsonc
{
  // VS Code
  "servers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem@latest", "/Users/username/Desktop", "\${workspaceFolder}",],
    },
  },
}
\`\`\``;

describe('hintsFromReadme', () => {
  it('takes the variables of the entry that runs the package', () => {
    expect(hintsFromReadme(HUBSPOT, '@hubspot/mcp-server', ['mcp-hubspot'])).toEqual({
      args: null,
      env: { PRIVATE_APP_ACCESS_TOKEN: '<your-private-app-access-token>' },
    });
  });

  it('takes the subcommand after npx --package … -- bin', () => {
    expect(hintsFromReadme(LAUNCHDARKLY, '@launchdarkly/mcp-server', ['mcp'])?.args).toEqual([
      'start',
      '--api-key',
      'api-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
    ]);
  });

  it('skips npx options before the package and takes --stdio after it', () => {
    expect(hintsFromReadme(PDF, '@modelcontextprotocol/server-pdf', ['mcp-pdf-server'])?.args).toEqual([
      '--stdio',
    ]);
  });

  it('reads VS Code blocks with comments and trailing commas, and maps local paths to the work folder', () => {
    expect(
      hintsFromReadme(FILESYSTEM, '@modelcontextprotocol/server-filesystem', ['mcp-server-filesystem'])?.args,
    ).toEqual(['{workdir}', '{workdir}']);
  });

  it('ignores entries for other packages, and variables that would change the sandbox', () => {
    const other = HUBSPOT.replace('"PRIVATE_APP', '"NODE_OPTIONS": "--require /evil.js", "PRIVATE_APP');
    expect(hintsFromReadme(other, '@other/server', [])).toBeNull();
    expect(hintsFromReadme(other, '@hubspot/mcp-server', [])?.env).toEqual({
      PRIVATE_APP_ACCESS_TOKEN: '<your-private-app-access-token>',
    });
  });
});

describe('hintsFromServerJson', () => {
  const serverJson = {
    name: 'io.github.example/weather',
    version: '1.2.0',
    packages: [
      {
        registryType: 'npm',
        identifier: 'weather-mcp',
        version: '1.2.0',
        runtimeHint: 'npx',
        runtimeArguments: [{ type: 'positional', value: '-y' }],
        packageArguments: [
          { type: 'positional', valueHint: 'command', value: 'start' },
          { type: 'named', name: '--units', default: 'metric' },
          { type: 'named', name: '--api-key', valueHint: 'key', isRequired: true, isSecret: true },
          { type: 'named', name: '--log-file', valueHint: 'path' },
          { type: 'named', name: '--stdio' },
        ],
        transport: { type: 'stdio' },
        environmentVariables: [
          { name: 'WEATHER_API_KEY', isRequired: true, isSecret: true },
          { name: 'WEATHER_REGION', default: 'eu' },
          { name: 'WEATHER_DEBUG' },
        ],
      },
    ],
  };

  it('builds arguments from packageArguments and placeholders for required secrets', () => {
    expect(hintsFromServerJson(serverJson, 'weather-mcp')).toEqual({
      args: ['start', '--units', 'metric', '--api-key', placeholderValue('api-key'), '--stdio'],
      env: { WEATHER_API_KEY: placeholderValue('WEATHER_API_KEY'), WEATHER_REGION: 'eu' },
    });
  });

  it('reads a local Streamable HTTP transport, and says when the transport is one it cannot start', () => {
    const http = structuredClone(serverJson);
    http.packages[0]!.transport = { type: 'streamable-http', url: 'http://localhost:{PORT}/mcp' } as never;
    http.packages[0]!.environmentVariables.push({ name: 'PORT', default: '3999' } as never);
    expect(hintsFromServerJson(http, 'weather-mcp')?.http).toEqual({ port: 3999, path: '/mcp' });
    const sse = structuredClone(serverJson);
    sse.packages[0]!.transport = { type: 'sse' } as never;
    expect(hintsFromServerJson(sse, 'weather-mcp')?.unsupportedTransport).toBe('sse');
    expect(hintsFromServerJson(serverJson, 'other-package')).toBeNull();
  });

  it('chooses the port when the port variable has no value, and tells the server through it', () => {
    const http = structuredClone(serverJson);
    http.packages[0]!.transport = { type: 'streamable-http', url: 'http://localhost:{PORT}/mcp' } as never;
    http.packages[0]!.environmentVariables.push({ name: 'PORT', isRequired: true } as never);
    const hints = hintsFromServerJson(http, 'weather-mcp')!;
    expect(hints.http).toEqual({ port: DEFAULT_HTTP_PORT, path: '/mcp' });
    expect(hints.env.PORT).toBe(String(DEFAULT_HTTP_PORT));
    // A --port argument without a value gets the same port, not a placeholder word.
    expect(placeholderValue('port')).toBe(String(DEFAULT_HTTP_PORT));
    expect(placeholderValue('MCP_PORT')).toBe(String(DEFAULT_HTTP_PORT));
    expect(placeholderValue('REPORT')).toBe('afscore-placeholder-report');
    // No URL at all: the SDK's usual /mcp, on PORT.
    http.packages[0]!.transport = { type: 'streamable-http' } as never;
    expect(hintsFromServerJson(http, 'weather-mcp')?.http).toEqual({ port: DEFAULT_HTTP_PORT, path: '/mcp' });
    // A remote URL is not something to start here.
    http.packages[0]!.transport = { type: 'streamable-http', url: 'https://api.example.com/mcp' } as never;
    expect(hintsFromServerJson(http, 'weather-mcp')?.unsupportedTransport).toBe(
      'streamable-http at a non-local URL',
    );
  });
});

describe('hintsFromReadme with a local URL', () => {
  const readme = (config: unknown) => `# x\n\n\`\`\`json\n${JSON.stringify(config)}\n\`\`\`\n`;

  it('starts the package for HTTP on the port of the URL its client configuration gives', () => {
    const hints = hintsFromReadme(
      readme({ mcpServers: { pdf: { type: 'http', url: 'http://localhost:3001/mcp' } } }),
      'pdf-server',
      ['pdf-server'],
    );
    expect(hints).toEqual({ args: null, env: { PORT: '3001' }, http: { port: 3001, path: '/mcp' } });
  });

  it('prefers an entry that runs the package, and ignores remote and SSE URLs', () => {
    const both = readme({
      mcpServers: {
        remote: { url: 'http://localhost:3001/mcp' },
        local: { command: 'npx', args: ['-y', 'pdf-server', '--stdio'] },
      },
    });
    expect(hintsFromReadme(both, 'pdf-server', ['pdf-server'])).toEqual({ args: ['--stdio'], env: {} });
    expect(
      hintsFromReadme(readme({ mcpServers: { a: { url: 'https://pdf.example.com/mcp' } } }), 'p', []),
    ).toBeNull();
    expect(
      hintsFromReadme(
        readme({ mcpServers: { a: { type: 'sse', url: 'http://localhost:3001/sse' } } }),
        'p',
        [],
      ),
    ).toBeNull();
  });
});

describe('announcedAddress', () => {
  it('reads the port and path a server says it listens on', () => {
    expect(announcedAddress('MCP server listening on http://localhost:3001/mcp')).toEqual({
      port: 3001,
      path: '/mcp',
    });
    expect(announcedAddress('Server running at http://127.0.0.1:8931.')).toEqual({
      port: 8931,
      path: '/mcp',
    });
    expect(announcedAddress('Streamable HTTP server listening on port 3000')).toEqual({
      port: 3000,
      path: '/mcp',
    });
    expect(announcedAddress('listening on http://0.0.0.0:4000/api/mcp, ready')).toEqual({
      port: 4000,
      path: '/api/mcp',
    });
    expect(announcedAddress('listening on https://example.com:443/mcp')).toBeNull();
    expect(announcedAddress('Ready.')).toBeNull();
  });
});

describe('planLaunch', () => {
  it('takes arguments from the most specific source and variables from all', () => {
    const plan = planLaunch({
      'server.json': { args: null, env: { A_TOKEN: 'x' } },
      readme: { args: ['start'], env: { A_TOKEN: 'readme', B_URL: 'http://example' } },
      catalogue: hintsFromConfiguration({
        environment: [{ name: 'C_KEY', description: 'a key' }],
        arguments: [{ name: 'folder', description: 'the folder to serve' }],
      }),
    });
    expect(plan).toEqual({
      args: ['start'],
      argsFrom: 'readme',
      env: { A_TOKEN: 'x', B_URL: 'http://example', C_KEY: placeholderValue('C_KEY') },
      envFrom: ['server.json', 'readme', 'catalogue'],
    });
    expect(planLaunch({})).toEqual({ args: [], argsFrom: 'none', env: {}, envFrom: [] });
  });
});
