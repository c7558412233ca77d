/**
 * The sign-in pages, rendered here because they hold a secret (the new key) and a cookie, which the
 * static site must never cache. Every value is escaped.
 */
import { escapeHtml } from '../../core/text/html-escape.ts';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · afscore</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1f24; background: #f6f8fa; margin: 0; }
  main { max-width: 40rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  a { color: #0a58ca; }
  .button { display: inline-block; padding: .6rem 1.1rem; background: #1f4e79; color: #fff; border-radius: 6px; text-decoration: none; font-weight: 600; }
  .button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  code, .key { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  .key { display: block; padding: .75rem; background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; word-break: break-all; user-select: all; }
  .warn { color: #7a4b00; }
</style>
</head>
<body>
<main>
<p><a href="/">afscore</a></p>
${body}
</main>
</body>
</html>
`;
}

export function signInPage(configured: boolean, operatorContact: string): string {
  if (!configured) {
    return page(
      'Get an API key',
      `<h1>Get an API key</h1>
<p>An API key lets you submit evaluations with <code>POST /v1/evaluations</code> and claim packages from the queue. On this deployment the operator issues keys by hand.</p>
<p>To ask for one, contact ${escapeHtml(operatorContact)} with your GitHub login. Keys are tied to that login, which is shown on your evaluations; nothing else about you is kept.</p>
<p>You can also contribute without a key: open a pull request that adds your evaluation file, as the <a href="/contribute">contribution guide</a> explains.</p>`,
    );
  }
  return page(
    'Sign in',
    `<h1>Sign in to get an API key</h1>
<p>Sign in with GitHub to get a key for submitting evaluations. afscore asks only for read access to your public profile (<code>read:user</code>) and keeps your login and avatar, nothing else. The key is shown once.</p>
<p><a class="button" href="/sign-in/github">Sign in with GitHub</a></p>`,
  );
}

export function keyIssuedPage(login: string, key: string): string {
  return page(
    'Your API key',
    `<h1>Your API key, ${escapeHtml(login)}</h1>
<p class="warn"><strong>Copy it now: it is shown once.</strong> afscore keeps only a hash of it.</p>
<code class="key" id="api-key">${escapeHtml(key)}</code>
<p>Use it in the <code>X-Api-Key</code> header, or set <code>AFSCORE_API_KEY</code> for <code>npx afscore submit</code>. If it leaks, ask the operator to revoke it and sign in again.</p>
<p><a href="/contribute">How to contribute an evaluation</a></p>`,
  );
}

export function signInFailedPage(reason: string): string {
  return page(
    'Sign-in failed',
    `<h1>Sign-in did not complete</h1>
<p>${escapeHtml(reason)}</p>
<p><a class="button" href="/sign-in">Start again</a></p>`,
  );
}
