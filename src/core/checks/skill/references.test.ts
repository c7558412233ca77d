import { describe, expect, it } from 'vitest';
import { skillSnapshot } from '../../../../test/support/snapshots.ts';
import { checkProgressiveDisclosure, checkSkillReferences, referenceGraph } from './references.ts';

const SKILL = '---\nname: s\ndescription: d\n---\n';

describe('SKL-R02', () => {
  it('follows links, paths and folders from SKILL.md', () => {
    const snapshot = skillSnapshot('s', {
      'SKILL.md': `${SKILL}See [forms](forms.md). Run \`python scripts/fill.py\`. Templates are in templates/.`,
      'forms.md': 'Uses helpers.py.',
      'scripts/fill.py': 'import helpers',
      'scripts/helpers.py': '',
      'templates/a.html': '',
      'LICENSE.txt': 'MIT',
    });
    expect(Object.fromEntries(referenceGraph(snapshot).depth)).toEqual({
      'SKILL.md': 0,
      'forms.md': 1,
      'scripts/fill.py': 1,
      'templates/a.html': 1,
      'scripts/helpers.py': 2,
    });
    expect(checkSkillReferences(snapshot).status).toBe('pass');
  });

  it('fails broken links, letter-case mismatches and backslashes', () => {
    const snapshot = skillSnapshot('s', {
      'SKILL.md': `${SKILL}Read [the guide](guide.md) and FORMS.md, then run scripts\\fill.py.`,
      'forms.md': '',
      'scripts/fill.py': '',
    });
    expect(checkSkillReferences(snapshot).evidence).toEqual([
      { location: 'SKILL.md:5', excerpt: 'guide.md', value: 'no such file' },
      { location: 'SKILL.md:5', excerpt: 'FORMS.md', value: 'only forms.md exists (letter case differs)' },
      { location: 'SKILL.md:5', excerpt: 'scripts\\fill.py', value: 'backslash path' },
      { location: 'forms.md', value: 'not referenced from SKILL.md or its references' },
    ]);
  });

  it('gives partial credit for unreferenced files, and ignores user file names in prose', () => {
    const snapshot = skillSnapshot('s', {
      'SKILL.md': `${SKILL}Save the result as output.md.`,
      'stray.md': '',
    });
    expect(checkSkillReferences(snapshot)).toMatchObject({
      status: 'fail',
      evidence: [{ location: 'stray.md' }],
    });
    const partial = skillSnapshot('s', {
      'SKILL.md': `${SKILL}Save the result as output.md. See a.md.`,
      'a.md': '',
      'stray.md': '',
    });
    expect(checkSkillReferences(partial)).toMatchObject({ status: 'partial', value: 0.5 });
  });
});

describe('SKL-E02', () => {
  it('flags nested references and long files without a table of contents', () => {
    const long = Array.from({ length: 120 }, (_, index) => `line ${index}`).join('\n');
    const snapshot = skillSnapshot('s', {
      'SKILL.md': `${SKILL}See a.md and b.md.`,
      'a.md': 'Continue in deep.md.',
      'b.md': long,
      'deep.md': '',
    });
    expect(checkProgressiveDisclosure(snapshot).evidence).toEqual([
      { location: 'b.md', value: '120 lines without a table of contents' },
      { location: 'deep.md', value: 'reached 2 levels from SKILL.md' },
    ]);
    const withToc = skillSnapshot('s', { 'SKILL.md': `${SKILL}See b.md.`, 'b.md': `## Contents\n${long}` });
    expect(checkProgressiveDisclosure(withToc).status).toBe('pass');
  });
});
