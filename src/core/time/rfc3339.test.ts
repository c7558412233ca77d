import { describe, expect, it } from 'vitest';
import { parseTimestamp } from './rfc3339.ts';

describe('parseTimestamp', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22t10:00:00z', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T11:30:00+01:30', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T05:00:00-05:00', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00:00.123456789Z', '2026-11-22T10:00:00.123Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2016-12-31T23:59:60Z', '2016-12-31T23:59:59.000Z'],
    ['0050-01-01T00:00:00Z', '0050-01-01T00:00:00.000Z'],
  ])('accepts %s as %s', (raw, iso) => {
    expect(parseTimestamp(raw)).toEqual({ ok: true, value: { ms: Date.parse(iso), iso } });
  });

  it('repairs a + that a query string decoded as a space', () => {
    const parsed = parseTimestamp('2026-11-22T11:00:00 01:00');
    expect(parsed.ok && parsed.value.iso).toBe('2026-11-22T10:00:00.000Z');
  });

  it.each([
    '2026-11-22T10:00:00',
    '2026-11-22',
    '2026-02-30T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22T10:00:00+0100',
    '2026-11-22T10:00:00+01',
    '2026-11-22T10:00:00+24:00',
    '20261122T100000Z',
    '2026-W47-7',
    '1732269600',
    'January 15, 2026',
    ' 2026-11-22T10:00:00Z',
    '2026-11-22T10:00:00Z[Europe/Paris]',
    '2026-11-22T10:00:00,5Z',
    '',
  ])('rejects %j with a hint', (raw) => {
    const parsed = parseTimestamp(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues[0]?.hint).toContain('RFC 3339');
  });
});
