/**
 * The OpenAPI 3.1 description of the whole HTTP interface, served at `/openapi.json`. Response
 * schemas come from api-schemas.ts; parameter rules state the limits the core enforces.
 */

import { PACKAGE_ID_PATTERN } from '../../core/ids.ts';
import { LEADERBOARD_DIMENSIONS } from '../../core/query/leaderboard.ts';
import { SORT_KEYS } from '../../core/query/list-query.ts';
import {
  DEFAULT_LEADERBOARD_LIMIT,
  DEFAULT_PAGE_SIZE,
  MAX_COMPARE,
  MAX_LEADERBOARD_LIMIT,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
} from '../../core/query/query-policy.ts';
import { PACKAGE_KINDS } from '../../core/vocabulary.ts';
import { PROBLEM_BASE, PROBLEM_TYPES } from '../http/problems.ts';
import { RESPONSE_SCHEMAS } from './api-schemas.ts';
import type { DocumentSettings } from './document-settings.ts';
import { OTHER_SCHEMAS, otherPaths } from './openapi-other-paths.ts';
import { rateLimitHeaders, ref } from './openapi-refs.ts';
import { SUBMISSION_SCHEMAS } from './submission-schemas.ts';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

function ok(description: string, schemaName: string) {
  return {
    description,
    headers: { ...rateLimitHeaders, ETag: ref('headers', 'ETag') },
    content: json({ $ref: `#/components/schemas/${schemaName}` }),
  };
}

/** A response about live state (a lease, a submission): no ETag, it may change at any moment. */
function live(description: string, schemaName: string) {
  return {
    description,
    headers: rateLimitHeaders,
    content: json({ $ref: `#/components/schemas/${schemaName}` }),
  };
}

const readErrors = {
  '304': ref('responses', 'NotModified'),
  '400': ref('responses', 'BadRequest'),
  '429': ref('responses', 'TooManyRequests'),
};

function read(
  summary: string,
  description: string,
  okResponse: unknown,
  parameters: unknown[],
  extra: Record<string, unknown> = {},
) {
  return {
    get: {
      summary,
      description,
      parameters,
      responses: { '200': okResponse, ...readErrors, ...extra },
    },
  };
}

const param = (name: string) => ref('parameters', name);
const listParameters = [
  'page',
  'per_page',
  'kind',
  'sort',
  'q',
  'min_security_score',
  'min_reliability_score',
].map(param);

function headerSchema(description: string, schema: unknown) {
  return { description, schema };
}

