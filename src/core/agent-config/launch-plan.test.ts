import { describe, expect, it } from 'vitest';
import {
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
