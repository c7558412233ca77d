/**
 * Every problem type the service can answer with, and the one place that turns domain outcomes into
 * HTTP statuses. Bodies are RFC 9457 `application/problem+json`; `type` URLs are stable identifiers
 * that also resolve to a short description at `/problems/<slug>`.
 */

import type { ParameterIssue } from '../../core/query/query-params.ts';
import type { Issue } from '../../core/validation/issue.ts';

export const PROBLEM_BASE = 'https://afscore.dev/problems/';

export interface ProblemType {
  slug: string;
  status: number;
  title: string;
  description: string;
}

export const PROBLEM_TYPES = {
  invalidParameters: {
    slug: 'invalid-parameters',
    status: 400,
    title: 'Invalid request parameters',
    description:
      'A query parameter is missing, unknown, repeated or out of range. `errors` names each parameter and says what to send instead.',
  },
  notFound: {
    slug: 'not-found',
    status: 404,
    title: 'Not found',
    description:
      'No resource at this path. For packages and categories, `detail` names the id that is unknown.',
  },
  packageRemoved: {
    slug: 'package-removed',
    status: 410,
    title: 'Package removed',
    description:
      'The package was taken out of the catalogue. `removed_on` and `reason` say when and why; the change feed carries its tombstone.',
  },
  unauthorized: {
    slug: 'unauthorized',
    status: 401,
    title: 'API key required',
    description:
      'This endpoint needs an API key in the X-Api-Key header. Get one on /sign-in, or from the operator where sign-in is not configured. A revoked key no longer works.',
  },
  forbidden: {
    slug: 'forbidden',
    status: 403,
    title: 'Not yours',
    description:
      'The resource belongs to another contributor (for example a checkout lease someone else holds).',
  },
  conflict: {
    slug: 'conflict',
    status: 409,
    title: 'Conflict',
    description:
      'It is already there: the same run was submitted before, or someone else holds the lease. `detail` says which.',
  },
  invalidBody: {
    slug: 'invalid-body',
    status: 400,
    title: 'Body is not JSON',
    description:
      'The request body could not be read as JSON. Send the evaluation document itself, UTF-8 encoded.',
  },
  payloadTooLarge: {
    slug: 'payload-too-large',
    status: 413,
    title: 'Body too large',
    description:
      'Evaluation documents are at most 1 MiB. Trim the embedded snapshot (inputs) or long evidence excerpts.',
  },
  unsupportedMediaType: {
    slug: 'unsupported-media-type',
    status: 415,
    title: 'Unsupported media type',
    description: 'Send the body with Content-Type: application/json.',
  },
  invalidEvaluation: {
    slug: 'invalid-evaluation',
    status: 422,
    title: 'Evaluation does not validate',
    description:
      'The document fails the rubric 2.0 validation that `afscore validate` runs. `errors` lists each problem with its JSON pointer and how to fix it.',
  },
  methodNotAllowed: {
    slug: 'method-not-allowed',
    status: 405,
    title: 'Method not allowed',
    description: 'The path exists but not for this method. The `Allow` header lists the methods it takes.',
  },
  quotaExceeded: {
    slug: 'quota-exceeded',
    status: 429,
    title: 'Request quota exceeded',
    description:
      'The daily quota of this policy is used up for your client. Wait for `Retry-After` seconds (the next UTC midnight), or ask the operator for a higher limit.',
  },
  invalidTarget: {
    slug: 'invalid-target',
    status: 400,
    title: 'Invalid request target',
    description:
      'The request target is not a path starting with a single `/` whose percent-escapes decode as UTF-8 (for example `%ZZ`, or a lone `%E2`). Percent-encode each path segment and query value, and send it again.',
  },
  malformedRequest: {
    slug: 'malformed-request',
    status: 400,
    title: 'Malformed request',
    description:
      'The request is not well-formed HTTP/1.1 (a bad request line, header or chunk). The connection is closed.',
  },
  requestTimeout: {
    slug: 'request-timeout',
    status: 408,
    title: 'Request too slow',
    description:
      'The request headers did not arrive within 10 s, or the whole request within 30 s (the defaults). The connection is closed; send the request again at a normal pace.',
  },
  headersTooLarge: {
    slug: 'headers-too-large',
    status: 431,
    title: 'Request headers too large',
    description: 'The request headers are larger than 16 KiB in all. The connection is closed.',
  },
  unavailable: {
    slug: 'unavailable',
    status: 503,
    title: 'Service unavailable',
    description:
      'The service cannot answer right now (for example the catalogue is being loaded). Retry after `Retry-After` seconds.',
  },
  internal: {
    slug: 'internal-error',
    status: 500,
    title: 'Internal error',
    description:
      'Something failed on our side. The `instance` id identifies the failure in the operator logs.',
  },
} as const satisfies Record<string, ProblemType>;

export type ProblemKey = keyof typeof PROBLEM_TYPES;

export interface ProblemError {
  parameter?: string;
  pointer?: string;
  detail: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: ProblemError[];
  [extension: string]: unknown;
}

export function problem(key: ProblemKey, detail: string, extensions: Record<string, unknown> = {}): Problem {
  const type = PROBLEM_TYPES[key];
  return {
    type: `${PROBLEM_BASE}${type.slug}`,
    title: type.title,
    status: type.status,
    detail,
    ...extensions,
  };
}

function withHint(message: string, hint: string | undefined): string {
  return hint ? `${message}; ${hint}` : message;
}

export function parameterProblem(issues: readonly ParameterIssue[]): Problem {
  const first = issues[0]!;
  const detail =
    issues.length === 1
      ? `${first.parameter} ${withHint(first.message, first.hint)}.`
      : `${issues.length} parameters are wrong: ${issues.map((found) => found.parameter).join(', ')}.`;
  return problem('invalidParameters', detail, {
    errors: issues.map((found) => ({
      parameter: found.parameter,
      detail: withHint(found.message, found.hint),
    })),
  });
}

export function pointerErrors(issues: readonly Issue[]): ProblemError[] {
  return issues.map((found) => ({ pointer: found.pointer, detail: withHint(found.message, found.hint) }));
}
