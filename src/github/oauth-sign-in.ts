/**
 * GitHub's OAuth web flow with octokit: the authorization URL (scope read:user only), then the code
 * exchanged for a token that is used once to read the login and avatar and then dropped.
 */
import { OAuthApp, Octokit } from 'octokit';

export interface GitHubIdentity {
  login: string;
  avatarUrl: string | null;
}

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  /** API base; the OAuth endpoints are derived from it (github.com for api.github.com). */
  apiUrl: string;
}

export const SIGN_IN_SCOPES = ['read:user'];

function app(settings: OAuthSettings): OAuthApp {
  return new OAuthApp({
    clientType: 'oauth-app',
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    defaultScopes: SIGN_IN_SCOPES,
    Octokit: Octokit.defaults({
      baseUrl: settings.apiUrl,
      throttle: { enabled: false },
      retry: { enabled: false },
    }),
  });
}

export function authorizationUrl(settings: OAuthSettings, state: string, redirectUrl: string): string {
  return app(settings).getWebFlowAuthorizationUrl({ state, redirectUrl, scopes: SIGN_IN_SCOPES }).url;
}

export async function identityFromCode(
  settings: OAuthSettings,
  code: string,
  redirectUrl: string,
): Promise<GitHubIdentity> {
  const { authentication } = await app(settings).createToken({ code, redirectUrl });
  const octokit = new Octokit({
    auth: authentication.token,
    baseUrl: settings.apiUrl,
    throttle: { enabled: false },
    retry: { enabled: false },
  });
  const { data } = await octokit.rest.users.getAuthenticated();
  return { login: data.login, avatarUrl: data.avatar_url || null };
}
