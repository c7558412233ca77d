import { describe, expect, it } from 'vitest';
import { changeIssues, type FileChange, pathsToValidate } from './change-rules.ts';

const merged = 'evaluations/pg-query/3f2b8c1e-5d4a-4f1b-9c2e-7a6b5d4c3e2f.json';
const fresh = 'evaluations/pg-query/7cb16b85-2720-4995-8686-66a3c362fc0e.json';

describe('what a branch may change', () => {
  it('lets a branch add evaluations and add or edit packages, categories and spot-checks', () => {
    const changes: FileChange[] = [
      { path: fresh, status: 'added' },
      { path: 'data/packages/new-server.md', status: 'added' },
      { path: 'data/packages/git-tools.md', status: 'modified' },
      { path: 'data/categories/databases.md', status: 'modified' },
      { path: 'data/spot-checks/3f2b8c1e-5d4a-4f1b-9c2e-7a6b5d4c3e2f.md', status: 'added' },
    ];
    expect(changeIssues(changes)).toEqual([]);
    expect(pathsToValidate(changes)).toEqual(changes.map((change) => change.path));
  });

  it('refuses a changed or deleted evaluation: evaluations are append-only', () => {
    expect(
      changeIssues([
        { path: merged, status: 'modified' },
        { path: 'evaluations/git-tools/64419b7b-5e1b-4267-8db1-1ae571241dd4.json', status: 'deleted' },
      ]),
    ).toEqual([
      {
        path: merged,
        pointer: '',
        message: 'changes an evaluation that is already merged',
        hint: 'evaluations are append-only: restore the file and submit a new run with a fresh evaluation_id',
      },
      {
        path: 'evaluations/git-tools/64419b7b-5e1b-4267-8db1-1ae571241dd4.json',
        pointer: '',
        message: 'deletes an evaluation that is already merged',
        hint: 'evaluations are append-only: restore the file; a wrong evaluation is answered with a spot-check',
      },
    ]);
    // The edited evaluation is not validated as if it were new: the refusal above is the answer.
    expect(pathsToValidate([{ path: merged, status: 'modified' }])).toEqual([]);
  });

  it('refuses deleting a package, a spot-check record or a category, and says what to do instead', () => {
    const issues = changeIssues([
      { path: 'data/packages/old-notes.md', status: 'deleted' },
      { path: 'data/spot-checks/3f2b8c1e-5d4a-4f1b-9c2e-7a6b5d4c3e2f.md', status: 'deleted' },
      { path: 'data/categories/documents.md', status: 'deleted' },
    ]);
    expect(issues.map((found) => [found.message, found.hint])).toEqual([
      [
        'deletes a package file',
        'set removed: {date, reason} in its frontmatter instead, so the change feed announces the removal',
      ],
      [
        'deletes a spot-check file',
        'spot-check outcomes are history that moves trust tiers: restore the file',
      ],
      [
        'deletes a category file',
        'packages and API paths name categories: move the packages first and ask a maintainer',
      ],
    ]);
  });

  it('lets a branch delete a stray file that never was data', () => {
    const changes: FileChange[] = [{ path: 'data/notes.txt', status: 'deleted' }];
    expect(changeIssues(changes)).toEqual([]);
    expect(pathsToValidate(changes)).toEqual([]);
  });

  it('still validates a stray file a branch adds, so the wrong place is reported', () => {
    expect(pathsToValidate([{ path: 'data/notes.md', status: 'added' }])).toEqual(['data/notes.md']);
  });

  it('refuses an evaluation added together with a change to its own package file', () => {
    expect(
      changeIssues([
        { path: 'data/packages/pg-query.md', status: 'modified' },
        { path: fresh, status: 'added' },
        { path: 'evaluations/git-tools/11111111-1111-4111-8111-111111111111.json', status: 'added' },
      ]),
    ).toEqual([
      {
        path: fresh,
        pointer: '',
        message: 'is added together with a change to data/packages/pg-query.md',
        hint: 'send the package change in its own pull request; evaluations are checked against the merged package',
      },
    ]);
  });
});
