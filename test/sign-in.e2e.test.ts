/**
 * GitHub sign-in against a fake GitHub OAuth endpoint: the authorization request asks only for
 * read:user and carries a state that must come back; a mismatched state is refused; the key is
 * shown once; only the login and the avatar URL are stored.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvaluation, uuidFor } from './support/evaluation-builder.ts';
import { type FakeGitHub, startFakeGitHub } from './support/fake-github.ts';
import { useTempDirs } from './support/temp-dir.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const tempDir = useTempDirs();
let github: FakeGitHub;
let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  github = await startFakeGitHub();
  server = await startTestServer(tempDir(), {
    AFSCORE_GITHUB_CLIENT_ID: 'client-123',
    AFSCORE_GITHUB_CLIENT_SECRET: 'secret-456',
    AFSCORE_GITHUB_API_URL: github.url,
    AFSCORE_PUBLIC_URL: 'https://afscore.example',
  });
  plain = await startTestServer(tempDir(), { AFSCORE_OPERATOR_CONTACT: 'keys@afscore.example' });
});
afterAll(async () => {
  await server.close();
  await plain.close();
  await github.close();
});

async function startSignIn(): Promise<{ state: string; cookie: string }> {
  const response = await fetch(`${server.url}/sign-in/github`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
  expect(location.searchParams.get('client_id')).toBe('client-123');
  expect(location.searchParams.get('scope')).toBe('read:user');
  expect(location.searchParams.get('redirect_uri')).toBe('https://afscore.example/sign-in/callback');
  const state = location.searchParams.get('state')!;
  expect(state.length).toBeGreaterThanOrEqual(32);
  const cookie = response.headers.get('set-cookie')!;
  expect(cookie).toContain(`afscore_oauth_state=${state}`);
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/Secure/);
  return { state, cookie: cookie.split(';')[0]! };
}

function callback(params: Record<string, string>, cookie?: string) {
  return fetch(`${server.url}/sign-in/callback?${new URLSearchParams(params)}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
}

describe('GitHub sign-in', () => {
  it('tells people how to ask the operator when sign-in is not configured', async () => {
    const response = await fetch(`${plain.url}/sign-in`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('the operator issues keys by hand');
    expect(page).toContain('keys@afscore.example');
    expect(page).not.toContain('/sign-in/github');
  });

  it('offers GitHub sign-in when it is configured', async () => {
    const page = await (await fetch(`${server.url}/sign-in`)).text();
    expect(page).toContain('href="/sign-in/github"');
    expect(page).toContain('read:user');
  });

  it('refuses a callback whose state does not match', async () => {
    const { cookie } = await startSignIn();
    github.authorize('code-forged', { login: 'mallory', avatar_url: 'https://avatars.example/mallory' });
    const forged = await callback({ code: 'code-forged', state: 'not-the-state' }, cookie);
    expect(forged.status).toBe(400);
    expect(await forged.text()).not.toContain('afk_');
    const noCookie = await callback({ code: 'code-forged', state: 'anything' });
    expect(noCookie.status).toBe(400);
  });

  it('issues a key shown once, storing only the login and the avatar', async () => {
    const { state, cookie } = await startSignIn();
    github.authorize('code-good', { login: 'octo-cat', avatar_url: 'https://avatars.example/octo-cat' });
    const response = await callback({ code: 'code-good', state }, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toContain('Max-Age=0');
    const page = await response.text();
    const key = /afk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(page)![0];
    expect(page).toContain('octo-cat');

    const replay = await callback({ code: 'code-good', state }, cookie);
    expect(await replay.text()).not.toContain('afk_');

    const db = new DatabaseSync(join(server.root, '.state', 'afscore.sqlite'), { readOnly: true });
    const columns = (db.prepare('PRAGMA table_info(api_keys)').all() as { name: string }[]).map(
      (column) => column.name,
    );
    expect(columns).toEqual(['id', 'hash', 'login', 'avatar_url', 'created_at', 'revoked_at']);
    const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      login: 'octo-cat',
      avatar_url: 'https://avatars.example/octo-cat',
      revoked_at: null,
    });
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain('gho_');

    const doc = buildEvaluation({
      id: uuidFor('oauth/1'),
      packageId: 'never-run',
      version: '0.1.0',
      contributor: 'octo-cat',
      finishedAt: '2026-11-01T09:00:00Z',
    });
    const submitted = await fetch(`${server.url}/v1/evaluations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': key },
      body: JSON.stringify(doc),
    });
    expect(submitted.status).toBe(202);
  });
});
