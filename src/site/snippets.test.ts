import { describe, expect, it } from 'vitest';
import { installSnippets } from './snippets.ts';

const DBHUB = {
  id: 'dbhub',
  repository: 'https://github.com/bytebase/dbhub',
  distribution: { npm: '@bytebase/dbhub' },
  configuration: {
    environment: [
      { name: 'DSN', description: 'Database URL', placeholder: 'your database URL', secret: true },
    ],
  },
};

describe('install snippets', () => {
  it('give the command, the Claude Code command and the client entry, each with the DSN placeholder', () => {
    const snippets = installSnippets(DBHUB);
    expect(snippets.map((snippet) => snippet.label)).toEqual([
      'Command line (npm)',
      'Claude Code (npm)',
      'mcpServers entry (npm): Claude Desktop, Cursor, Windsurf',
    ]);
    expect(snippets[1]!.text).toBe(
      'claude mcp add dbhub --env DSN="<your database URL>" -- npx -y @bytebase/dbhub',
    );
    expect(JSON.parse(snippets[2]!.text)).toEqual({
      mcpServers: {
        dbhub: { command: 'npx', args: ['-y', '@bytebase/dbhub'], env: { DSN: '<your database URL>' } },
      },
    });
  });

  it('connect a remote endpoint with its headers', () => {
    const snippets = installSnippets({
      id: 'gh',
      repository: 'https://github.com/github/github-mcp-server',
      distribution: { remote: 'https://api.githubcopilot.com/mcp/' },
      configuration: {
        headers: [
          {
            name: 'Authorization',
            prefix: 'Bearer ',
            description: 'Token',
            placeholder: 'your GitHub token',
          },
        ],
      },
    });
    expect(snippets[1]!.text).toBe(
      'claude mcp add --transport http gh https://api.githubcopilot.com/mcp/ --header "Authorization: Bearer <your GitHub token>"',
    );
    expect(JSON.parse(snippets[2]!.text).mcpServers.gh.headers).toEqual({
      Authorization: 'Bearer <your GitHub token>',
    });
  });

  it('say where a skill folder goes', () => {
    const [skill] = installSnippets({
      id: 'pdf',
      repository: 'https://github.com/anthropics/skills',
      distribution: { skill: 'skills/pdf' },
      configuration: {},
    });
    expect(skill!.text).toContain(
      'git clone --depth 1 https://github.com/anthropics/skills\n# then copy the folder skills/pdf',
    );
  });
});
