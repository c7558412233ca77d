import { describe, expect, it } from 'vitest';
import { findSecrets, secretsVerdict } from './secrets.ts';

describe('secrets (SEC-07, SKL-S02)', () => {
  it('finds credentials by shape, with the line and a masked excerpt', () => {
    const hits = findSecrets([
      {
        path: 'dist/config.js',
        text: 'const a = 1;\nconst key = "AKIA4R7QZ2M6XKJ3WNPL";\nconst gh = "ghp_Zk3pQ9xV2mT7rL8wN4bY6cH1jF5sD0gA2eKu";',
      },
      { path: 'logo.png' },
    ]);
    expect(hits).toEqual([
      { rule: 'aws-access-key', path: 'dist/config.js', line: 2, masked: 'AKIA4R…[14 characters masked]' },
      { rule: 'github-token', path: 'dist/config.js', line: 3, masked: 'ghp_Zk…[34 characters masked]' },
    ]);
  });

  it('finds private keys and never repeats their body', () => {
    const pem = `-----BEGIN RSA PRIVATE KEY-----\n${'MIIEow'.repeat(20)}\n-----END RSA PRIVATE KEY-----`;
    const result = secretsVerdict('SEC-07', [{ path: 'key.pem', text: pem }], 'published package');
    expect(result.status).toBe('fail');
    expect(result.evidence?.[0]?.excerpt).toMatch(
      /^-----BEGIN RSA PRIVATE KEY-----…\[\d+ characters masked\]$/,
    );
    expect(result.evidence?.[0]?.excerpt).not.toContain('MIIE');
  });

  it('ignores the placeholders and test tokens real packages ship (@zereight/mcp-gitlab 2.1.64, AWS docs)', () => {
    const shipped = [
      { path: 'README.md', text: 'GITLAB_PERSONAL_ACCESS_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx' },
      { path: 'README.zh-CN.md', text: '"GITLAB_PERSONAL_ACCESS_TOKEN": "glpat-ABCDEFGHIJKLMNOPQRST"' },
      {
        path: 'build/test/stateless/session-id-integration.test.js',
        text: "token: 'glpat-mock-token-instance-1'",
      },
      { path: 'build/index.js', text: "const sample = 'glpat-mockstateless-12345-abcd';" },
      { path: 'docs/aws.md', text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE' },
    ];
    expect(findSecrets(shipped)).toEqual([]);
  });

  it('ignores placeholders', () => {
    expect(
      secretsVerdict(
        'SEC-07',
        [{ path: 'README.md', text: 'Set OPENAI_API_KEY=sk-xxx and GITHUB_TOKEN=ghp_your_token.' }],
        'package',
      ).status,
    ).toBe('pass');
  });
});
