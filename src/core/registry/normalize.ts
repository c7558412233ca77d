/**
 * Turning what registries publish into the catalogue's forms: repository URLs as https, licences as
 * SPDX-looking text, times as RFC 3339 UTC. Publishers write these fields freely, so anything that
 * does not fit becomes null rather than a guess.
 */

const MAX_URL = 500;

/** `git+https://github.com/a/b.git`, `git@github.com:a/b.git`, `github:a/b`, `a/b` → `https://github.com/a/b`. */
export function httpsRepository(raw: unknown): string | null {
  const text =
    typeof raw === 'string'
      ? raw
      : raw !== null && typeof raw === 'object' && typeof (raw as { url?: unknown }).url === 'string'
        ? (raw as { url: string }).url
        : null;
  if (text === null) return null;
  let value = text.trim();
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(value);
  if (shorthand) {
    const host = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' }[
      (shorthand[1] ?? 'github') as 'github'
    ];
    value = `https://${host}/${shorthand[2]}/${shorthand[3]}`;
  }
  value = value
    .replace(/^git\+/, '')
    .replace(/^git@([^:/]+):/, 'https://$1/')
    .replace(/^(git|ssh|http):\/\/(?:git@)?/, 'https://');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const path = url.pathname.replace(/\.git$/, '').replace(/\/+$/, '');
  const result = `https://${url.host.toLowerCase()}${path}`;
  return result.length <= MAX_URL && path.length > 1 ? result : null;
}

/** An https URL as given (trimmed, without a bare trailing slash), or null. */
export function httpsUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username || value.length > MAX_URL) return null;
    return url.pathname === '/' && !url.search && !url.hash ? value.replace(/\/$/, '') : value;
  } catch {
    return null;
  }
}

/** Homepages compare equal with or without a trailing slash. */
export function sameUrl(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/** Repository URLs compare equal whatever their case of host, `.git` suffix or trailing slash. */
export function sameRepository(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return (httpsRepository(a) ?? a).toLowerCase() === (httpsRepository(b) ?? b).toLowerCase();
}

/** `MIT`, `{type: 'MIT'}`, `[{type: 'MIT'}, {type: 'Apache-2.0'}]` → an SPDX-looking expression or null. */
export function spdxLicence(raw: unknown): string | null {
  if (Array.isArray(raw)) {
    const parts = raw.map(spdxLicence).filter((part): part is string => part !== null);
    return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
  }
  const text =
    typeof raw === 'string'
      ? raw
      : raw !== null && typeof raw === 'object' && typeof (raw as { type?: unknown }).type === 'string'
        ? (raw as { type: string }).type
        : null;
  if (text === null) return null;
  const value = text.trim();
  // "SEE LICENSE IN LICENSE", "UNLICENSED" and prose are not SPDX expressions.
  if (value === '' || value.length > 100 || /^see |^unlicensed$/i.test(value)) return null;
  return /^[A-Za-z0-9.+\-() ]+$/.test(value) ? value : null;
}

/** Any time `Date` reads (`2026-09-29T02:10:00.640000+00:00` included) as RFC 3339 UTC, else null. */
export function utcTime(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // Microseconds are more than Date parses everywhere; milliseconds are enough.
  const trimmed = raw.trim().replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(trimmed) ? trimmed : `${trimmed}Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** A one-line, bounded text from a publisher's field. */
export function plainText(raw: unknown, max: number): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.replace(/\s+/g, ' ').trim();
  if (value === '') return null;
  return value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`;
}
