/**
 * The values a server was configured with (`--env` keys, tokens, connection strings) never reach a
 * published evaluation. A server may echo one anywhere: a `whoami` tool, an error that quotes its
 * settings, a line on stderr. Wherever it does, the value is replaced by the variable's name, which
 * is all an evaluation records of its configuration.
 */

/**
 * Shorter values ("1", "true", "eu-west") occur in ordinary text by chance, and a key or token is
 * never this short.
 */
export const SHORTEST_REDACTED_VALUE = 8;

/** How the value may appear in text: as given, escaped inside JSON, or encoded in an address. */
function spellings(value: string): string[] {
  return [...new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)])];
}

/** A replacer of every configured value in a string, longest first so no value leaves part of another. */
function replacerOf(variables: Readonly<Record<string, string>>): ((text: string) => string) | null {
  const replacements = Object.entries(variables)
    .filter(([, value]) => value.length >= SHORTEST_REDACTED_VALUE)
    .flatMap(([name, value]) => spellings(value).map((spelling) => [spelling, `⟨${name}⟩`] as const))
    .sort(([a], [b]) => b.length - a.length);
  if (replacements.length === 0) return null;
  return (text) => replacements.reduce((out, [spelling, marker]) => out.replaceAll(spelling, marker), text);
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

/** A copy of plain data (strings, arrays, objects) with every configured value replaced by `⟨NAME⟩`. */
export function redactValues<T>(value: T, variables: Readonly<Record<string, string>>): T {
  const replace = replacerOf(variables);
  return replace === null ? value : (redactWith(value, replace) as T);
}
