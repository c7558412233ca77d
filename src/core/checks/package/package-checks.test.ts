import { describe, expect, it } from 'vitest';
import {
  checkBoundedRanges,
  checkEnvironmentDocumented,
  checkInstallScripts,
  checkManifestLicence,
  checkOpenLicence,
  checkProvenance,
  checkReadme,
  checkRecentRelease,
  checkServerJson,
  isUnboundedRange,
  PACKAGE_CHECK_IDS,
  packageChecks,
} from './package-checks.ts';
import type { PackageFacts } from './package-facts.ts';

const MIT =
  'MIT License\nPermission is hereby granted, free of charge, to any person\nTHE SOFTWARE IS PROVIDED "AS IS"';
const README = `# demo\n\n${'Explains the server. '.repeat(25)}\n\n\`\`\`sh\nnpx -y demo\n\`\`\`\n\n\`\`\`json\n{ "mcpServers": { "demo": { "command": "npx" } } }\n\`\`\`\n\nSet DEMO_TOKEN first.`;

function facts(overrides: Partial<PackageFacts> = {}, files: Record<string, string> = {}): PackageFacts {
  const all: Record<string, string> = { LICENSE: MIT, 'README.md': README, ...files };
  return {
    manifest: {
      name: 'demo',
      license: 'MIT',
      description: 'Demo',
      repository: { url: 'https://x' },
      homepage: 'https://x',
      dependencies: { a: '^1.0.0' },
    },
    files: Object.keys(all)
      .sort()
      .map((path) => ({ path, size: all[path]!.length, text: all[path]! })),
    registry: { provenance: true, publishedAt: '2026-10-01T00:00:00Z' },
    ...overrides,
  };
}

describe('package checks', () => {
  it('produce one result per package check, in order', () => {
    expect(packageChecks(facts(), Date.parse('2026-11-22T00:00:00Z')).map((result) => result.id)).toEqual([
      ...PACKAGE_CHECK_IDS,
    ]);
  });

  it('SEC-09 fails install-time scripts', () => {
    const result = checkInstallScripts(
      facts({ manifest: { scripts: { postinstall: 'node fetch-binary.js', test: 'vitest' } } }),
    );
    expect(result).toMatchObject({
      status: 'fail',
      evidence: [{ location: 'package.json:/scripts/postinstall', excerpt: 'node fetch-binary.js' }],
    });
  });

  it('DOC-01 grades the README parts', () => {
    expect(checkReadme(facts()).status).toBe('pass');
    expect(checkReadme(facts({}, { 'README.md': 'Tiny.' }))).toMatchObject({ status: 'fail' });
    expect(checkReadme(facts({}, { 'README.md': `${'Long text. '.repeat(50)} npx demo` }))).toMatchObject({
      status: 'partial',
      value: 0.667,
    });
  });

  it('DOC-02 wants every variable the code reads in the README', () => {
    const code =
      'const t = process.env.DEMO_TOKEN; const u = process.env["DEMO_URL"]; const e = process.env.NODE_ENV;';
    expect(checkEnvironmentDocumented(facts({}, { 'dist/index.js': code }))).toMatchObject({
      status: 'partial',
      value: 0.5,
      evidence: [{ location: 'README.md', value: 'DEMO_URL is read but not mentioned' }],
    });
    expect(checkEnvironmentDocumented(facts()).status).toBe('not_applicable');
  });

  it('MNT-06 needs an attestation, and does not guess when the registry reports no signing data', () => {
    expect(checkProvenance(facts()).status).toBe('pass');
    expect(checkProvenance(facts({ registry: { provenance: false } })).status).toBe('fail');
    expect(checkProvenance(facts({ registry: { provenance: null } })).status).toBe('not_run');
  });

  it('MNT-02 bands the release age', () => {
    const at = (days: number) => Date.parse('2026-10-01T00:00:00Z') + days * 86_400_000;
    expect(checkRecentRelease(facts(), at(100)).status).toBe('pass');
    expect(checkRecentRelease(facts(), at(200)).status).toBe('partial');
    expect(checkRecentRelease(facts(), at(400)).status).toBe('fail');
    expect(checkRecentRelease(facts({ registry: null }), at(1)).status).toBe('not_run');
  });

  it('MNT-03 recognises unbounded ranges', () => {
    expect(['*', '', 'latest', '>=1.2.0', 'github:owner/repo', 'x'].every(isUnboundedRange)).toBe(true);
    expect(
      ['^1.2.3', '~2.0', '>=1 <2', '1.x', 'git+https://h/r.git#0a1b2c3d', 'file:../lib'].some(
        isUnboundedRange,
      ),
    ).toBe(false);
    expect(checkBoundedRanges(facts({ manifest: { dependencies: { a: '*', b: '^1.0.0' } } }))).toMatchObject({
      status: 'fail',
      evidence: [{ location: 'package.json:/dependencies/a', excerpt: '*' }],
    });
  });

  it('LIC-01 and LIC-02 compare the file and the manifest', () => {
    expect(checkOpenLicence(facts()).status).toBe('pass');
    // The official reference servers ship no LICENSE file but declare MIT: half credit, no cap.
    expect(checkOpenLicence(facts({ files: [] }))).toMatchObject({
      status: 'partial',
      message: expect.stringContaining('package.json declares MIT'),
    });
    expect(checkOpenLicence(facts({ manifest: {}, files: [] }))).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('package.json declares none'),
    });
    expect(checkOpenLicence(facts({ manifest: { license: 'UNLICENSED' }, files: [] })).status).toBe('fail');
    expect(checkManifestLicence(facts({ files: [] })).status).toBe('not_applicable');
    expect(checkManifestLicence(facts()).status).toBe('pass');
    expect(checkManifestLicence(facts({ manifest: { license: 'Apache-2.0' } })).status).toBe('fail');
    expect(checkManifestLicence(facts({ manifest: { license: 'SEE LICENSE IN LICENSE' } })).status).toBe(
      'partial',
    );
  });

  it('LIC-03 validates server.json against mcpName', () => {
    const server = {
      name: 'io.github.demo/demo',
      description: 'Demo server',
      version: '1.0.0',
      packages: [{ registryType: 'npm', identifier: 'demo', transport: { type: 'stdio' } }],
    };
    const withServer = (mcpName: string) =>
      checkServerJson(facts({ manifest: { mcpName } }, { 'server.json': JSON.stringify(server) }));
    expect(withServer('io.github.demo/demo').status).toBe('pass');
    expect(withServer('io.github.other/demo').message).toContain('does not match package.json mcpName');
    expect(checkServerJson(facts({ manifest: { mcpName: 'io.github.demo/demo' } })).status).toBe('partial');
    expect(checkServerJson(facts()).status).toBe('fail');
  });
});

