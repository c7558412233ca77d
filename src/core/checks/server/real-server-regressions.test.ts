/**
 * False alarms found on reputable servers from npm, kept as tests with the servers' own words.
 * Each text is quoted from the published package named beside it (all MIT-licensed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import {
  checkEnvironmentDocumented,
  checkOpenLicence,
  needsRepositoryLicence,
} from '../package/package-checks.ts';
import { findSecrets } from '../secrets.ts';
import { checkParameterDescriptions } from './descriptions.ts';
import {
  checkHiddenCharacters,
  checkHiddenInstructions,
  checkSensitiveRequests,
  checkShadowing,
} from './poisoning.ts';
import { checkRiskyCapabilities } from './risk-annotations.ts';

const securityOf = (snapshot: ReturnType<typeof mcpSnapshot>) =>
  [checkHiddenCharacters, checkHiddenInstructions, checkShadowing, checkSensitiveRequests].map((check) => [
    check(snapshot).id,
    check(snapshot).status,
  ]);

describe('reputable servers pass what they do not do', () => {
  it('@circleci/mcp-server-circleci 0.20.0: a sentence that rejects ~/.ssh is not a request for it', () => {
    const snapshot = mcpSnapshot([
      tool('download_usage_api_data', {
        description: 'Download usage data from the CircleCI Usage API for a given organization.',
        inputSchema: {
          type: 'object',
          properties: {
            outputDir: {
              type: 'string',
              description:
                'The directory to save the downloaded usage data CSV file. Must be inside the current working directory, the user home directory, or a temp directory. System paths and hidden config directories (e.g. "/etc", "~/.ssh") are rejected.',
            },
          },
        },
      }),
    ]);
    expect(securityOf(snapshot)).toEqual([
      ['SEC-01', 'pass'],
      ['SEC-02', 'pass'],
      ['SEC-03', 'pass'],
      ['SEC-04', 'pass'],
    ]);
  });

  it('@drawio/mcp 1.6.1: 48 KB of drawing rules in two tool descriptions raise nothing', () => {
    const folder = join(import.meta.dirname, '../../../../test/fixtures/real-definitions/drawio-mcp-1.6.1');
    const snapshot = mcpSnapshot([
      tool('open_drawio_mermaid', {
        description: `Opens the draw.io editor with a diagram from Mermaid.js syntax.\n\n${readFileSync(join(folder, 'mermaid-reference.md'), 'utf8')}`,
      }),
      tool('open_drawio_xml', {
        description: `Opens the draw.io editor with a diagram from XML content. Use this to view, edit, or create diagrams in draw.io format. The XML should be valid draw.io/mxGraph XML format.\n\n${readFileSync(join(folder, 'xml-reference.md'), 'utf8')}`,
      }),
      tool('search_shapes', { description: 'Searches the draw.io shape library.' }),
    ]);
    expect(securityOf(snapshot)).toEqual([
      ['SEC-01', 'pass'],
      ['SEC-02', 'pass'],
      ['SEC-03', 'pass'],
      ['SEC-04', 'pass'],
    ]);
  });

  it('@drawio/mcp 1.6.1: forbidding XML comments is not hidden markup', () => {
    const snapshot = mcpSnapshot([
      tool('open_drawio_xml', {
        description:
          'Opens draw.io with the given diagram XML.\n- **NEVER include ANY XML comments (`<!-- -->`) in the output.** XML comments are strictly forbidden — they waste tokens, can cause parse errors, and serve no purpose in diagram XML.',
      }),
    ]);
    expect(checkHiddenInstructions(snapshot).status).toBe('pass');
  });

  it('@modelcontextprotocol/server-everything: an `add` tool is arithmetic, not a write', () => {
    const snapshot = mcpSnapshot([
      tool('add', {
        description: 'Adds two numbers',
        inputSchema: {
          type: 'object',
          properties: {
            a: { type: 'number', description: 'First number' },
            b: { type: 'number', description: 'Second number' },
          },
          required: ['a', 'b'],
        },
      }),
      tool('add_comment', { description: 'Adds a comment to an issue.' }),
    ]);
    const result = checkRiskyCapabilities(snapshot);
    expect(result.message).toBe('0 of 1 risky tools declare destructive/open-world annotations.');
    expect(result.evidence?.map((item) => item.value)).toEqual([
      'add_comment (write) does not declare destructiveHint',
    ]);
  });

  it('@wonderwhy-er/desktop-commander 0.2.52: detecting CI, terminals and Windows needs no README entry', () => {
    const file = (path: string, text: string) => ({ path, size: text.length, text });
    const facts = {
      manifest: { name: '@wonderwhy-er/desktop-commander' },
      files: [
        file(
          'README.md',
          '# Desktop Commander MCP\n\nSearch, update, manage files and run terminal commands with AI.\n',
        ),
        file('dist/tools/config.js', "        const systemRoot = process.env.SystemRoot ?? 'C:\\\\Windows';"),
        file(
          'dist/setup-claude-server.js',
          '    isCI: !!process.env.CI || !!process.env.GITHUB_ACTIONS || !!process.env.TRAVIS || !!process.env.CIRCLECI,',
        ),
        file('dist/utils/capture.js', '    const raw = process.env.DESKTOP_COMMANDER_DISABLE_TELEMETRY;'),
      ],
      registry: null,
    };
    const result = checkEnvironmentDocumented(facts);
    // One variable of its own (not P or S out of SystemRoot), and the README does not name it.
    expect(result).toMatchObject({
      status: 'fail',
      message: '0 of 1 environment variables are mentioned in the README.',
      evidence: [{ value: 'DESKTOP_COMMANDER_DISABLE_TELEMETRY is read but not mentioned' }],
    });
  });

  it('@modelcontextprotocol/server-memory: a declared MIT licence without a LICENSE file is half credit, not the cap', () => {
    const result = checkOpenLicence({
      manifest: { name: '@modelcontextprotocol/server-memory', license: 'MIT' },
      files: [
        { path: 'README.md', size: 10, text: '# Memory' },
        { path: 'dist/index.js', size: 10, text: '' },
      ],
      registry: null,
    });
    expect(result.status).toBe('partial');
    expect(result.message).toContain('package.json declares MIT');
  });

  describe('@modelcontextprotocol/server-memory 2026.8.31: "SEE LICENSE IN LICENSE", the licence at the monorepo root', () => {
    const real = join(
      import.meta.dirname,
      '../../../../test/fixtures/real-definitions/modelcontextprotocol-servers-76d64c8',
    );
    const manifest = JSON.parse(readFileSync(join(real, 'server-memory-2026.8.31.package.json'), 'utf8'));
    const licence = readFileSync(join(real, 'LICENSE'), 'utf8');
    const repository = { owner: 'modelcontextprotocol', repo: 'servers', directory: null };
    const published = {
      manifest,
      files: [
        { path: 'README.md', size: 10, text: '# Knowledge Graph Memory Server' },
        { path: 'dist/index.js', size: 10, text: '' },
      ],
      registry: null,
    };
    const url = 'https://github.com/modelcontextprotocol/servers/blob/main/LICENSE';

    it('asks the repository only because the package shows no open licence of its own', () => {
      expect(needsRepositoryLicence(published)).toBe(true);
      expect(needsRepositoryLicence({ ...published, manifest: { ...manifest, license: 'MIT' } })).toBe(false);
    });

    it('is half credit, not the cap, when the repository holds the package and licenses it', () => {
      const result = checkOpenLicence({
        ...published,
        repositoryLicence: {
          outcome: 'found',
          repository,
          path: 'LICENSE',
          url,
          text: licence,
          namedBy: 'src/memory/package.json',
        },
      });
      expect(result.status).toBe('partial');
      expect(result.message).toContain(
        'whose src/memory/package.json names this package, has LICENSE: Apache-2.0 AND MIT',
      );
      expect(result.evidence).toContainEqual({ location: url, value: 'Apache-2.0 AND MIT' });
    });

    it('stays a failure when no package.json of the repository carries its name (a borrowed licence)', () => {
      const result = checkOpenLicence({
        ...published,
        repositoryLicence: {
          outcome: 'found',
          repository,
          path: 'LICENSE',
          url,
          text: licence,
          namedBy: null,
        },
      });
      expect(result.status).toBe('fail');
      expect(result.message).toContain('no package.json in it is named @modelcontextprotocol/server-memory');
    });

    it('says where it looked when GitHub could not be asked, and when it was not', () => {
      const unreachable = checkOpenLicence({
        ...published,
        repositoryLicence: {
          outcome: 'unreachable',
          repository,
          reason: 'GitHub answered 403: its rate limit',
        },
      });
      expect(unreachable.status).toBe('fail');
      expect(unreachable.message).toContain(
        'github.com/modelcontextprotocol/servers could not be read (GitHub answered 403',
      );
      expect(checkOpenLicence(published).message).toContain(
        'package.json declares "SEE LICENSE IN LICENSE", which is not an OSI- or FSF-approved licence, and the source repository github.com/modelcontextprotocol/servers was not checked',
      );
      expect(
        checkOpenLicence({ ...published, repositoryLicence: { outcome: 'none', repository } }).message,
      ).toContain(
        'GitHub knows no licence file in the source repository github.com/modelcontextprotocol/servers',
      );
    });
  });

  it('@zereight/mcp-gitlab 2.1.64: placeholder and mock tokens are not leaked credentials', () => {
    expect(
      findSecrets([
        { path: 'README.md', text: '"GITLAB_PERSONAL_ACCESS_TOKEN": "glpat-xxxxxxxxxxxxxxxxxxxx"' },
        {
          path: 'build/test/test-pipeline-schedules.js',
          text: "const token = 'glpat-mock-token-pipeline-1';",
        },
      ]),
    ).toEqual([]);
  });

  it('a server that wraps its arguments in one `params` object is checked on the arguments inside', () => {
    const wrapped = tool('search_work_items', {
      description: 'Searches work items by text and state.',
      inputSchema: {
        type: 'object',
        properties: {
          params: {
            type: 'object',
            properties: {
              text: { type: 'string', description: 'Text to search for' },
              state: { type: 'string', description: 'State to filter by, such as Active' },
              top: { type: 'number' },
            },
          },
        },
      },
    });
    expect(checkParameterDescriptions(mcpSnapshot([wrapped]))).toMatchObject({
      status: 'partial',
      message: '2 of 3 parameters are described.',
      evidence: [
        {
          location: '/tools/0/inputSchema/properties/params/properties/top',
          value: 'search_work_items.params.top',
        },
      ],
    });
  });
});
