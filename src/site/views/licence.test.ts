import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import { licenceFinding, parseArtifact } from './licence.ts';

describe('parseArtifact', () => {
  it('reads registry, name, version and folder', () => {
    expect(parseArtifact('npm:@modelcontextprotocol/server-filesystem@2026.8.31')).toEqual({
      registry: 'npm',
      name: '@modelcontextprotocol/server-filesystem',
      version: '2026.8.31',
      folder: null,
    });
    expect(parseArtifact('npm:claude-skills@1.0.2#skills/check-translations')).toMatchObject({
      name: 'claude-skills',
      version: '1.0.2',
      folder: 'skills/check-translations',
    });
    expect(parseArtifact(null)).toBeNull();
  });
});

describe('licenceFinding', () => {
  it('says the published tarball, not the repository, lacked the licence, and how to lift the cap', () => {
    const finding = licenceFinding(
      packageRecord({
        license: 'Apache-2.0 AND MIT',
        caps_applied: ['no-licence'],
        evaluated_artifact: 'npm:@modelcontextprotocol/server-filesystem@2026.8.31',
        checks: [
          { id: 'LIC-01', status: 'fail', message: 'The package ships no licence file.' },
          {
            id: 'LIC-02',
            status: 'partial',
            value: 0.5,
            evidence: [{ location: 'package.json:/license', excerpt: 'SEE LICENSE IN LICENSE' }],
          },
        ],
      }),
    )!;
    expect(finding.capped).toBe(true);
    expect(finding.lookedIn).toContain(
      'the npm package @modelcontextprotocol/server-filesystem 2026.8.31 as published (its tarball)',
    );
    expect(finding.lookedIn).toContain('The source repository was not read.');
    expect(finding.found).toBe(
      'no licence file; package.json says “SEE LICENSE IN LICENSE”, pointing to a file the published package does not contain.',
    );
    expect(finding.elsewhere).toContain(
      'The catalogue lists “Apache-2.0 AND MIT” for this package, from its repository',
    );
    expect(finding.fix).toContain('Ship the licence text in the published package');
    expect(finding.fix).toContain('lifts the cap');
  });

  it('says a skill folder was read, and the frontmatter line that fixes it', () => {
    const finding = licenceFinding(
      packageRecord({
        kind: 'skill',
        license: 'MIT',
        distribution: { npm: 'claude-skills', skill: 'skills/check-translations' },
        caps_applied: ['no-licence'],
        evaluated_artifact: 'npm:claude-skills@1.0.2#skills/check-translations',
        checks: [
          { id: 'SKL-L01', status: 'fail', message: 'No license in the frontmatter and no LICENSE file.' },
        ],
      }),
    )!;
    expect(finding.lookedIn).toContain(
      'the skill folder skills/check-translations of the npm package claude-skills 1.0.2',
    );
    expect(finding.lookedIn).toContain('Files outside the folder');
    expect(finding.fix).toContain('Add `license: MIT` to the frontmatter of SKILL.md');
    expect(finding.elsewhere).toContain('“MIT”');
  });

  it('names the licence found when the check passed, with nothing to fix', () => {
    const finding = licenceFinding(
      packageRecord({
        evaluated_artifact: 'npm:@bytebase/dbhub@1.4.0',
        checks: [
          { id: 'LIC-01', status: 'pass', evidence: [{ location: 'LICENSE', value: 'MIT' }] },
          { id: 'LIC-02', status: 'pass', evidence: [{ location: 'package.json:/license', excerpt: 'MIT' }] },
        ],
      }),
    )!;
    expect(finding).toMatchObject({ status: 'pass', capped: false, fix: null, elsewhere: null });
    expect(finding.found).toBe(
      'a licence file (LICENSE) with the MIT licence, and package.json declares “MIT”.',
    );
  });

  it('is null when no licence check ran', () => {
    expect(licenceFinding(packageRecord())).toBeNull();
  });
});
