/**
 * Changes top-level keys of a package file's frontmatter in place, leaving every other line as its
 * author wrote it (quoting, comments, order), so a sync's diff shows only what the registry changed.
 * Values are written as JSON strings, which YAML reads as double-quoted scalars: a registry's text
 * can hold quotes, colons or `---` and still stay one value.
 */

/** The order keys take in a package file; a new key goes after the nearest one present before it. */
export const KEY_ORDER = [
  'id',
  'name',
  'kind',
  'category',
  'description',
  'repository',
  'homepage',
  'distribution',
  'version',
  'license',
  'configuration',
  'maintainers',
  'added',
  'removed',
  'deprecated',
  'needs_review',
] as const;
export type FrontmatterKey = (typeof KEY_ORDER)[number];

export type FrontmatterValue = string | null | string[] | Record<string, string>;

const quote = (value: string) => JSON.stringify(value);

export function serializeKey(key: string, value: FrontmatterValue): string[] {
  if (value === null) return [`${key}: null`];
  if (typeof value === 'string') return [`${key}: ${quote(value)}`];
  if (Array.isArray(value)) return [`${key}: [${value.map(quote).join(', ')}]`];
  return [`${key}:`, ...Object.entries(value).map(([inner, text]) => `  ${inner}: ${quote(text)}`)];
}

const TOP_KEY = /^([A-Za-z_][A-Za-z0-9_-]*)\s*:/;

interface Block {
  key: string;
  start: number;
  end: number;
}

function blocks(lines: readonly string[]): Block[] {
  const found: Block[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const match = TOP_KEY.exec(lines[index]!);
    if (!match) continue;
    const last = found[found.length - 1];
    if (last) last.end = index;
    found.push({ key: match[1]!, start: index, end: lines.length });
  }
  return found;
}

/**
 * `updates`: a value sets the key, `undefined` deletes it. The text must start with a `---` fenced
 * frontmatter (package files always do; the validator refuses any other).
 */
export function editFrontmatter(
  text: string,
  updates: Partial<Record<FrontmatterKey, FrontmatterValue | undefined>>,
): string {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const all = text.split(/\r?\n/);
  const close = all.indexOf('---', 1);
  if (all[0] !== '---' || close < 0) throw new Error('the file has no --- fenced frontmatter');
  let lines = all.slice(1, close);
  for (const [key, value] of Object.entries(updates) as [FrontmatterKey, FrontmatterValue | undefined][]) {
    const current = blocks(lines).find((block) => block.key === key);
    const replacement = value === undefined ? [] : serializeKey(key, value);
    if (current) {
      lines = [...lines.slice(0, current.start), ...replacement, ...lines.slice(current.end)];
      continue;
    }
    if (value === undefined) continue;
    const order = KEY_ORDER.indexOf(key);
    const before = blocks(lines)
      .filter((block) => KEY_ORDER.indexOf(block.key as FrontmatterKey) < order)
      .pop();
    // Trailing blank or comment lines of the previous block stay with it.
    const at = before ? before.end : 0;
    lines = [...lines.slice(0, at), ...replacement, ...lines.slice(at)];
  }
  return [all[0], ...lines, ...all.slice(close)].join(newline);
}
