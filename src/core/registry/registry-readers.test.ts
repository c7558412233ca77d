/** The readers on real npm packuments (trimmed, test/fixtures/registries) and documented shapes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerList } from './mcp-registry-entry.ts';
import { httpsRepository, spdxLicence, utcTime } from './normalize.ts';
import { readPackument } from './npm-packument.ts';
import { readPypiProject } from './pypi-project.ts';

const fixture = (path: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../test/fixtures/registries', path), 'utf8'));

describe('npm packuments', () => {
  it('reads the latest version of a real packument: mcpName, licence, repository, publish time', () => {
    const result = readPackument(fixture('npm/playwright-mcp.json'), '@playwright/mcp');
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        status: 'ok',
        version: '0.0.83',
        publishedAt: '2026-09-29T02:10:00.640Z',
        license: 'Apache-2.0',
        repository: 'https://github.com/microsoft/playwright-mcp',
        homepage: 'https://playwright.dev',
        mcpName: 'io.github.microsoft/playwright-mcp',
        hasBin: true,
        sdkDependency: '@modelcontextprotocol/sdk',
        deprecated: null,
      }),
    });
  });

  it('reads no licence as null and a non-SPDX licence text as it is when it looks like one', () => {
    const exa = readPackument(fixture('npm/exa-mcp-server.json'), 'exa-mcp-server');
    expect(exa.ok && exa.value.status === 'ok' && exa.value.license).toBeNull();
    const square = readPackument(fixture('npm/square-mcp-server.json'), 'square-mcp-server');
    expect(square.ok && square.value.status === 'ok' && square.value.license).toBe('APACHE-2.0');
  });

  it('reads a deprecation message of the latest version, and an unpublished stub', () => {
    const body = fixture('npm/server-github.json');
    body.versions['2025.4.8'].deprecated =
      'Package no longer supported. Contact Support at https://www.npmjs.com/support for more info.';
    const deprecated = readPackument(body, '@modelcontextprotocol/server-github');
    expect(deprecated.ok && deprecated.value.status === 'ok' && deprecated.value.deprecated).toMatch(
      /^Package no longer supported/,
    );
    const stub = {
      _id: 'gone-mcp',
      name: 'gone-mcp',
      time: {
        created: '2025-01-01T00:00:00.000Z',
        modified: '2026-11-20T10:00:00.000Z',
        unpublished: { time: '2026-11-20T10:00:00.000Z', versions: ['1.0.0', '1.1.0'] },
      },
    };
    expect(readPackument(stub, 'gone-mcp')).toEqual({
      ok: true,
      value: { status: 'unpublished', name: 'gone-mcp', unpublishedAt: '2026-11-20T10:00:00.000Z' },
    });
    expect(readPackument({ name: 'x', versions: {} }, 'x').ok).toBe(false);
  });
});

describe('normalising publisher fields', () => {
  it('turns the repository forms npm accepts into https URLs, and refuses others', () => {
    expect(httpsRepository({ type: 'git', url: 'git+https://github.com/microsoft/playwright-mcp.git' })).toBe(
      'https://github.com/microsoft/playwright-mcp',
    );
    expect(httpsRepository('git@github.com:a/b.git')).toBe('https://github.com/a/b');
    expect(httpsRepository('github:a/b')).toBe('https://github.com/a/b');
    expect(httpsRepository('a/b')).toBe('https://github.com/a/b');
    expect(httpsRepository('git://github.com/a/b')).toBe('https://github.com/a/b');
    expect(httpsRepository('javascript:alert(1)')).toBeNull();
    expect(httpsRepository('https://user:pw@github.com/a/b')).toBeNull();
  });

  it('keeps SPDX-looking licences and drops prose', () => {
    expect(spdxLicence('SEE LICENSE IN LICENSE')).toBeNull();
    expect(spdxLicence([{ type: 'MIT' }, { type: 'Apache-2.0' }])).toBe('(MIT OR Apache-2.0)');
    expect(spdxLicence('<script>')).toBeNull();
    expect(utcTime('2024-12-04T16:14:57+00:00')).toBe('2024-12-04T16:14:57.000Z');
    expect(utcTime('2015-06-14T14:38:05.234526')).toBe('2015-06-14T14:38:05.234Z');
  });
});

describe('PyPI and the MCP Registry', () => {
  it('reads the latest release, its upload time, repository and mcp-name marker', () => {
    const result = readPypiProject(fixture('pypi/mcp-server-git.json'), 'mcp-server-git');
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        version: '2026.1.14',
        publishedAt: '2026-01-14T15:42:08.991Z',
        license: 'MIT',
        repository: 'https://github.com/modelcontextprotocol/servers',
        homepage: 'https://modelcontextprotocol.io',
        mcpName: 'io.github.modelcontextprotocol/server-git',
        deprecated: null,
      }),
    });
  });

  it('reads a server list: packages, secrets among environment variables, remotes, status', () => {
    const page = readServerList({ servers: fixture('mcp-registry/servers.json'), metadata: { count: 10 } });
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.value.nextCursor).toBeNull();
    const warehouse = page.value.servers[1];
    expect(warehouse?.ok && warehouse.value.packages[0]?.environment_variables).toEqual([
      {
        name: 'WAREHOUSE_URL',
        description: 'Postgres connection string',
        is_required: true,
        is_secret: true,
      },
      { name: 'WAREHOUSE_SCHEMA', description: 'Schema to browse', is_required: false, is_secret: false },
    ]);
    const deprecated = page.value.servers[5];
    expect(deprecated?.ok && [deprecated.value.status, deprecated.value.statusMessage]).toEqual([
      'deprecated',
      'Use io.github.oldco/notes-next instead',
    ]);
    expect(readServerList({ servers: [{ server: { name: 'no slash', version: '1' } }] })).toEqual({
      ok: true,
      value: { nextCursor: null, servers: [expect.objectContaining({ ok: false })] },
    });
  });
});