export function openApiDocument({ publicUrl, limits, leaseHours }: DocumentSettings): unknown {
  return {
    openapi: '3.1.1',
    info: {
      title: 'afscore API',
      version: '1.0.0',
      summary: 'Quality scores for MCP servers and agent skills.',
      description: `Read endpoints need no authentication and count against a daily quota of ${limits.read} requests per client IP (UTC days); a 304 counts too. Errors are RFC 9457 problem details. Rate-limit headers follow draft-ietf-httpapi-ratelimit-headers (RateLimit, RateLimit-Policy) with an X-RateLimit-* mirror whose Reset is in epoch seconds.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: publicUrl }],
    tags: [
      { name: 'packages' },
      { name: 'categories' },
      { name: 'contributions' },
      { name: 'mcp' },
      { name: 'badges' },
      { name: 'documents' },
    ],
    paths: {
      '/v1/packages': read(
        'List packages',
        'Filter, search, sort and page the catalogue. Without `sort`, a search ranks best matches first; otherwise packages are ordered by af_score. Unevaluated packages come last whatever the sort, and so do packages without the score sorted by; ties are broken by id.',
        ok('A page of packages.', 'PackagePage'),
        [param('category'), ...listParameters],
      ),
      '/v1/packages/updated-since': read(
        'Change feed',
        'Packages that changed after `timestamp` (added, updated, newly evaluated or removed), oldest change first; removed packages appear as tombstones.',
        ok('A page of changes.', 'ChangePage'),
        [param('timestamp'), param('page'), param('per_page')],
      ),
      '/v1/packages/{id}': read(
        'One package',
        'Full scores, checks, evaluation history and metadata.',
        ok('The package.', 'Package'),
        [param('id')],
        {
          '404': ref('responses', 'NotFound'),
          '410': ref('responses', 'Gone'),
        },
      ),
      '/v1/packages/{id}/agent-guide': read(
        'Guidance for agents',
        'Whether to use the package, how to install or connect it, and what to be careful about.',
        ok('The guide.', 'AgentGuide'),
        [param('id')],
        { '404': ref('responses', 'NotFound'), '410': ref('responses', 'Gone') },
      ),
      '/v1/categories': read(
        'All categories',
        'Every category with its package counts, in pages like every list.',
        ok('The categories.', 'CategoryPage'),
        [param('page'), param('per_page')],
      ),
      '/v1/categories/{slug}/packages': read(
        'Packages of a category',
        'As /v1/packages, within one category.',
        ok('A page of packages.', 'PackagePage'),
        [param('slug'), ...listParameters],
        { '404': ref('responses', 'NotFound') },
      ),
      '/v1/categories/{slug}/leaderboard': read(
        'Category leaderboard',
        'Top packages of the category by one published score; equal scores share a rank. Packages without that score are not ranked.',
        ok('The leaderboard.', 'Leaderboard'),
        [param('slug'), param('dimension'), param('limit')],
        { '404': ref('responses', 'NotFound') },
      ),
      '/v1/compare': read(
        'Compare packages',
        `Up to ${MAX_COMPARE} packages side by side.`,
        ok('The comparison.', 'Comparison'),
        [param('ids')],
        {
          '404': ref('responses', 'NotFound'),
        },
      ),
      '/v1/stats': read(
        'Statistics',
        'Counts and the af_score distribution in ten 10-point buckets.',
        ok('The statistics.', 'Stats'),
        [],
      ),
      '/v1/queue': read(
        'Evaluation queue',
        'Packages not yet evaluated or needing re-evaluation, highest priority first, with their claim state.',
        ok('A page of the queue.', 'QueuePage'),
        [param('page'), param('per_page')],
      ),
      '/v1/evaluations': {
        post: {
          tags: ['contributions'],
          summary: 'Submit an evaluation',
          description: `Validated like \`afscore validate\`, stored durably, then delivered as a pull request. At most ${limits.submit} submissions per API key per UTC day.`,
          security: [{ apiKey: [] }],
          requestBody: { required: true, content: json({ $ref: '#/components/schemas/Evaluation' }) },
          responses: {
            '202': {
              description: 'Accepted and queued for delivery.',
              headers: {
                ...rateLimitHeaders,
                Location: { description: 'The submission status resource.', schema: { type: 'string' } },
              },
              content: json({ $ref: '#/components/schemas/Submission' }),
            },
            '400': ref('responses', 'BadRequest'),
            '401': ref('responses', 'Unauthorized'),
            '404': ref('responses', 'NotFound'),
            '409': ref('responses', 'Conflict'),
            '413': ref('responses', 'PayloadTooLarge'),
            '415': ref('responses', 'UnsupportedMediaType'),
            '422': ref('responses', 'Unprocessable'),
            '429': ref('responses', 'TooManyRequests'),
          },
        },
      },
      '/v1/evaluations/{submission_id}': {
        get: {
          tags: ['contributions'],
          summary: 'Submission status',
          parameters: [{ name: 'submission_id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': live(
              'Queued, delivered (with the pull request URL) or failed (with the reason).',
              'Submission',
            ),
            '404': ref('responses', 'NotFound'),
            '429': ref('responses', 'TooManyRequests'),
          },
        },
      },
      '/v1/checkout': {
        post: {
          tags: ['contributions'],
          summary: 'Claim the most urgent free package',
          description: `A lease tells others you are evaluating the package. Leases expire after ${leaseHours} hours. ${limits.checkout} checkout requests per client IP per UTC day. If you already hold a lease, it is renewed and returned (200), unless held=skip. A worker (afscore work) narrows the queue to what it can evaluate and leaves out what it just failed on.`,
          security: [{ apiKey: [] }],
          parameters: [
            { name: 'kind', in: 'query', schema: { enum: PACKAGE_KINDS } },
            { name: 'category', in: 'query', schema: { type: 'string' }, description: 'A category slug.' },
            {
              name: 'distribution',
              in: 'query',
              schema: { enum: ['npm', 'pypi', 'oci', 'remote', 'skill'] },
              description: 'Only packages distributed this way.',
            },
            {
              name: 'exclude',
              in: 'query',
              schema: { type: 'string' },
              description: 'Comma-separated package ids not to hand out (at most 200).',
            },
            {
              name: 'held',
              in: 'query',
              schema: { enum: ['renew', 'skip'], default: 'renew' },
              description:
                'skip: never hand out a package this key already holds, so several workers sharing a key take different packages.',
            },
          ],
          responses: {
            '200': live('Your existing lease, renewed.', 'Lease'),
            '201': live('The lease.', 'Lease'),
            '400': ref('responses', 'BadRequest'),
            '401': ref('responses', 'Unauthorized'),
            '404': ref('responses', 'NotFound'),
            '429': ref('responses', 'TooManyRequests'),
          },
        },
      },
      '/v1/checkout/{id}': {
        parameters: [param('id')],
        post: {
          tags: ['contributions'],
          summary: 'Claim a given package',
          description: 'Claiming a package you already hold renews the lease (200).',
          security: [{ apiKey: [] }],
          responses: {
            '200': live('The lease, renewed.', 'Lease'),
            '201': live('The lease.', 'Lease'),
            '401': ref('responses', 'Unauthorized'),
            '404': ref('responses', 'NotFound'),
            '409': ref('responses', 'Conflict'),
            '429': ref('responses', 'TooManyRequests'),
          },
        },
        get: {
          tags: ['contributions'],
          summary: 'Read the lease on a package',
          responses: {
            '200': live('The lease.', 'Lease'),
            '404': ref('responses', 'NotFound'),
            '429': ref('responses', 'TooManyRequests'),
          },
        },
        delete: {
          tags: ['contributions'],
          summary: 'Release your lease',
          security: [{ apiKey: [] }],
          responses: {
            '204': { description: 'Released.' },
            '401': ref('responses', 'Unauthorized'),
            '403': ref('responses', 'Forbidden'),
            '404': ref('responses', 'NotFound'),
            '429': ref('responses', 'TooManyRequests'),
          },
        },
      },
      ...otherPaths(limits),
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'An afscore key (afk_…) from /sign-in or the operator.',
        },
      },
      schemas: { ...RESPONSE_SCHEMAS, ...SUBMISSION_SCHEMAS, ...OTHER_SCHEMAS },
      parameters: {
        page: {
          name: 'page',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
        },
        per_page: {
          name: 'per_page',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
        },
        category: {
          name: 'category',
          in: 'query',
          description: 'A category slug (see /v1/categories).',
          schema: { type: 'string' },
        },
        kind: { name: 'kind', in: 'query', schema: { enum: PACKAGE_KINDS } },
        sort: {
          name: 'sort',
          in: 'query',
          description:
            'Scores sort highest first, name A→Z, updated_at newest first; unevaluated packages last. Default: best match when searching, else af_score.',
          schema: { enum: SORT_KEYS },
        },
        q: {
          name: 'q',
          in: 'query',
          description:
            'Full-text search, case- and accent-insensitive: every word must match the name, id, registry name (npm, PyPI), category, keywords, kind, description or tool names, as the start of a word, inside a name, or through a synonym (k8s, pg, db). Without `sort`, packages rank by where their words matched (a whole name, id or registry name first), then by af_score. The response then also lists `matching_categories`.',
          schema: { type: 'string', maxLength: MAX_QUERY_LENGTH },
        },
        min_security_score: {
          name: 'min_security_score',
          in: 'query',
          description: 'Packages without a security score never pass.',
          schema: { type: 'number', minimum: 0, maximum: 100 },
        },
        min_reliability_score: {
          name: 'min_reliability_score',
          in: 'query',
          description: 'Packages without a reliability score never pass.',
          schema: { type: 'number', minimum: 0, maximum: 100 },
        },
        timestamp: {
          name: 'timestamp',
          in: 'query',
          required: true,
          description: 'RFC 3339 with Z or an offset. Encode + as %2B.',
          schema: {
            type: 'string',
            format: 'date-time',
            pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})$',
          },
          examples: {
            utc: { value: '2026-11-01T00:00:00Z' },
            offset: { value: '2026-11-01T01:00:00+01:00' },
          },
        },
        ids: {
          name: 'ids',
          in: 'query',
          required: true,
          description: `1–${MAX_COMPARE} distinct package ids, comma-separated.`,
          schema: { type: 'string' },
        },
        dimension: {
          name: 'dimension',
          in: 'query',
          schema: { enum: LEADERBOARD_DIMENSIONS, default: 'af_score' },
        },
        limit: {
          name: 'limit',
          in: 'query',
          schema: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_LEADERBOARD_LIMIT,
            default: DEFAULT_LEADERBOARD_LIMIT,
          },
        },
        id: {
          name: 'id',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: PACKAGE_ID_PATTERN },
        },
        slug: { name: 'slug', in: 'path', required: true, schema: { type: 'string' } },
      },
      headers: {
        RateLimit: headerSchema('Remaining quota and seconds until it resets, e.g. "read";r=42;t=3600.', {
          type: 'string',
        }),
        RateLimitPolicy: headerSchema('The quota policy, e.g. "read";q=100;w=86400.', { type: 'string' }),
        XRateLimitLimit: headerSchema('Requests allowed per UTC day.', { type: 'integer' }),
        XRateLimitRemaining: headerSchema('Requests left today.', { type: 'integer' }),
        XRateLimitReset: headerSchema('When the quota resets, in epoch seconds (the next UTC midnight).', {
          type: 'integer',
        }),
        ETag: headerSchema('Weak validator; send it back in If-None-Match for a 304.', { type: 'string' }),
        RetryAfter: headerSchema('Seconds to wait.', { type: 'integer' }),
      },
      responses: {
        NotModified: { description: 'Not modified since the ETag you sent.' },
        BadRequest: {
          description: `A parameter or the body is wrong (${PROBLEM_BASE}${PROBLEM_TYPES.invalidParameters.slug}).`,
          content: problemContent,
        },
        Unauthorized: { description: 'No API key, or an unknown or revoked one.', content: problemContent },
        Forbidden: { description: 'The key may not do this.', content: problemContent },
        NotFound: { description: 'No such resource; detail names the unknown id.', content: problemContent },
        Gone: {
          description: 'The package was removed; the body says when and why.',
          content: problemContent,
        },
        Conflict: {
          description: 'Already there (a duplicate submission or a lease held by someone else).',
          content: problemContent,
        },
        PayloadTooLarge: { description: 'The body is over 1 MiB.', content: problemContent },
        UnsupportedMediaType: { description: 'The body is not application/json.', content: problemContent },
        Unprocessable: {
          description: 'The evaluation fails validation; errors lists JSON pointers.',
          content: problemContent,
        },
        TooManyRequests: {
          description: 'The daily quota is used up.',
          headers: { ...rateLimitHeaders, 'Retry-After': ref('headers', 'RetryAfter') },
          content: problemContent,
        },
      },
    },
  };
}
