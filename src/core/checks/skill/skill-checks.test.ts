import { describe, expect, it } from 'vitest';
import { skillSnapshot } from '../../../../test/support/snapshots.ts';
import { checksFor } from '../../rubric/checks.ts';
import { judgedCheckIds } from '../judge/judged-checks.ts';
import { skillFileChecks, skillSnapshotChecks } from './skill-checks.ts';

describe('skill check coverage', () => {
  const snapshot = skillSnapshot('demo', {
    'SKILL.md': '---\nname: demo\ndescription: Does a thing. Use when asked.\n---\n# Steps\n',
  });

  it('recomputes exactly the catalogue checks marked fromSnapshot from the snapshot', () => {
    const fromSnapshot = checksFor('skill')
      .filter((check) => check.fromSnapshot)
      .map((check) => check.id)
      .sort();
    expect(
      skillSnapshotChecks(snapshot)
        .map((result) => result.id)
        .sort(),
    ).toEqual(fromSnapshot);
  });

  it('covers every catalogue check exactly once, also when SKILL.md does not load', () => {
    const all = checksFor('skill')
      .map((check) => check.id)
      .sort();
    const produce = (files: Record<string, string>) => {
      const broken = skillSnapshot('demo', files);
      return [
        ...skillSnapshotChecks(broken),
        ...skillFileChecks(broken, []),
        ...judgedCheckIds('skill').map((id) => ({ id })),
      ]
        .map((result) => result.id)
        .sort();
    };
    expect(produce({ 'SKILL.md': '---\nname: demo\n---\n' })).toEqual(all);
    expect(produce({ 'README.md': 'no skill here' })).toEqual(all);
  });
});
