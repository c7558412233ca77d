/**
 * CORS for the public API and documents: open to every origin (reads need no credentials and no
 * cookies are ever set), with the rate-limit headers and validators readable by scripts.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'ETag, Location, Retry-After, RateLimit, RateLimit-Policy, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
};

export function preflightHeaders(methods: string): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': 'Content-Type, X-Api-Key, If-None-Match, Accept, Accept-Encoding',
    'Access-Control-Max-Age': '86400',
  };
}
