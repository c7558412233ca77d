import { describe, expect, it } from 'vitest';
import { skillSnapshot } from '../../../../test/support/snapshots.ts';
import { readSkillManifest } from './files.ts';
import {
  checkAllowedTools,
  checkFrontmatterKeys,
  checkSkillDescription,
  checkSkillLicence,
  checkSkillLoads,
  checkSkillName,
  checkSkillVersion,
  nameProblems,
  unrestrictedTools,
} from './frontmatter.ts';

function manifest(frontmatter: string, files: Record<string, string> = {}, folder = 'pdf-tools') {
  const snapshot = skillSnapshot(folder, { 'SKILL.md': `---\n${frontmatter}\n---\n# Body\n`, ...files });
  const loaded = readSkillManifest(snapshot);
  if (!loaded.ok) throw new Error(loaded.reason);
  return { manifest: loaded.manifest, snapshot };
}

describe('SKL-R01', () => {
  it('fails without SKILL.md or with broken frontmatter', () => {
    expect(
      checkSkillLoads(readSkillManifest(skillSnapshot('x', { 'skill.md': '---\nname: x\n---\n' }))),
    ).toMatchObject({
      status: 'fail',
      message: 'the file is named skill.md; it must be SKILL.md.',
    });
    expect(
      checkSkillLoads(readSkillManifest(skillSnapshot('x', { 'SKILL.md': '---\nname: [x\n---\n' }))).status,
    ).toBe('fail');
    expect(
      checkSkillLoads(readSkillManifest(skillSnapshot('x', { 'SKILL.md': 'No frontmatter' }))).status,
    ).toBe('fail');
  });
});

describe('SKL-I01', () => {
  it('applies the name rules', () => {
    expect(nameProblems('pdf-tools', 'pdf-tools')).toEqual([]);
    expect(nameProblems('PDF--tools', 'pdf-tools')).toEqual([
      'the name has characters outside a-z, 0-9 and "-"',
      'the name has a leading, trailing or doubled hyphen',
      'the name differs from the folder name "pdf-tools"',
    ]);
    expect(nameProblems('claude-helper', 'claude-helper')).toEqual([
      'the name contains the reserved word "claude"',
    ]);
    const { manifest: m, snapshot } = manifest('name: other\ndescription: Does things. Use when asked.');
    expect(checkSkillName(m, snapshot)).toMatchObject({
      status: 'fail',
      evidence: [{ location: 'SKILL.md:2', excerpt: 'other' }],
    });
  });
});

describe('SKL-I02', () => {
  it('passes third-person descriptions with a when clause', () => {
    expect(
      checkSkillDescription(
        manifest('name: pdf-tools\ndescription: Merges PDF files. Use when the user has several PDFs.')
          .manifest,
      ).status,
    ).toBe('pass');
  });

  it('gives partial credit without a when clause and fails first or second person', () => {
    expect(
      checkSkillDescription(
        manifest('name: pdf-tools\ndescription: Merges and splits PDF files quickly.').manifest,
      ).status,
    ).toBe('partial');
    expect(
      checkSkillDescription(
        manifest('name: pdf-tools\ndescription: I merge your PDF files when asked.').manifest,
      ).status,
    ).toBe('fail');
    expect(
      checkSkillDescription(
        manifest('name: pdf-tools\ndescription: "Merges <b>PDF</b> files when asked."').manifest,
      ).status,
    ).toBe('fail');
  });
});

describe('SKL-I03 and SKL-S05', () => {
  it('lists keys outside the allowed set', () => {
    expect(
      checkFrontmatterKeys(
        manifest('name: pdf-tools\ndescription: d\nversion: 2\nauthor: me').manifest,
      ).evidence?.map((item) => item.value),
    ).toEqual(['"author" is not an allowed key', '"version" is not an allowed key']);
  });

  it('finds unrestricted shell and write tools', () => {
    expect(unrestrictedTools('Bash(git status:*) Read Write(src/**)')).toEqual([]);
    expect(unrestrictedTools('Bash(*) Read')).toEqual(['Bash(*)']);
    expect(unrestrictedTools(['Read', 'Write'])).toEqual(['Write']);
    expect(checkAllowedTools(manifest('name: pdf-tools\ndescription: d').manifest).status).toBe(
      'not_applicable',
    );
  });
});

describe('SKL-L01 and SKL-M02', () => {
  it('accept a frontmatter licence or a LICENSE file, and a version or a changelog', () => {
    const bare = manifest('name: pdf-tools\ndescription: d');
    expect(checkSkillLicence(bare.manifest, bare.snapshot).status).toBe('fail');
    expect(checkSkillVersion(bare.manifest, bare.snapshot).status).toBe('fail');
    const filed = manifest('name: pdf-tools\ndescription: d', {
      'LICENSE.txt': 'Apache License',
      'CHANGELOG.md': '# 1.0',
    });
    expect(checkSkillLicence(filed.manifest, filed.snapshot).status).toBe('pass');
    expect(checkSkillVersion(filed.manifest, filed.snapshot).status).toBe('pass');
    expect(
      checkSkillVersion(
        manifest('name: pdf-tools\ndescription: d\nmetadata:\n  version: "1.0"').manifest,
        bare.snapshot,
      ).status,
    ).toBe('pass');
  });
});
