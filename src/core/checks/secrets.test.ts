import { describe, expect, it } from 'vitest';
import { findSecrets, secretsVerdict } from './secrets.ts';

describe('secrets (SEC-07, SKL-S02)', () => {
  it('finds credentials by shape, with the line and a masked excerpt', () => {
    const hits = findSecrets([
      {
        path: 'dist/config.js',
        text: `const a = 1;\nconst key = "AKIAIOSFODNN7EXAMPLE";\nconst gh = "ghp_${'a1B2'.repeat(9)}";`,
      },
      { path: 'logo.png' },
    ]);
    expect(hits).toEqual([
      { rule: 'aws-access-key', path: 'dist/config.js', line: 2, masked: 'AKIAIO…[14 characters masked]' },
      { rule: 'github-token', path: 'dist/config.js', line: 3, masked: 'ghp_a1…[34 characters masked]' },
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
