/**
 * The sign-in pages, rendered here because they hold a secret (the new key) and a cookie, which the
 * static site must never cache. They wear the site's header, navigation, footer and stylesheet, so
 * signing in does not feel like leaving afscore. Every value is escaped.
 */
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../../core/text/html-escape.ts';
import { FOOTER_LINKS, MAIN_NAV } from '../../site/navigation.ts';

// The site's own stylesheet, inlined: these pages' Content-Security-Policy allows inline styles
// only, and the built copy's name carries a content hash that only the Astro build knows.
const SITE_CSS = readFileSync(new URL('../../styles/site.css', import.meta.url), 'utf8');

function links(items: readonly { href: string; label: string }[]): string {
  return items
    .map((item) => `<li><a href="${escapeHtml(item.href)}">${escapeHtml(item.label)}</a></li>`)
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · afscore</title>
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
${SITE_CSS}
</style>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">af</span>afscore</a>
<nav class="site-nav" aria-label="Main"><ul>${links(MAIN_NAV)}</ul></nav>
</div>
</header>
<main id="main" tabindex="-1">
<div class="wrap">
<div class="card sign-in">
${body}
</div>
</div>
</main>
<footer class="site-footer">
<div class="wrap">
<ul aria-label="For developers and agents">${links(FOOTER_LINKS)}</ul>
<p>Sign-in keeps only your GitHub login and avatar.</p>
</div>
</footer>
</body>
</html>
`;
}

export interface SignInPageOptions {
  /** The issue form that asks an operator for a key. */
  requestKeyUrl: string;
  githubConfigured: boolean;
  signedInAs?: string | null;
  /** What went wrong with a key just entered. */
  problem?: string;
}

/** Signing this browser in with a key the contributor has, and out again. */
function keyForm(options: SignInPageOptions): string {
  const signedIn = options.signedInAs
    ? `<div class="notice ok"><p>This browser is signed in as <strong>${escapeHtml(options.signedInAs)}</strong>: the queue shows a Claim button beside each free package.</p>
<form method="post" action="/sign-in/out"><button type="submit" class="secondary">Sign out</button></form></div>`
    : '';
  const problem = options.problem
    ? `<div class="notice bad" role="alert"><p>${escapeHtml(options.problem)}</p></div>`
    : '';
  return `${signedIn}
<h2>Sign in with an API key you have</h2>
${problem}
<form method="post" action="/sign-in/key" class="key-form">
<label for="key">API key</label>
<input id="key" name="key" type="password" autocomplete="off" required pattern="afk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}" placeholder="afk_…">
<button type="submit">Sign in</button>
</form>
<p class="hint">The key stays in this browser in a cookie that scripts cannot read, so the site can claim packages for you; sign out to remove it.</p>`;
}

export function signInPage(configured: boolean, operatorContact: string, options: SignInPageOptions): string {
  if (!configured) {
    return page(
      'Get an API key',
      `<h1>Get an API key</h1>
<p>An API key lets you submit evaluations with <code>POST /v1/evaluations</code> and claim packages from the queue. On this deployment the operator issues keys by hand.</p>
<p><a class="button" href="${escapeHtml(options.requestKeyUrl)}" rel="noopener">Ask for a key</a> with an issue in the project's repository, or contact ${escapeHtml(operatorContact)} with your GitHub login. Keys are tied to that login, which is shown on your evaluations; nothing else about you is kept.</p>
<p>You can also contribute without a key: open a pull request that adds your evaluation file, as the <a href="/contribute">contribution guide</a> explains.</p>
${keyForm(options)}`,
    );
  }
  return page(
    'Sign in',
    `<h1>Sign in to get an API key</h1>
<p>Sign in with GitHub to get a key for submitting evaluations. afscore asks only for read access to your public profile (<code>read:user</code>) and keeps your login and avatar, nothing else. The key is shown once.</p>
<p><a class="button" href="/sign-in/github">Sign in with GitHub</a></p>
${keyForm(options)}`,
  );
}

export function keyIssuedPage(login: string, key: string): string {
  return page(
    'Your API key',
    `<h1>Your API key, ${escapeHtml(login)}</h1>
<div class="notice warn"><p><strong>Copy it now: it is shown once.</strong> afscore keeps only a hash of it.</p></div>
<code class="api-key" id="api-key">${escapeHtml(key)}</code>
<p>Use it in the <code>X-Api-Key</code> header, or set <code>AFSCORE_API_KEY</code> for <code>npx afscore submit</code>. If it leaks, ask the operator to revoke it and sign in again.</p>
<p>This browser is now signed in as ${escapeHtml(login)}: the <a href="/queue">queue</a> shows a Claim button beside each free package.</p>
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
