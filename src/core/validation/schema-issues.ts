/**
 * Runs a JSON Schema validator and turns its errors into issues a contributor can act on:
 * the pointer of the offending value, a plain message, and a hint that says what to write instead.
 */
import type { ErrorObject } from 'ajv';
import { CATEGORY_SLUG_PATTERN, EVALUATION_ID_PATTERN, LOGIN_PATTERN, PACKAGE_ID_PATTERN } from '../ids.ts';
import { type Issue, issue, pointerJoin } from './issue.ts';
import type { ShapeValidator } from './validators.ts';

const PATTERN_HINTS: Record<string, string> = {
  [PACKAGE_ID_PATTERN]:
    'use lowercase letters, digits, ".", "_" and "-", starting and ending with a letter or digit (at most 128 characters)',
  [CATEGORY_SLUG_PATTERN]: 'use lowercase letters, digits and single hyphens (at most 64 characters)',
  [LOGIN_PATTERN]: 'use a GitHub login: letters, digits and single hyphens, at most 39 characters',
  [EVALUATION_ID_PATTERN]: 'use a lowercase UUID such as 3f2b8c1e-5d4a-4f1b-9c2e-7a6b5d4c3e2f',
  '^[a-f0-9]{64}$': 'use 64 lowercase hexadecimal characters (a SHA-256 digest)',
  '^(sha256:[a-f0-9]{64}|sha512:[a-f0-9]{128})$': 'write "sha256:" followed by 64 lowercase hex characters',
  '^https://': 'use an https:// URL',
  '^2\\.[0-9]+$': 'this service grades rubric 2.x; write "2.0"',
  '^[A-Z]{3}-[A-Z]{0,2}[0-9]{1,2}$': 'use a check id from the rubric catalogue, such as SEC-01',
};

const FORMAT_HINTS: Record<string, string> = {
  'date-time': 'write an RFC 3339 date-time with Z or an offset, such as 2026-11-22T10:15:00Z',
  date: 'write a date as YYYY-MM-DD',
  uri: 'write an absolute URL',
};

function describeAllowed(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

function toIssue(error: ErrorObject): Issue {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return issue(
        pointerJoin(at, String(params.missingProperty)),
        'is required',
        `add "${params.missingProperty}"`,
      );
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      return issue(
        pointerJoin(at, String(params.additionalProperty)),
        'is not an allowed property',
        allowed.length > 0 ? `remove it; allowed here: ${allowed.join(', ')}` : 'remove it',
      );
    }
    case 'enum':
      return issue(
        at,
        'has a value that is not allowed',
        `use one of ${describeAllowed(params.allowedValues as unknown[])}`,
      );
    case 'const':
      return issue(at, 'has the wrong value', `write ${JSON.stringify(params.allowedValue)}`);
    case 'type':
      return issue(at, `must be ${String(params.type).replaceAll(',', ' or ')}`);
    case 'pattern': {
      const hint = PATTERN_HINTS[String(params.pattern)];
      return issue(at, 'does not have the expected format', hint ?? `match ${String(params.pattern)}`);
    }
    case 'format':
      return issue(at, `is not a valid ${params.format}`, FORMAT_HINTS[String(params.format)]);
    default:
      return issue(at, error.message ?? `fails the schema rule "${error.keyword}"`);
  }
}

/** Validates `value`; returns no issues when it conforms. Duplicate reports of one spot are merged. */
export function schemaIssues(validate: ShapeValidator, value: unknown): Issue[] {
  if (validate(value)) return [];
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const error of validate.errors ?? []) {
    // A failed `if`/`anyOf` wrapper repeats what its branches already said.
    if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const found = toIssue(error);
    const key = `${found.pointer}\u0000${found.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(found);
  }
  return issues;
}
