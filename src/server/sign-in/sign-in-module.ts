/**
 * `/sign-in`: GitHub's OAuth web flow when it is configured, else how to ask the operator for a key;
 * either way a contributor can sign this browser in with a key they have (`POST /sign-in/key`) and
 * out again (`POST /sign-in/out`), which the site's own forms need (session.ts).
 * The `state` travels in a short-lived HttpOnly cookie and must come back unchanged (compared in
 * constant time); the GitHub token is used once to read the login and avatar, then dropped.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizationUrl, identityFromCode } from '../../github/oauth-sign-in.ts';
import { issueFormUrl } from '../../site/site-links.ts';
import type { OAuthConfig } from '../config.ts';
import { readBody } from '../http/read-body.ts';
import { authenticate, issueKey } from '../keys/api-keys.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';
import type { Store } from '../store/store.ts';
import { clearedSessionCookie, cookieValue, isSameOrigin, sessionCookie, sessionOwner } from './session.ts';
import { keyIssuedPage, signInFailedPage, signInPage } from './sign-in-pages.ts';

const STATE_COOKIE = 'afscore_oauth_state';
const STATE_MAX_AGE_S = 600;

export interface SignInOptions {
  oauth: OAuthConfig | null;
  publicUrl: string;
  operatorContact: string;
  /** The project's repository: its issue form asks an operator for a key. */
  repositoryUrl: string;
  store: Store;
}

const MAX_FORM_BYTES = 4096;

function html(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    // The security headers (no script, no referrer, no framing) are the front server's.
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  return cookieValue(req, name);
}

function sameSecret(a: string | undefined, b: string | null): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function signInModule(options: SignInOptions): ServerModule {
  const secure = options.publicUrl.startsWith('https://') ? '; Secure' : '';
  const redirectUrl = `${options.publicUrl}/sign-in/callback`;
  const clearCookie = `${STATE_COOKIE}=; Path=/sign-in; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
  const requestKeyUrl = issueFormUrl(options.repositoryUrl, 'api-key');

  async function callback(
    req: IncomingMessage,
    res: ServerResponse,
    context: ModuleContext,
    oauth: OAuthConfig,
  ): Promise<void> {
    const state = context.target.params.get('state')?.[0] ?? null;
    const code = context.target.params.get('code')?.[0];
    if (!sameSecret(cookie(req, STATE_COOKIE), state)) {
      html(
        res,
        400,
        signInFailedPage(
          'The sign-in could not be verified: it expired, was started in another browser, or was not started here.',
        ),
        { 'Set-Cookie': clearCookie },
      );
      return;
    }
    if (!code) {
      html(
        res,
        400,
        signInFailedPage('GitHub did not send an authorization code; perhaps access was declined.'),
        { 'Set-Cookie': clearCookie },
      );
      return;
    }
    let identity: Awaited<ReturnType<typeof identityFromCode>>;
    try {
      identity = await identityFromCode(oauth, code, redirectUrl);
    } catch {
      html(res, 502, signInFailedPage('GitHub did not confirm the sign-in. Please try again in a moment.'), {
        'Set-Cookie': clearCookie,
      });
      return;
    }
    const { key } = await issueKey(
      options.store,
      identity.login,
      identity.avatarUrl,
      new Date(context.now).toISOString(),
    );
    // Signed in on this browser too, so the site's own forms (claiming from the queue) work.
    html(res, 200, keyIssuedPage(identity.login, key), {
      'Set-Cookie': [clearCookie, sessionCookie(key, secure !== '')],
    });
  }

  /** POST /sign-in/key: sign this browser in with a key the contributor already has. */
  async function signInWithKey(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pageOptions = { requestKeyUrl, githubConfigured: options.oauth !== null };
    if (!isSameOrigin(req, options.publicUrl)) {
      html(res, 403, signInFailedPage('The form was not sent from this site.'));
      return;
    }
    const body = await readBody(req, MAX_FORM_BYTES);
    const key = body.ok ? new URLSearchParams(body.body.toString('utf8')).get('key')?.trim() : undefined;
    const owner = key ? await authenticate(options.store, key) : null;
    if (!key || !owner) {
      html(
        res,
        401,
        signInPage(options.oauth !== null, options.operatorContact, {
          ...pageOptions,
          problem: 'That key is unknown or revoked. Check that you copied all of it, or ask for a new one.',
        }),
      );
      return;
    }
    res.writeHead(303, {
      Location: '/queue',
      'Set-Cookie': sessionCookie(key, secure !== ''),
      'Cache-Control': 'no-store',
    });
    res.end();
  }

  function signOut(req: IncomingMessage, res: ServerResponse): void {
    if (!isSameOrigin(req, options.publicUrl)) {
      html(res, 403, signInFailedPage('The form was not sent from this site.'));
      return;
    }
    res.writeHead(303, {
      Location: '/',
      'Set-Cookie': clearedSessionCookie(secure !== ''),
      'Cache-Control': 'no-store',
    });
    res.end();
  }

  return {
    name: 'sign-in',
    owns: (target) => target.segments[0] === 'sign-in' && target.segments.length <= 2,
    policy: null,
    async handle(req, res, context) {
      const step = context.target.segments[1];
      if (req.method === 'POST' && step === 'key') {
        await signInWithKey(req, res);
        return;
      }
      if (req.method === 'POST' && step === 'out') {
        signOut(req, res);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        html(res, 405, signInFailedPage('Sign-in pages are reached with a plain link.'), {
          Allow: 'GET, HEAD',
        });
        return;
      }
      const oauth = options.oauth;
      if (step === undefined || step === '' || !oauth) {
        html(
          res,
          step === undefined || step === '' ? 200 : 404,
          signInPage(oauth !== null, options.operatorContact, {
            requestKeyUrl,
            githubConfigured: oauth !== null,
            signedInAs: (await sessionOwner(req, options.store))?.login ?? null,
          }),
        );
        return;
      }
      if (step === 'github') {
        const state = randomBytes(24).toString('base64url');
        res.writeHead(302, {
          Location: authorizationUrl(oauth, state, redirectUrl),
          'Set-Cookie': `${STATE_COOKIE}=${state}; Path=/sign-in; HttpOnly; SameSite=Lax; Max-Age=${STATE_MAX_AGE_S}${secure}`,
          'Cache-Control': 'no-store',
        });
        res.end();
        return;
      }
      if (step === 'callback') {
        await callback(req, res, context, oauth);
        return;
      }
      html(res, 404, signInFailedPage('There is no such sign-in page.'));
    },
  };
}
