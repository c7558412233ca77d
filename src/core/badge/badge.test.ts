import { describe, expect, it } from 'vitest';
import { packageRecord } from '../../../test/support/package-fixture.ts';
import type { Tombstone } from '../catalogue/catalogue-types.ts';
import { gradeFor } from '../scoring/grade.ts';
import { badgeFor, scoreBands, scoreColour, shieldsEndpoint } from './badge.ts';
import { GRADE_COLOURS } from './badge-policy.ts';

const record = packageRecord;

describe('badge colours', () => {
  it.each([
    [100, 'brightgreen'],
    [90, 'brightgreen'],
    [89.9, 'green'],
    [80, 'green'],
    [79.9, 'yellowgreen'],
    [70, 'yellowgreen'],
    [69.9, 'yellow'],
    [50, 'yellow'],
    [49.9, 'red'],
    [0, 'red'],
  ] as const)('colours %s %s', (score, colour) => {
    expect(scoreColour(score)).toBe(colour);
  });

  it('never disagrees with the grade', () => {
    for (let tenths = 0; tenths <= 1000; tenths++) {
      const score = tenths / 10;
      expect(scoreColour(score)).toBe(GRADE_COLOURS[gradeFor(score)]);
    }
  });

  it('publishes contiguous bands from 0 to 100', () => {
    const bands = scoreBands();
    expect(bands.map((band) => [band.grade, band.min, band.below, band.colour])).toEqual([
      ['A', 90, null, 'brightgreen'],
      ['B', 80, 90, 'green'],
      ['C', 70, 80, 'yellowgreen'],
      ['D', 50, 70, 'yellow'],
      ['F', 0, 50, 'red'],
    ]);
    expect(bands.map((band) => band.colourHex)).toEqual(['#4c1', '#97ca00', '#a4a61d', '#dfb317', '#e05d44']);
  });
});

describe('badgeFor', () => {
  it('shows a published score as the message, coloured by band', () => {
    const badge = badgeFor(record({ af_score: 87.6, evaluation_status: 'Evaluated' }));
    expect(badge).toMatchObject({ state: 'scored', label: 'af score', message: '87.6', colour: 'green' });
    expect(badge.title).toBe('PG Query, af score: 87.6');
  });

  it('says after the score when a cap holds it down, one evaluation stands alone, or evaluators disagree', () => {
    const capped = record({
      af_score: 60,
      confidence: 'corroborated',
      caps_applied: ['no-licence'],
      score_basis: {
        caps: [{ id: 'no-licence', max_af_score: 60 }],
        confidence: 'corroborated',
        evaluations_counted: 2,
        operator_evaluations: 0,
        dimensions_counted: ['security'],
        dimensions_not_counted: [],
        model_judged: false,
      },
    });
    expect(badgeFor(capped)).toMatchObject({ message: '60 capped', colour: 'yellow' });
    expect(badgeFor(record({ af_score: 97.5, confidence: 'single' })).message).toBe('97.5 · 1 eval');
    expect(
      badgeFor(record({ af_score: 60, confidence: 'single', caps_applied: ['no-licence'] })).message,
    ).toBe('60 capped · 1 eval');
    expect(badgeFor(record({ af_score: 86.9, confidence: 'disputed' })).title).toBe(
      'PG Query, af score: 86.9 disputed',
    );
    expect(badgeFor(record({ af_score: 98.3, confidence: 'consensus' })).message).toBe('98.3');
  });

  it('is grey "not evaluated" without a score', () => {
    expect(badgeFor(record({}))).toMatchObject({
      state: 'not-evaluated',
      message: 'not evaluated',
      colourHex: '#9f9f9f',
    });
  });

  it('is red "does not start" when evaluators could not start it', () => {
    const badge = badgeFor(record({ evaluation_status: 'Evaluated', flags: ['does-not-start'] }));
    expect(badge).toMatchObject({ state: 'unrunnable', message: 'does not start', colour: 'red' });
  });

  it('is grey "removed" for a tombstone and grey "not found" for an unknown id', () => {
    const tombstone: Tombstone = {
      id: 'retired',
      name: 'Retired',
      removed: true,
      removed_on: '2026-06-01',
      reason: 'The upstream repository was deleted.',
      updated_at: '2026-06-01T00:00:00.000Z',
    };
    expect(badgeFor(tombstone)).toMatchObject({ state: 'removed', message: 'removed', colour: 'lightgrey' });
    expect(badgeFor(undefined)).toMatchObject({
      state: 'not-found',
      message: 'not found',
      colour: 'lightgrey',
      title: 'af score: not found',
    });
  });
});

describe('shieldsEndpoint', () => {
  it('has exactly the keys Shields accepts, and caches for at least 300 s', () => {
    const endpoint = shieldsEndpoint(badgeFor(record({ af_score: 92 })));
    expect(endpoint).toEqual({
      schemaVersion: 1,
      label: 'af score',
      message: '92',
      color: 'brightgreen',
      cacheSeconds: 3600,
    });
  });

  it('marks an unknown id as an error so Shields keeps it grey', () => {
    expect(shieldsEndpoint(badgeFor(undefined))).toEqual({
      schemaVersion: 1,
      label: 'af score',
      message: 'not found',
      color: 'lightgrey',
      isError: true,
      cacheSeconds: 3600,
    });
  });
});
