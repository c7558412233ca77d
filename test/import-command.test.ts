/**
 * `afscore import` on a copy of the real catalogue, against a fake MCP Registry that pages its
 * listing (several pages, `updated_since`), a fake npm built from real packuments, and a real local
 * git repository of SKILL.md folders. Dedup against the catalogue, rules for categories marked for
 * review, reasons for every skip and rejection, and nothing written on a dry run.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import type { ImportReport } from '../src/core/registry/import-report.ts';
import type { RegistryRecord } from '../src/core/registry/registry-record.ts';
import { loadRepository } from '../src/data/load-repository.ts';
import { captureIo } from './support/capture-io.ts';
import { type FakeRegistries, registryFixture, startFakeRegistries } from './support/fake-registries.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
const REPO = join(import.meta.dirname, '..');
let fake: FakeRegistries;

beforeAll(async () => {
  fake = await startFakeRegistries();
});
afterAll(() => fake.close());

/** The bundled catalogue (packages, categories, registry records), in a scratch folder. */
function catalogueCopy(): string {
  const root = tempDir();
  for (const dir of ['data/categories', 'data/packages', 'data/registry']) {
    cpSync(join(REPO, dir), join(root, dir), { recursive: true });
  }
  return root;
}

async function run(root: string, ...args: string[]) {
  const io = captureIo(root, Date.parse('2026-11-25T18:00:00Z'));
  const code = await main(
    [
      'import',
      ...args,
      '--npm-registry',
      fake.endpoints.npm,
      '--registry-url',
      fake.endpoints.mcpRegistry,
      '--rate',
      '50',
    ],
    io,
  );
  return { code, io };
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const report = (root: string) => JSON.parse(read(root, 'report.json')) as ImportReport;

describe('afscore import mcp-registry', () => {
  it('pages through the listing, adds new servers for review, and says why it left the others', async () => {
    fake.servers = registryFixture('mcp-registry/servers.json') as unknown as Record<string, unknown>[];
    fake.pageSize = 3;
    const root = catalogueCopy();
    const asked = fake.requests.length;
    const { code, io } = await run(
      root,
      'mcp-registry',
      '--report',
      'report.json',
      '--markdown',
      'report.md',
    );
    expect(code).toBe(0);
    const listing = fake.requests.slice(asked).filter((request) => request.path === '/mcp/v0.1/servers');
    expect(listing.map((request) => request.query.get('cursor') !== null)).toEqual([false, true, true]);
    expect(listing[0]?.query.get('version')).toBe('latest');
    expect(io.stdout.at(-1)).toBe('✓ import mcp-registry: 3 added, 3 skipped, 2 rejected');
    const result = report(root);
    expect(result.added).toEqual([
      {
        id: 'warehouse-mcp',
        ref: 'io.github.acme-data/warehouse-mcp',
        category: 'databases',
        needs_review: ['category'],
      },
      { id: 'forecast', ref: 'com.weatherly/forecast', category: 'productivity', needs_review: ['category'] },
      {
        id: 'sheets-mcp',
        ref: 'io.github.tabular/sheets-mcp',
        category: 'documents',
        needs_review: ['category', 'name'],
      },
    ]);
    expect(result.skipped).toEqual([
      {
        ref: 'io.github.microsoft/playwright-mcp',
        reason: 'already catalogued as playwright-mcp (same npm)',
      },
      { ref: 'io.github.oldco/legacy-notes', reason: 'deprecated in the registry' },
      {
        ref: 'io.github.modelcontextprotocol/server-filesystem',
        reason: 'already catalogued as server-filesystem (same npm)',
      },
    ]);
    expect(result.rejected).toEqual([
      { ref: 'io.github.tiny/x', reason: 'its description is under 10 characters' },
      { ref: 'ai.hosted/only-remote', reason: 'names no https source repository' },
    ]);
    expect(read(root, 'data/packages/warehouse-mcp.md')).toContain('needs_review: ["category"]');
    expect(read(root, 'data/packages/forecast.md')).toContain(
      '  remote: "https://mcp.weatherly.example/mcp"',
    );
    const record = JSON.parse(read(root, 'data/registry/warehouse-mcp.json')) as RegistryRecord;
    expect(record.imported).toEqual({
      source: 'mcp-registry',
      ref: 'io.github.acme-data/warehouse-mcp',
      at: '2026-11-25T18:00:00.000Z',
    });
    expect(record.sources['mcp-registry']?.packages[0]?.environment_variables[0]).toEqual({
      name: 'WAREHOUSE_URL',
      description: 'Postgres connection string',
      is_required: true,
      is_secret: true,
    });
    expect(read(root, 'report.md')).toContain(
      '| `warehouse-mcp` | io.github.acme\\-data/warehouse\\-mcp | databases |',
    );
    expect(loadRepository(root, { withoutGit: true }).issues).toEqual([]);
    expect(JSON.parse(read(root, 'data/registry/.imports.json'))).toEqual({
      'mcp-registry': { updated_since: '2026-11-23T08:00:00.000Z', imported_at: '2026-11-25T18:00:00.000Z' },
    });

    // The next import asks only for what changed since, and the registry answers deleted ones too.
    fake.servers.push({
      server: {
        name: 'io.github.acme-data/lake-mcp',
        description: 'Browse a data lake of Parquet tables and query them with SQL.',
        version: '0.2.0',
        repository: { url: 'https://github.com/acme-data/lake-mcp', source: 'github' },
        packages: [
          {
            registryType: 'npm',
            identifier: '@acme-data/lake-mcp',
            version: '0.2.0',
            transport: { type: 'stdio' },
          },
        ],
      },
      _meta: {
        'io.modelcontextprotocol.registry/official': {
          status: 'active',
          publishedAt: '2026-11-24T10:00:00Z',
          updatedAt: '2026-11-24T10:00:00Z',
          isLatest: true,
        },
      },
    });
    const before = fake.requests.length;
    const again = await run(root, 'mcp-registry', '--updated-since', 'last', '--report', 'report.json');
    expect(again.code).toBe(0);
    const incremental = fake.requests.slice(before).filter((request) => request.path === '/mcp/v0.1/servers');
    expect(incremental.map((request) => request.query.get('updated_since'))).toEqual([
      '2026-11-23T08:00:00.000Z',
    ]);
    expect(report(root).added.map((added) => added.id)).toEqual(['lake-mcp']);
  });

  it('refuses a bad time, and writes nothing on a dry run', async () => {
    fake.servers = registryFixture('mcp-registry/servers.json') as unknown as Record<string, unknown>[];
    fake.pageSize = 100;
    const root = catalogueCopy();
    expect((await run(root, 'mcp-registry', '--updated-since', 'yesterday')).code).toBe(2);
    const dry = await run(root, 'mcp-registry', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.io.stdout.join('\n')).toContain('+++ b/data/packages/warehouse-mcp.md');
    expect(existsSync(join(root, 'data/packages/warehouse-mcp.md'))).toBe(false);
    expect(existsSync(join(root, 'data/registry/.imports.json'))).toBe(false);
  });

  it('stops with what it has when a page fails, and keeps the watermark', async () => {
    fake.servers = registryFixture('mcp-registry/servers.json') as unknown as Record<string, unknown>[];
    fake.pageSize = 3;
    const root = catalogueCopy();
    fake.fail('/mcp/v0.1/servers', 1, { status: 400, body: '{"error":"invalid cursor"}' });
    const { code, io } = await run(root, 'mcp-registry');
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain('⚠ page 1 failed: answered 400');
    expect(existsSync(join(root, 'data/registry/.imports.json'))).toBe(false);
  });
});

describe('afscore import npm', () => {
  it('adds npm packages that are MCP servers, and rejects the rest with reasons', async () => {
    const github = registryFixture('npm/server-github.json') as {
      versions: Record<string, Record<string, unknown>>;
    };
    const renamed = structuredClone(github) as Record<string, unknown> & typeof github;
    renamed._id = '@acme/github-mcp';
    renamed.name = '@acme/github-mcp';
    for (const version of Object.values(renamed.versions)) {
      version.name = '@acme/github-mcp';
      version.repository = { type: 'git', url: 'git+https://github.com/acme/github-mcp.git' };
    }
    fake.npm.set('@acme/github-mcp', renamed);
    fake.npm.set('claude-skills', registryFixture('npm/claude-skills.json'));
    fake.npm.set('exa-mcp-server', registryFixture('npm/exa-mcp-server.json'));
    const root = catalogueCopy();
    writeFileSync(
      join(root, 'names.txt'),
      '# candidates\n@acme/github-mcp\nexa-mcp-server\nclaude-skills\nnot-on-npm-at-all\nBad Name\n',
    );
    const { code, io } = await run(root, 'npm', 'names.txt', '--report', 'report.json');
    expect(code).toBe(0);
    expect(io.stdout.at(-1)).toBe('✓ import npm: 1 added, 1 skipped, 3 rejected');
    const result = report(root);
    expect(result.added).toEqual([
      {
        id: 'github-mcp',
        ref: '@acme/github-mcp',
        category: 'developer-tools',
        needs_review: ['category', 'name'],
      },
    ]);
    expect(result.skipped).toEqual([
      { ref: 'exa-mcp-server', reason: 'already catalogued as exa-mcp-server (same npm)' },
    ]);
    expect(result.rejected).toEqual([
      {
        ref: 'claude-skills',
        reason:
          'is not an MCP server as far as npm says: no MCP SDK dependency, no mcpName, no command with MCP keywords',
      },
      { ref: 'not-on-npm-at-all', reason: 'npm has no such package' },
      { ref: 'Bad Name', reason: 'is not an npm package name' },
    ]);
    const text = read(root, 'data/packages/github-mcp.md');
    expect(text).toContain('name: "GitHub MCP"');
    expect(text).toContain('repository: "https://github.com/acme/github-mcp"');
    expect(text).toContain('version: "2025.4.8"');
    expect(loadRepository(root, { withoutGit: true }).issues).toEqual([]);
  });
});

describe('afscore import skills', () => {
  function skillsRepository(): string {
    const dir = tempDir('afscore-skills-src-');
    const skill = (path: string, frontmatter: string) => {
      mkdirSync(join(dir, path), { recursive: true });
      writeFileSync(join(dir, path, 'SKILL.md'), `---\n${frontmatter}\n---\n# Steps\n`);
    };
    skill(
      'skills/pdf-tools',
      'name: pdf-tools\ndescription: Fill, merge and split PDF files. Use when the user has a PDF form to complete.\nlicense: MIT',
    );
    skill(
      'skills/misnamed',
      'name: something-else\ndescription: A skill whose folder does not match its name.',
    );
    mkdirSync(join(dir, 'skills/escape'), { recursive: true });
    symlinkSync('/etc/hostname', join(dir, 'skills/escape/SKILL.md'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', dir, ...args], {
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@t',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@t',
        },
      });
    git('init', '--quiet', '--initial-branch', 'main');
    git('add', '.');
    git('commit', '--quiet', '-m', 'skills');
    return dir;
  }

  it('takes every valid SKILL.md folder of a git repository, once, and never follows a link', async () => {
    const source = skillsRepository();
    const root = catalogueCopy();
    const first = await run(
      root,
      'skills',
      source,
      '--repository-url',
      'https://github.com/acme/skills',
      '--report',
      'report.json',
    );
    expect(first.code).toBe(0);
    const result = report(root);
    expect(result.added).toEqual([
      {
        id: 'skills-pdf-tools',
        ref: 'https://github.com/acme/skills/skills/pdf-tools',
        category: 'documents',
        needs_review: ['category', 'name'],
      },
    ]);
    expect(result.rejected).toEqual([
      {
        ref: 'https://github.com/acme/skills/skills/escape',
        reason: 'SKILL.md has no valid name (lowercase letters, digits and single hyphens, at most 64)',
      },
      {
        ref: 'https://github.com/acme/skills/skills/misnamed',
        reason: 'SKILL.md names "something-else" but its folder is "misnamed"',
      },
    ]);
    expect(read(root, 'data/packages/skills-pdf-tools.md')).toContain('  skill: "skills/pdf-tools"');
    const again = await run(
      root,
      'skills',
      source,
      '--repository-url',
      'https://github.com/acme/skills',
      '--report',
      'report.json',
    );
    expect(again.io.stdout.at(-1)).toBe('✓ import skills: 0 added, 1 skipped, 2 rejected');
    expect(report(root).skipped[0]?.reason).toBe('already catalogued as skills-pdf-tools (same repo)');
    expect(loadRepository(root, { withoutGit: true }).issues).toEqual([]);
    const local = await run(root, 'skills', source);
    expect(local.code).toBe(2);
    expect(local.io.stderr[0]).toContain('--repository-url must be the https address');
  });
});
