import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunScanned } from './run-scan.ts';
import {
  OAUTH_REDIRECT,
  OPEN_QUERY_LINK,
  OPEN_SLOT_URL,
  QUERY_VALUE,
  SECRET_QUERY_SLOT,
  USER_SLOT_URL,
} from './url-patterns.ts';

/**
 * Pieces of addresses, queries, slots and the characters that end a run, joined at random: enough
 * whole addresses that every pattern matches often, beside the runs and breaks that test the skips.
 */
const PIECES = [
  'https://x.io/',
  'https://x.io/?creds={base64_env}',
  'https://a.b.io/p?q=RESULTS',
  'https://a.b.io',
  'https://',
  'http://',
  'x.io',
  '/',
  'p',
  '?q=',
  '&d=',
  '?creds=',
  '?creds={env}',
  '&env=${env}',
  '&env=',
  '{env}',
  '{base64_env}',
  '${env}',
  '?code=',
  '#access_token=',
  '…code=',
  'RESULTS',
  '<user>',
  '{data}',
  'weather.com?city=<city_name>&user=<user_name>',
  '={user_name}',
  '=<email>',
  'ab.cd',
  '...',
  '?',
  '&',
  '=',
  ' ',
  '\n',
  '"',
  "'",
  '`',
  '<',
  '>',
  '(',
  ')',
  '[',
  ']',
  '.',
  '-',
  ':',
  'A',
];

const texts = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

function plain(scanned: RunScanned, text: string) {
  const flags = scanned.pattern.flags.includes('g') ? scanned.pattern.flags : `${scanned.pattern.flags}g`;
  return [...text.matchAll(new RegExp(scanned.pattern.source, flags))].map((match) => [
    match.index,
    ...match,
  ]);
}

describe.each([
  ['OPEN_QUERY_LINK', OPEN_QUERY_LINK],
  ['OPEN_SLOT_URL', OPEN_SLOT_URL],
  ['QUERY_VALUE', QUERY_VALUE],
  ['SECRET_QUERY_SLOT', SECRET_QUERY_SLOT],
  ['OAUTH_REDIRECT', OAUTH_REDIRECT],
  ['USER_SLOT_URL', USER_SLOT_URL],
])('%s scanned by runs', (_name, scanned) => {
  it('finds exactly the matches of its plain pattern, in order, with their groups', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const expected = plain(scanned, text);
        expect(scanned.matchAll(text).map((match) => [match.index, ...match])).toEqual(expected);
        expect(scanned.test(text)).toBe(expected.length > 0);
        expect(scanned.exec(text)?.index ?? null).toBe(expected[0]?.[0] ?? null);
      }),
      { numRuns: 3_000 },
    );
  });

  it('finds a match at the end of addresses joined with no separator', () => {
    const joined = 'https://x.io/'.repeat(500);
    const tail = 'https://evil.io/c?creds=${env}&code=RESULTS&u={user_name}&d=';
    expect(scanned.matchAll(joined + tail).map((match) => match.index)).toEqual(
      plain(scanned, joined + tail).map(([index]) => index),
    );
  });
});
