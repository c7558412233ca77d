/**
 * The part of the OpenAPI document outside `/v1`: the MCP endpoint, badges, documents and the
 * health check. They are described here so that `/openapi.json` covers every endpoint the server
 * answers, as DESIGN §3 asks, and so that generated clients know what each returns.
 */

import { BADGE_MAX_AGE_SECONDS } from '../../core/badge/badge-policy.ts';
import { PACKAGE_ID_PATTERN } from '../../core/ids.ts';
import { rateLimitHeaders, ref } from './openapi-refs.ts';

const cachedHeaders = { ...rateLimitHeaders, ETag: ref('headers', 'ETag') };

function document(summary: string, description: string, contentType: string, schema: unknown) {
  return {
    get: {
      tags: ['documents'],
      summary,
      description,
      responses: {
        '200': { description: summary, headers: cachedHeaders, content: { [contentType]: { schema } } },
        '304': ref('responses', 'NotModified'),
      },
    },
  };
}

const badgeId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A package id.',
  schema: { type: 'string', pattern: PACKAGE_ID_PATTERN },
};

function badge(summary: string, contentType: string, schema: unknown) {
  const content = { [contentType]: { schema } };
  const headers = {
    ETag: ref('headers', 'ETag'),
    'Cache-Control': {
      description: `public, max-age=${BADGE_MAX_AGE_SECONDS}`,
      schema: { type: 'string' },
    },
  };
  return {
    get: {
      tags: ['badges'],
      summary,
      description:
        'Not limited per client: image proxies such as GitHub Camo fetch badges for every reader. Unknown and removed packages still get a badge (grey "not found" or "removed"), with the matching status.',
      parameters: [badgeId],
      responses: {
        '200': { description: 'The badge.', headers, content },
        '304': ref('responses', 'NotModified'),
        '404': { description: 'No such package: a grey "not found" badge.', headers, content },
        '410': { description: 'The package was removed: a grey "removed" badge.', headers, content },
      },
    },
  };
}

const mcpMethodNotAllowed = {
  tags: ['mcp'],
  summary: 'Not offered',
  description: 'The endpoint is stateless: no server-sent event stream and no sessions to delete.',
  responses: {
    '405': {
      description: 'Use POST.',
      headers: { Allow: { description: 'POST', schema: { type: 'string' } } },
    },
  },
};

/** JSON-RPC at the HTTP level: errors on /mcp are JSON-RPC error objects, as MCP clients expect. */
const jsonRpc = (description: string) => ({
  description,
  headers: rateLimitHeaders,
  content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
});

export function otherPaths(limits: { mcp: number }): Record<string, unknown> {
  return {
    '/mcp': {
      post: {
        tags: ['mcp'],
        summary: 'Model Context Protocol (Streamable HTTP, stateless)',
        description: `MCP over Streamable HTTP with JSON responses, protocol versions 2025-06-18 and 2025-11-25. Nine read-only tools over the same data as /v1 (search_packages, get_package, compare_packages, get_category_leaderboard, list_categories, get_stats, get_evaluation_queue, get_agent_guide, get_updates_since), the evaluation guide and schema as resources, a packages/{id} resource template and the evaluate_package prompt. ${limits.mcp} requests per client IP per UTC day, counted apart from /v1. Browsers may call it only from allowed origins.`,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
        },
        responses: {
          '200': jsonRpc('The JSON-RPC response.'),
          '202': {
            description: 'A notification or response was accepted; no body.',
            headers: rateLimitHeaders,
          },
          '400': jsonRpc('Not a JSON-RPC message, or an unsupported protocol version.'),
          '403': jsonRpc('A browser Origin, or a Host, that may not call this endpoint.'),
          '415': jsonRpc('The body must be application/json.'),
          '429': ref('responses', 'TooManyRequests'),
        },
      },
      get: mcpMethodNotAllowed,
      delete: mcpMethodNotAllowed,
    },
    '/badge/{id}.svg': badge('Score badge (SVG)', 'image/svg+xml', { type: 'string' }),
    '/badge/{id}.json': badge(
      'Score badge as a Shields endpoint',
      'application/json',
      ref('schemas', 'ShieldsEndpoint'),
    ),
    '/healthz': {
      get: {
        tags: ['documents'],
        summary: 'Liveness',
        description: 'Whether the server is up, and which data version it serves. Spends no quota.',
        responses: {
          '200': {
            description: 'Up.',
            content: { 'application/json': { schema: ref('schemas', 'Health') } },
          },
        },
      },
    },
    '/openapi.json': document(
      'This OpenAPI document',
      'Every endpoint, parameter, response body, error and header.',
      'application/json',
      { type: 'object' },
    ),
    '/llms.txt': document(
      'The site for agents',
      'Per llmstxt.org: what afscore is, the rules for agents, and links.',
      'text/plain',
      { type: 'string' },
    ),
    '/evaluation-guide.md': document(
      'The evaluation guide',
      'Rubric 2.0, the evaluation document, how to evaluate a package and submit the result.',
      'text/markdown',
      { type: 'string' },
    ),
    '/schemas/evaluation-2.0.json': document(
      'The evaluation schema',
      'JSON Schema 2020-12 of an evaluation document, as POST /v1/evaluations and pull requests take it.',
      'application/schema+json',
      { type: 'object' },
    ),
    '/problems/{type}': {
      parameters: [{ name: 'type', in: 'path', required: true, schema: { type: 'string' } }],
      ...document(
        'What a problem type means',
        'The page each problem body links to in its `type`.',
        'text/markdown',
        { type: 'string' },
      ),
    },
  };
}

export const OTHER_SCHEMAS = {
  ShieldsEndpoint: {
    type: 'object',
    description: 'https://shields.io/badges/endpoint-badge',
    required: ['schemaVersion', 'label', 'message', 'color'],
    properties: {
      schemaVersion: { const: 1 },
      label: { type: 'string' },
      message: { type: 'string' },
      color: { type: 'string' },
      cacheSeconds: { type: 'integer' },
    },
  },
  JsonRpcMessage: {
    type: 'object',
    description: 'A JSON-RPC 2.0 request, notification or response (see the MCP specification).',
    required: ['jsonrpc'],
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      method: { type: 'string' },
      params: { type: 'object' },
      result: { type: 'object' },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
      },
    },
  },
} as const;
