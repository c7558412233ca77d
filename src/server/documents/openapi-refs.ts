/** Pieces every part of the OpenAPI document refers to. */

export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The headers every response carries (components/headers defines them). */
export const rateLimitHeaders = {
  RateLimit: ref('headers', 'RateLimit'),
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
  'X-RateLimit-Limit': ref('headers', 'XRateLimitLimit'),
  'X-RateLimit-Remaining': ref('headers', 'XRateLimitRemaining'),
  'X-RateLimit-Reset': ref('headers', 'XRateLimitReset'),
};
