/**
 * `/sign-in`: GitHub's OAuth web flow when it is configured, else how to ask the operator for a key.
 * The `state` travels in a short-lived HttpOnly cookie and must come back unchanged (compared in
 * constant time); the GitHub token is used once to read the login and avatar, then dropped.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizationUrl, identityFromCode } from '../../github/oauth-sign-in.ts';
import type { OAuthConfig } from '../config.ts';
import { issueKey } from '../keys/api-keys.ts';
import type { ModuleContext, ServerModule } from '../server-module.ts';
import type { Store } from '../store/store.ts';
import { keyIssuedPage, signInFailedPage, signInPage } from './sign-in-pages.ts';

const STATE_COOKIE = 'afscore_oauth_state';
const STATE_MAX_AGE_S = 600;

export interface SignInOptions {
  oauth: OAuthConfig | null;
  publicUrl: string;
  operatorContact: string;
  store: Store;
}

function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    // The security headers (no script, no referrer, no framing) are the front server's.
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function sameSecret(a: string | undefined, b: string | null): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function signInModule(options: SignInOptions): ServerModule {
  const secure = options.publicUrl.startsWith('https://') ? '; Secure' : '';
  const redirectUrl = `${options.publicUrl}/sign-in/callback`;
  const clearCookie = `${STATE_COOKIE}=; Path=/sign-in; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;

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
    html(res, 200, keyIssuedPage(identity.login, key), { 'Set-Cookie': clearCookie });
  }

  return {
    name: 'sign-in',
    owns: (target) => target.segments[0] === 'sign-in' && target.segments.length <= 2,
    policy: null,
    async handle(req, res, context) {
      const step = context.target.segments[1];
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
          signInPage(oauth !== null, options.operatorContact),
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
