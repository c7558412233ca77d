/**
 * Parsing of repository files from text. Frontmatter is YAML only: gray-matter would otherwise run
 * `---js` frontmatter through eval, and package files arrive in pull requests from anyone.
 */
import matter from 'gray-matter';
import { fail, issue, ok, type Result } from './issue.ts';

export interface MarkdownFile {
  frontmatter: unknown;
  body: string;
}

function refuseEngine(): never {
  throw new Error('only YAML frontmatter is accepted');
}

const SAFE_OPTIONS = {
  language: 'yaml',
  engines: {
    js: refuseEngine,
    javascript: refuseEngine,
    coffee: refuseEngine,
    json: refuseEngine,
    toml: refuseEngine,
  },
};

/** YAML turns `2025-01-31` into a Date; the schemas expect the ISO text back. */
function datesToText(value: unknown): unknown {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? String(value)
      : value.toISOString().replace(/T00:00:00\.000Z$/, '');
  }
  if (Array.isArray(value)) return value.map(datesToText);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, datesToText(inner)]));
  }
  return value;
}

export function parseMarkdownFile(text: string): Result<MarkdownFile> {
  if (!/^---\r?\n/.test(text)) {
    return fail([issue('', 'has no frontmatter', 'start the file with a --- fenced YAML block')]);
  }
  try {
    // Passing options also keeps gray-matter from caching every parsed file in memory.
    const parsed = matter(text, SAFE_OPTIONS);
    if (parsed.data === null || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
      return fail([
        issue('', 'frontmatter is not a mapping', 'write key: value lines between the --- fences'),
      ]);
    }
    return ok({ frontmatter: datesToText(parsed.data), body: parsed.content });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return fail([
      issue('', `frontmatter does not parse: ${reason}`, 'check the YAML between the --- fences'),
    ]);
  }
}

export function parseJsonDocument(text: string): Result<unknown> {
  try {
    return ok(JSON.parse(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail([
      issue('', `is not valid JSON: ${reason}`, 'check for trailing commas, comments or unquoted keys'),
    ]);
  }
}
