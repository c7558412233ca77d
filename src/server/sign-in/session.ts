/**
 * Being signed in on the website: the browser holds the contributor's API key in an HttpOnly,
 * SameSite=Lax cookie, set when they sign in (with GitHub, or by entering a key the operator
 * issued) and cleared when they sign out. Each page request checks it against the key store, so a
 * revoked key signs the browser out. Script cannot read it, and another site's form cannot send it.
 */
import type { IncomingMessage } from 'node:http';
import { authenticate } from '../keys/api-keys.ts';
import type { KeyRecord, Store } from '../store/store.ts';

export const SESSION_COOKIE = 'afscore_key';
const MAX_AGE_S = 30 * 24 * 3600;

export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function sessionCookie(key: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${key}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_S}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** The signed-in contributor, or null (no cookie, or a key that is unknown or revoked). */
export async function sessionOwner(req: IncomingMessage, store: Store): Promise<KeyRecord | null> {
  const key = cookieValue(req, SESSION_COOKIE);
  if (!key) return null;
  try {
    return await authenticate(store, key);
  } catch {
    // The store is down: pages still render, signed out.
    return null;
  }
}

/**
 * A form post from this site. Browsers say where a request comes from in `Sec-Fetch-Site`, which
 * a page's referrer policy does not blank (the sign-in pages send no referrer, so their posts carry
 * `Origin: null`); otherwise the Origin must be ours. A post with neither is refused, so no other
 * site's form can act for a signed-in contributor.
 */
export function isSameOrigin(req: IncomingMessage, publicUrl: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false;
  const host = req.headers.host;
  return (
    origin === new URL(publicUrl).origin ||
    (host !== undefined && origin.replace(/^https?:\/\//, '') === host)
  );
}
