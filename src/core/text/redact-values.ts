/**
 * The secrets a contributor configures a server with (`--env` keys, tokens, passwords, connection
 * strings) never reach a published evaluation. A server may echo one anywhere: a status tool, an
 * error that quotes its settings, a line on stderr, a detail clipped mid-token. Wherever it does,
 * the value is replaced by the variable's name, which is all an evaluation records of it.
 *
 * Only the contributor's own values are secrets. A launch plan's placeholders come from the
 * package's README or server.json: redacting them would let a package blank out its own payload.
 */
import { escapeRegExp } from './regexp-escape.ts';

/** Shorter values ("1", "true", "eu-west") occur in ordinary text by chance; no key is this short. */
export const SHORTEST_REDACTED_VALUE = 8;

/** A variable whose name says it holds a secret: its value is one whatever it looks like. */
const SECRET_NAME =
  /key|token|secret|pass|pwd|(?:^|_)pw(?:_|$)|credential|auth|cookie|session|private|dsn|cert|signature|salt|webhook/i;
/** Unless the name says it holds where a secret is, not the secret: `TOKEN_URL`, `CERT_PATH`. */
const LOCATION_NAME = /_(?:url|uri|endpoint|host|path|file|dir|region)$/i;

/**
 * Values that say what they are and hide nothing: a word or words (`production`, `us-east-1`,
 * `my-workspace`), a number, a flag, a path or an address without credentials. Rewriting these
 * wherever they occur would only garble the evidence.
 */
const PLAIN_VALUE =
  /^(?:[a-z]+(?:[-_. ](?:[a-z]+|\d{1,4}))*|\d+(?:\.\d+)*|true|false|(?:~|\.{1,2})?\/[\w./-]*|https?:\/\/[\w.-]+(?::\d+)?(?:\/[\w.-]{1,15})*\/?)$/i;

/** The values to hide: the contributor's, long enough to be told apart, and secret by name or shape. */
export function secretValues(variables: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter(
      ([name, value]) =>
        value.length >= SHORTEST_REDACTED_VALUE &&
        ((SECRET_NAME.test(name) && (/webhook/i.test(name) || !LOCATION_NAME.test(name))) ||
          !PLAIN_VALUE.test(value)),
    ),
  );
}

/** The password inside a connection string (`postgres://ada:S3cr!t@db/app`), as written and decoded. */
function passwordsIn(value: string): string[] {
  try {
    const { password } = new URL(value);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

/** How the value may appear in text: as given, escaped inside JSON, encoded in an address. */
function spellings(value: string): string[] {
  const whole = [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];
  const parts = passwordsIn(value).filter((part) => part.length >= SHORTEST_REDACTED_VALUE);
  return [...new Set([...whole, ...parts])];
}

/**
 * A short value only where it stands alone, not inside a longer word or token; one of 16
 * characters or more anywhere, as a bot token glued to its path (`/bot7123…:AAH…/getMe`).
 */
const ALONE_BELOW = 16;

function standalone(spelling: string): RegExp {
  const value = escapeRegExp(spelling);
  return new RegExp(spelling.length >= ALONE_BELOW ? value : `(?<![A-Za-z0-9])${value}(?![A-Za-z0-9])`, 'g');
}

interface Secret {
  marker: string;
  value: string;
  patterns: RegExp[];
}

/** A value cut off by a limit on length ("…appid=3f9c2a7e5b"): its start ends the text. */
function withoutClippedStart(text: string, { value, marker }: Secret): string {
  const body = text.replace(/(?:…|\.\.\.)$/, '');
  for (let length = Math.min(value.length - 1, body.length); length >= SHORTEST_REDACTED_VALUE; length--) {
    const start = body.length - length;
    if (body.endsWith(value.slice(0, length)) && !/[A-Za-z0-9]/.test(body[start - 1] ?? ''))
      return `${body.slice(0, start)}${marker}${text.slice(body.length)}`;
  }
  return text;
}

function replacerOf(variables: Readonly<Record<string, string>>): ((text: string) => string) | null {
  const secrets: Secret[] = Object.entries(variables)
    .filter(([, value]) => value.length >= SHORTEST_REDACTED_VALUE)
    .sort(([, a], [, b]) => b.length - a.length)
    .map(([name, value]) => ({
      marker: `⟨${name}⟩`,
      value,
      patterns: spellings(value)
        .sort((a, b) => b.length - a.length)
        .map(standalone),
    }));
  if (secrets.length === 0) return null;
  // Whole values first, every one of them, so a value whole in the text is never read as another's cut start.
  return (text) => {
    const whole = secrets.reduce(
      (out, secret) =>
        secret.patterns.reduce((result, pattern) => result.replace(pattern, secret.marker), out),
      text,
    );
    return secrets.reduce((out, secret) => withoutClippedStart(out, secret), whole);
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function redactWith(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => redactWith(item, replace));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [replace(key), redactWith(item, replace)]),
  );
}

/** A copy of plain data (strings, arrays, objects) with every given value replaced by `⟨NAME⟩`. */
export function redactValues<T>(value: T, secrets: Readonly<Record<string, string>>): T {
  const replace = replacerOf(secrets);
  return replace === null ? value : (redactWith(value, replace) as T);
}
