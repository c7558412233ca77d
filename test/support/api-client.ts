/**
 * A fetch wrapper for end-to-end tests that holds every response to the contract: error bodies are
 * problem details with the same status, and success bodies validate against the OpenAPI schema of
 * their endpoint.
 */
import { expect } from 'vitest';
import { schemaValidator } from './openapi-validator.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

const SCHEMA_BY_ROUTE: [RegExp, string][] = [
  [/^\/v1\/packages$/, 'PackagePage'],
  [/^\/v1\/packages\/updated-since$/, 'ChangePage'],
  [/^\/v1\/packages\/[^/]+$/, 'Package'],
  [/^\/v1\/packages\/[^/]+\/agent-guide$/, 'AgentGuide'],
  [/^\/v1\/categories$/, 'CategoryPage'],
  [/^\/v1\/categories\/[^/]+\/packages$/, 'PackagePage'],
  [/^\/v1\/categories\/[^/]+\/leaderboard$/, 'Leaderboard'],
  [/^\/v1\/compare$/, 'Comparison'],
  [/^\/v1\/stats$/, 'Stats'],
  [/^\/v1\/queue$/, 'QueuePage'],
  [/^\/healthz$/, 'Health'],
];

export type Validate = ReturnType<typeof schemaValidator>;

export async function loadValidator(baseUrl: string): Promise<Validate> {
  const openapi = await (await fetch(`${baseUrl}/openapi.json`)).json();
  return schemaValidator(openapi);
}

export function apiClient(baseUrl: string, validate: Validate) {
  return async function get<T = unknown>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    const pathname = new URL(path, baseUrl).pathname;
    let body: unknown = null;
    if (response.status >= 400) {
      expect(response.headers.get('content-type'), `${path} → ${response.status}`).toBe(
        'application/problem+json; charset=utf-8',
      );
      body = JSON.parse(text);
      expect(validate('Problem', body), `${path} problem body`).toEqual([]);
      expect((body as { status: number }).status).toBe(response.status);
    } else if (response.status === 200 && init.method !== 'HEAD') {
      const schema = SCHEMA_BY_ROUTE.find(([pattern]) => pattern.test(pathname))?.[1];
      body = JSON.parse(text);
      if (schema) expect(validate(schema, body), `${path} against ${schema}`).toEqual([]);
    }
    for (const header of [
      'ratelimit',
      'ratelimit-policy',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]) {
      expect(response.headers.has(header), `${path} has ${header}`).toBe(true);
    }
    return { status: response.status, headers: response.headers, body: body as T, text };
  };
}
