import { describe, expect, it } from 'vitest';
import { skillSnapshot } from '../../../../test/support/snapshots.ts';
import { checkSkillSecrets } from './secrets.ts';

describe('SKL-S02 secrets in a skill', () => {
  it('fails on a token shipped in a script, naming the file and line with the token masked', () => {
    const snapshot = skillSnapshot('deploy-helper', {
      'SKILL.md':
        '---\nname: deploy-helper\ndescription: Deploys the site. Use when asked to deploy.\n---\n# Steps\n',
      'scripts/deploy.sh':
        '#!/bin/bash\nexport GITHUB_TOKEN=ghp_Zk3pQ9xV2mT7rL8wN4bY6cH1jF5sD0gA2eKu\ngh workflow run deploy\n',
    });
    expect(checkSkillSecrets(snapshot)).toMatchObject({
      id: 'SKL-S02',
      status: 'fail',
      message: '1 credential-shaped string(s) in the skill.',
      evidence: [
        { location: 'scripts/deploy.sh:2', excerpt: 'ghp_Zk…[34 characters masked]', value: 'github-token' },
      ],
    });
  });

  it('passes a skill that tells the user where to put their own token', () => {
    const snapshot = skillSnapshot('deploy-helper', {
      'SKILL.md':
        '---\nname: deploy-helper\ndescription: Deploys the site. Use when asked to deploy.\n---\n# Steps\nSet GITHUB_TOKEN=ghp_your_token first.\n',
    });
    expect(checkSkillSecrets(snapshot)).toMatchObject({
      id: 'SKL-S02',
      status: 'pass',
      message: 'No credentials found in 1 text file(s) of the skill.',
    });
  });
});
