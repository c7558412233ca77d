import { describe, expect, it } from 'vitest';
import { installPlan, placeholder } from './package-install.ts';

const DBHUB = {
  repository: 'https://github.com/bytebase/dbhub',
  distribution: { npm: '@bytebase/dbhub' },
  configuration: {
    environment: [
      {
        name: 'DSN',
        description: 'Database connection string',
        placeholder: 'your database URL',
        secret: true,
      },
      { name: 'DBHUB_LOG', description: 'Log level', required: false },
    ],
  },
};

describe('installPlan', () => {
  it('puts a placeholder for every required variable into the command and the client entry', () => {
    const plan = installPlan(DBHUB);
    expect(plan.local).toEqual([
      {
        channel: 'npm',
        command: 'npx',
        args: ['-y', '@bytebase/dbhub'],
        env: { DSN: '<your database URL>' },
        shell: 'DSN="<your database URL>" npx -y @bytebase/dbhub',
      },
    ]);
    expect(plan.required).toEqual([
      { kind: 'environment', name: 'DSN', description: 'Database connection string', secret: true },
    ]);
  });

  it('adds positional and flagged arguments, repeated ones once', () => {
    const plan = installPlan({
      repository: 'https://github.com/modelcontextprotocol/servers',
      distribution: { npm: '@modelcontextprotocol/server-filesystem', pypi: 'fs-server' },
      configuration: {
        arguments: [
          { name: 'allowed folder', description: 'A folder the server may use', repeated: true },
          { name: 'mode', flag: '--mode', description: 'Access mode', placeholder: 'read or write' },
        ],
      },
    });
    expect(plan.local.map((launch) => launch.shell)).toEqual([
      'npx -y @modelcontextprotocol/server-filesystem "<allowed folder>" --mode "<read or write>"',
      'uvx fs-server "<allowed folder>" --mode "<read or write>"',
    ]);
  });

  it('passes variables into a container with -e, and headers to a remote endpoint', () => {
    const plan = installPlan({
      repository: 'https://github.com/github/github-mcp-server',
      distribution: { oci: 'ghcr.io/github/github-mcp-server', remote: 'https://api.githubcopilot.com/mcp/' },
      configuration: {
        environment: [
          {
            name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
            description: 'A token',
            placeholder: 'your GitHub token',
            secret: true,
          },
        ],
        headers: [
          {
            name: 'Authorization',
            prefix: 'Bearer ',
            description: 'A token',
            placeholder: 'your GitHub token',
            secret: true,
          },
        ],
      },
    });
    expect(plan.local[0]).toMatchObject({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '<your GitHub token>' },
      shell:
        'GITHUB_PERSONAL_ACCESS_TOKEN="<your GitHub token>" docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server',
    });
    expect(plan.remote).toEqual({
      url: 'https://api.githubcopilot.com/mcp/',
      headers: { Authorization: 'Bearer <your GitHub token>' },
    });
  });

  it('needs nothing for a package that needs nothing', () => {
    const plan = installPlan({
      repository: 'https://x.example/r',
      distribution: { npm: 'plain' },
      configuration: {},
    });
    expect(plan.local[0]!.shell).toBe('npx -y plain');
    expect(plan.required).toEqual([]);
  });

  it('names a placeholder by its words, else by the setting', () => {
    expect(placeholder({ name: 'API_KEY' })).toBe('<API_KEY>');
  });
});
