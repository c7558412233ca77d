import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../../test/support/snapshots.ts';
import { checkToolNames } from './tool-names.ts';

const names = (...list: string[]) => checkToolNames(mcpSnapshot(list.map((name) => tool(name))));

describe('INT-03', () => {
  it('passes portable unique names', () => {
    expect(names('get_user', 'list-repos', 'Search2').status).toBe('pass');
  });

  it('gives partial credit to dots and slashes', () => {
    expect(names('files.read', 'files/write')).toMatchObject({ status: 'partial', value: 0.5 });
  });

  it('fails duplicates, spaces and over-long names', () => {
    expect(names('get', 'get').status).toBe('fail');
    expect(names('get user').status).toBe('fail');
    expect(names('x'.repeat(65)).evidence?.[0]?.value).toContain('65 characters');
  });
});