describe('package checks, golden', () => {
  it('grade a typical npm server package on every count (SEC-07..09, DOC-01..03, MNT-01..06, LIC-01..04)', () => {
    const published = facts(
      {
        manifest: {
          name: 'weather-mcp',
          license: 'MIT',
          description: 'Weather forecasts for MCP clients',
          repository: { url: 'git+https://github.com/example/weather-mcp.git' },
          homepage: 'https://github.com/example/weather-mcp',
          dependencies: { '@modelcontextprotocol/sdk': '^1.32.0', undici: '*' },
          scripts: { build: 'tsc', postinstall: 'node scripts/fetch-model.js' },
        },
        registry: { provenance: false, publishedAt: '2025-01-10T00:00:00Z' },
      },
      {
        'CHANGELOG.md': '# 1.2.0\n- Forecast by hour\n',
        'dist/index.js': 'const key = process.env.WEATHER_API_KEY; const unit = process.env.WEATHER_UNITS;',
        'dist/config.js': 'export const fallback = "ghp_Zk3pQ9xV2mT7rL8wN4bY6cH1jF5sD0gA2eKu";',
      },
    );
    expect(
      packageChecks(published, Date.parse('2026-11-22T00:00:00Z')).map((result) => [
        result.id,
        result.status,
      ]),
    ).toEqual([
      ['SEC-07', 'fail'], // a GitHub token in dist/config.js
      ['SEC-08', 'not_run'], // no advisory database offline
      ['SEC-09', 'fail'], // a postinstall script
      ['DOC-01', 'pass'],
      ['DOC-02', 'fail'], // WEATHER_API_KEY and WEATHER_UNITS are not in the README
      ['DOC-03', 'pass'],
      ['MNT-01', 'pass'],
      ['MNT-02', 'fail'], // released 681 days before
      ['MNT-03', 'fail'], // undici: *
      ['MNT-04', 'not_run'], // needs the repository
      ['MNT-05', 'not_run'], // no SECURITY.md shipped
      ['MNT-06', 'fail'], // no provenance
      ['LIC-01', 'pass'],
      ['LIC-02', 'pass'],
      ['LIC-03', 'fail'], // no server.json and no mcpName
      ['LIC-04', 'pass'],
    ]);
  });
});
