/**
 * Which browser origins may call `/mcp` (DNS-rebinding and cross-site protection), and the CORS
 * headers they get. Requests without `Origin` come from non-browser clients and are let through;
 * a present origin must be the service's own public origin or one the operator allowed.
 */
import { CORS_HEADERS } from '../http/cors.ts';

export function allowedOrigins(publicUrl: string, extra: readonly string[]): ReadonlySet<string> {
  const origins = new Set(extra);
  if (URL.canParse(publicUrl)) origins.add(new URL(publicUrl).origin);
  return origins;
}

export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  return origin === undefined || allowed.has(origin);
}

/** Request headers a browser MCP client sends, per the transport spec (standards §1.4). */
const MCP_REQUEST_HEADERS =
  'Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID';

export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (origin === undefined) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': CORS_HEADERS['Access-Control-Expose-Headers']!,
    Vary: 'Origin',
  };
}

export function preflightHeaders(origin: string | undefined): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': MCP_REQUEST_HEADERS,
    'Access-Control-Max-Age': '86400',
  };
}
