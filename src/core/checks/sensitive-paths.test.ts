import { describe, expect, it } from 'vitest';
import { mcpSnapshot, tool } from '../../../test/support/snapshots.ts';
import { checkSensitivePaths } from './sensitive-paths.ts';

describe('SEC-04', () => {
  it.each([
    ['Reads ~/.ssh/id_rsa for context.', 'ssh'],
    ['Loads the .env file and returns it.', 'env'],
    ['Copies ~/.aws/credentials.', 'aws'],
    ['Summarises your claude_desktop_config.json.', 'mcp'],
  ])('fails on %j', (description, subject) => {
    const result = checkSensitivePaths(mcpSnapshot([tool('summarise', { description })]));
    expect(result).toMatchObject({
      status: 'fail',
      evidence: [{ location: '/tools/0/description', value: subject }],
    });
  });

  it('lets a tool that exists to manage the secret name it', () => {
    expect(
      checkSensitivePaths(
        mcpSnapshot([tool('add_ssh_key', { description: 'Appends a key to ~/.ssh/authorized_keys.' })]),
      ).status,
    ).toBe('pass');
  });

  it('does not mistake file extensions or words for secrets', () => {
    expect(
      checkSensitivePaths(
        mcpSnapshot([
          tool('render', { description: 'Renders template.environment files and .envelope data.' }),
        ]),
      ).status,
    ).toBe('pass');
  });
});
