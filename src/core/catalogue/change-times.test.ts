import { describe, expect, it } from 'vitest';
import { latestChange } from './change-times.ts';

describe('latestChange', () => {
  it('takes the newest event', () => {
    expect(
      latestChange({
        added: '2026-01-01T00:00:00Z',
        modified: '2026-02-01T00:00:00Z',
        evaluationsPublished: ['2026-03-01T12:00:00+02:00'],
      }),
    ).toEqual({ change: 'evaluated', updated_at: '2026-03-01T10:00:00.000Z' });
  });

  it('prefers the more significant change at the same instant', () => {
    expect(
      latestChange({
        added: '2026-01-01T00:00:00Z',
        modified: '2026-01-01T00:00:00Z',
        evaluationsPublished: [],
      }).change,
    ).toBe('updated');
  });

  it('makes a removal the last word', () => {
    const removed = latestChange({
      added: '2026-01-01T00:00:00Z',
      modified: '2026-06-02T09:00:00Z',
      evaluationsPublished: ['2026-05-01T00:00:00Z'],
      removed: '2026-06-01T00:00:00Z',
    });
    expect(removed).toEqual({ change: 'removed', updated_at: '2026-06-02T09:00:00.000Z' });
  });

  it('names a release or a deprecation written by sync rather than a plain update', () => {
    const sync = '2026-11-26T06:00:00Z';
    const base = {
      added: '2026-01-01T00:00:00Z',
      modified: sync,
      evaluationsPublished: ['2026-05-01T00:00:00Z'],
    };
    expect(latestChange({ ...base, versionChanged: sync }).change).toBe('new-version');
    expect(latestChange({ ...base, versionChanged: sync, deprecated: sync }).change).toBe('deprecated');
    expect(latestChange({ ...base, versionChanged: '2026-06-01T00:00:00Z' }).change).toBe('updated');
  });
});
