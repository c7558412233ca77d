/**
 * Query strings for the fuzz suites: every parameter name the API knows plus random ones, each
 * with boundary values, valid-looking values and random text, some of it not percent-decodable.
 */
import fc from 'fast-check';

const PARAMETERS = [
  'page',
  'per_page',
  'category',
  'kind',
  'sort',
  'q',
  'min_security_score',
  'min_reliability_score',
  'timestamp',
  'ids',
  'dimension',
  'limit',
  'cursor',
];

const VALUES = [
  '1',
  '0',
  '-1',
  '100',
  '101',
  '1e3',
  'NaN',
  'af_score',
  'name',
  'skill',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00+01:00',
  '',
  '%',
  '%ZZ',
];

/**
 * `compareIds`: a valid `ids` value for the suite's fixture; `text`: its generator of random
 * strings (the suites differ in how wild their text is).
 */
export function queryStrings(
  compareIds: string,
  text: (maxLength: number) => fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const parameter = fc.oneof(fc.constantFrom(...PARAMETERS), text(8));
  const value = fc.oneof(fc.constantFrom(...VALUES, compareIds), text(30));
  return fc.array(fc.tuple(parameter, value), { maxLength: 5 }).map((pairs) =>
    pairs
      // Values holding % are sent raw, so undecodable escapes reach the server.
      .map(
        ([name, raw]) => `${encodeURIComponent(name)}=${raw.includes('%') ? raw : encodeURIComponent(raw)}`,
      )
      .join('&'),
  );
}
