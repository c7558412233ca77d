import { describe, expect, it } from 'vitest';
import { repositoryLabel, sourceRepository } from './source-repository.ts';

describe('the GitHub repository package.json names', () => {
  it.each([
    [
      { type: 'git', url: 'https://github.com/modelcontextprotocol/servers.git' },
      'modelcontextprotocol',
      'servers',
      null,
    ],
    [
      { type: 'git', url: 'git+https://github.com/upstash/context7.git', directory: 'packages/mcp' },
      'upstash',
      'context7',
      'packages/mcp',
    ],
    [{ url: 'git+ssh://git@github.com/microsoft/playwright-mcp.git' }, 'microsoft', 'playwright-mcp', null],
    ['github:ChromeDevTools/chrome-devtools-mcp', 'ChromeDevTools', 'chrome-devtools-mcp', null],
    ['bytebase/dbhub', 'bytebase', 'dbhub', null],
    ['git@github.com:wonderwhy-er/DesktopCommanderMCP.git', 'wonderwhy-er', 'DesktopCommanderMCP', null],
    [
      'https://github.com/awslabs/mcp/tree/main/src/aws-documentation-mcp-server',
      'awslabs',
      'mcp',
      'src/aws-documentation-mcp-server',
    ],
    [{ url: 'https://github.com/a/b', directory: './packages/x/' }, 'a', 'b', 'packages/x'],
  ])('reads %j', (repository, owner, repo, directory) => {
    expect(sourceRepository({ repository })).toEqual({ owner, repo, directory });
  });

  it.each([
    [undefined],
    ['gitlab:group/project'],
    [{ url: 'https://gitlab.com/group/project.git' }],
    [{ url: 'https://bitbucket.org/team/repo' }],
    ['https://example.com/a/b'],
    [{ type: 'git' }],
    [['https://github.com/a/b']],
    ['github:../etc'],
  ])('reads no GitHub repository in %j', (repository) => {
    expect(sourceRepository({ repository })).toBeNull();
  });

  it('drops a folder that climbs out of the repository', () => {
    expect(sourceRepository({ repository: { url: 'https://github.com/a/b', directory: '../../x' } })).toEqual(
      {
        owner: 'a',
        repo: 'b',
        directory: null,
      },
    );
  });

  it('labels it as a person writes it', () => {
    expect(repositoryLabel({ owner: 'modelcontextprotocol', repo: 'servers', directory: null })).toBe(
      'github.com/modelcontextprotocol/servers',
    );
  });
});
