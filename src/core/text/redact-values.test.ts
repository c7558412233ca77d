import { describe, expect, it } from 'vitest';
import { redactValues, secretValues } from './redact-values.ts';

const TOKEN = 'crm_live_7f3kQ9x2LmP4vR8s';

describe('redactValues', () => {
  it('replaces a secret wherever it is echoed, keys and nested values included', () => {
    const probe = {
      tool_results: [{ tool: 'whoami', text: `Signed in with token ${TOKEN} (workspace acme)` }],
      errors: [`fetch failed: https://api.acme-crm.test/v2?key=${TOKEN}&q=1`],
      facts: { stderr: [`[crm] token=${TOKEN}`], [TOKEN]: 1, elapsed: 12, ok: true, none: null },
    };
    const redacted = redactValues(probe, { ACME_CRM_TOKEN: TOKEN });
    expect(JSON.stringify(redacted)).not.toContain(TOKEN);
    expect(redacted.tool_results[0]!.text).toBe('Signed in with token ⟨ACME_CRM_TOKEN⟩ (workspace acme)');
    expect(redacted.facts).toEqual({
      stderr: ['[crm] token=⟨ACME_CRM_TOKEN⟩'],
      '⟨ACME_CRM_TOKEN⟩': 1,
      elapsed: 12,
      ok: true,
      none: null,
    });
  });

  it('finds a value escaped inside JSON or encoded in an address, and the password of a connection string', () => {
    const password = 'p@ss "w/rd" 2026';
    const texts = [
      JSON.stringify({ note: `password is ${password}` }),
      `https://db.test/login?password=${encodeURIComponent(password)}`,
    ];
    expect(redactValues(texts, { DB_PASSWORD: password })).toEqual([
      '{"note":"password is ⟨DB_PASSWORD⟩"}',
      'https://db.test/login?password=⟨DB_PASSWORD⟩',
    ]);
    const dsn = 'postgres://ada:S3cr!tPw9@db.internal:5432/app';
    expect(
      redactValues('connect failed: password authentication failed (S3cr!tPw9)', { DATABASE_URL: dsn }),
    ).toBe('connect failed: password authentication failed (⟨DATABASE_URL⟩)');
  });

  it('replaces the start of a value that a length limit cut off', () => {
    const key = '3f9c2a7e5b1d4c8a9e0f6b2d7c4a1e3f';
    const detail = `Max retries exceeded with url: /data/2.5/forecast?q=London&appid=${key.slice(0, 10)}`;
    expect(redactValues(detail, { OPENWEATHER_API_KEY: key })).toBe(
      'Max retries exceeded with url: /data/2.5/forecast?q=London&appid=⟨OPENWEATHER_API_KEY⟩',
    );
    expect(redactValues(`token ${TOKEN.slice(0, 12)}…`, { T: TOKEN })).toBe('token ⟨T⟩…');
  });

  it('replaces the longer of two overlapping values first, so neither leaves a part behind', () => {
    const key = 'sk-abcdef123456';
    expect(redactValues(`${key}-extra and ${key}`, { KEY: key, KEY_EXTRA: `${key}-extra` })).toBe(
      '⟨KEY_EXTRA⟩ and ⟨KEY⟩',
    );
  });

  it('replaces a long token glued to a path, as a bot token in its API address', () => {
    const token = '7123456789:AAHk3Qx9LmP4vR8sT1uW2yZ5';
    expect(redactValues(`POST https://api.telegram.org/bot${token}/getMe`, { BOT_TOKEN: token })).toBe(
      'POST https://api.telegram.org/bot⟨BOT_TOKEN⟩/getMe',
    );
  });

  it('leaves a short value inside a longer word or token alone', () => {
    const secret = 'Zq81mXw0';
    expect(redactValues(`id Zq81mXw0a1 and ${secret}.`, { S: secret })).toBe('id Zq81mXw0a1 and ⟨S⟩.');
  });

  it('does not copy or change what holds no string, nor what is not plain data', () => {
    const when = new Date(0);
    const data = { when, count: 3 };
    expect(redactValues(data, { ACME_CRM_TOKEN: TOKEN }).when).toBe(when);
    expect(redactValues(data, {})).toBe(data);
  });
});

describe('secretValues', () => {
  it('keeps what is secret by name or shape, and leaves words, paths, numbers and plain addresses', () => {
    expect(
      secretValues({
        ACME_CRM_TOKEN: TOKEN,
        DB_PASSWORD: 'correcthorsebattery',
        WORKSPACE: 'ws_92kq81zzp0',
        DATABASE_URL: 'postgres://ada:S3cr!tPw9@db.internal:5432/app',
        NODE_ENV: 'production',
        HOST: 'localhost',
        DATA_DIR: '/tmp/data/notes',
        REGION: 'us-east-1',
        TIMEOUT_MS: '30000000',
        API_BASE: 'https://api.acme-crm.test/v2',
        PIN: '1234',
        SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX',
        RPC_ENDPOINT: 'https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161',
        DB_PW: 'sunset-maple-river-42',
        TOKEN_URL: 'https://oauth2.googleapis.com/token',
        CERT_PATH: '/etc/ssl/certs/ca.pem',
      }),
    ).toEqual({
      ACME_CRM_TOKEN: TOKEN,
      DB_PASSWORD: 'correcthorsebattery',
      WORKSPACE: 'ws_92kq81zzp0',
      DATABASE_URL: 'postgres://ada:S3cr!tPw9@db.internal:5432/app',
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX',
      RPC_ENDPOINT: 'https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161',
      DB_PW: 'sunset-maple-river-42',
    });
  });
});
