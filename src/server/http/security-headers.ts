/**
 * The security headers of every response, decided in one place by the kind of response: the front
 * server applies them to everything it sends (secure-response.ts), the answers Node gives before a
 * handler runs carry them (client-errors.ts), and the static mirror's `_headers` repeats them for
 * static hosts (static-mirror.ts).
 *
 * - Pages: a strict Content-Security-Policy (scripts and styles only from this origin, or inline
 *   when Astro hashed them; nothing framed, no plugins, no <base>, forms only to this origin),
 *   `frame-ancestors 'none'` and `X-Frame-Options` so no site can frame them, and a referrer that
 *   never carries a path to another origin.
 * - Sign-in pages show a new API key: no script at all, no referrer, forms only to this origin.
 * - SVG (badges, the favicon): no script, no subresource; inline styles are how SVG draws.
 * - Everything else (JSON, problem bodies, documents, MCP, CSS, text): `default-src 'none'`, so a
 *   body opened as a document can run nothing. No `frame-ancestors` there: JSON, documents and
 *   badges stay embeddable and readable from any origin, as CORS already allows.
 * - Every response: `X-Content-Type-Options: nosniff`, so a browser never reads JSON or text as
 *   HTML or script.
 */

export type ResponseKind = 'page' | 'sign-in-page' | 'svg' | 'other';

type Directives = Readonly<Record<string, readonly string[]>>;

/** Astro adds to script-src and style-src the hashes of the inline scripts and styles it emits. */
const PAGE_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const SIGN_IN_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  // The site's stylesheet is inlined into these pages; they have no script to protect it from.
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'"],
  // Signing in with a key and signing out post to this site, and nowhere else.
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const SVG_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
};

const OTHER_DIRECTIVES: Directives = { 'default-src': ["'none'"] };

const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' } as const;

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every header each kind of response carries, with its value. */
export const SECURITY_HEADERS: Readonly<Record<ResponseKind, Readonly<Record<string, string>>>> = {
  page: {
    'Content-Security-Policy': serialise(PAGE_DIRECTIVES),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...NOSNIFF,
  },
  'sign-in-page': {
    'Content-Security-Policy': serialise(SIGN_IN_DIRECTIVES),
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    ...NOSNIFF,
  },
  svg: { 'Content-Security-Policy': serialise(SVG_DIRECTIVES), ...NOSNIFF },
  other: { 'Content-Security-Policy': serialise(OTHER_DIRECTIVES), ...NOSNIFF },
};

const SIGN_IN_PATH = /^\/sign-in(?:[/?]|$)/;

/** The kind of a response, from its media type and the path it answers. */
export function responseKind(contentType: string | undefined, path: string): ResponseKind {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'text/html') return SIGN_IN_PATH.test(path) ? 'sign-in-page' : 'page';
  if (mediaType === 'image/svg+xml') return 'svg';
  return 'other';
}

/** The sources of one directive in a policy, or undefined when the policy does not have it. */
function directiveSources(policy: string, name: string): string[] | undefined {
  for (const directive of policy.split(';')) {
    const [directiveName, ...sources] = directive.trim().split(/\s+/);
    if (directiveName?.toLowerCase() === name) return sources;
  }
  return undefined;
}

/**
 * The page policy with the hashes Astro computed for this page's inline scripts and styles. Only
 * hashes are taken from Astro's header: every other source and directive is this module's.
 */
export function pagePolicy(astroPolicy: string | undefined): string {
  if (!astroPolicy) return SECURITY_HEADERS.page['Content-Security-Policy']!;
  const withHashes: Record<string, readonly string[]> = { ...PAGE_DIRECTIVES };
  for (const name of ['script-src', 'style-src']) {
    const hashes = (directiveSources(astroPolicy, name) ?? []).filter((source) =>
      /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(source),
    );
    withHashes[name] = [...PAGE_DIRECTIVES[name]!, ...hashes];
  }
  return serialise(withHashes);
}

/** The headers for one response; `astroPolicy` is the CSP Astro wrote for a page, if any. */
export function securityHeaders(kind: ResponseKind, astroPolicy?: string): Record<string, string> {
  const headers = { ...SECURITY_HEADERS[kind] };
  if (kind === 'page') headers['Content-Security-Policy'] = pagePolicy(astroPolicy);
  return headers;
}
