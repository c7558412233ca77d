import { describe, expect, it } from 'vitest';
import { redactValues, SHORTEST_REDACTED_VALUE } from './redact-values.ts';

const TOKEN = 'crm_live_7f3kQ9x2LmP4vR8s';

describe('redactValues', () => {
  it('replaces a configured value wherever it is echoed, keys and nested values included', () => {
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

  it('finds a value escaped inside JSON or encoded in an address', () => {
    const password = 'p@ss "w/rd" 2026';
    const texts = [
      JSON.stringify({ dsn: `postgres://ada:${password}@db/app` }),
      `https://db.test/login?password=${encodeURIComponent(password)}`,
    ];
    const redacted = redactValues(texts, { DB_PASSWORD: password });
    expect(redacted).toEqual([
      '{"dsn":"postgres://ada:⟨DB_PASSWORD⟩@db/app"}',
      'https://db.test/login?password=⟨DB_PASSWORD⟩',
    ]);
  });

  it('replaces the longer of two overlapping values first, so neither leaves a part behind', () => {
    const key = 'sk-abcdef123456';
    const redacted = redactValues(`${key}-extra and ${key}`, { KEY: key, KEY_EXTRA: `${key}-extra` });
    expect(redacted).toBe('⟨KEY_EXTRA⟩ and ⟨KEY⟩');
  });

  it('leaves short values alone: a region, a port or a flag occurs in any text', () => {
    const text = 'Listening on 3000 in eu-west, debug true';
    expect(redactValues(text, { PORT: '3000', REGION: 'eu-west', DEBUG: 'true' })).toBe(text);
    expect('eu-west'.length).toBeLessThan(SHORTEST_REDACTED_VALUE);
  });

  it('does not copy or change what holds no string, nor what is not plain data', () => {
    const when = new Date(0);
    const data = { when, count: 3 };
    const redacted = redactValues(data, { ACME_CRM_TOKEN: TOKEN });
    expect(redacted.when).toBe(when);
    expect(redactValues(data, {})).toBe(data);
  });
});
