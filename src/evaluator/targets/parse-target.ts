/**
 * What `afscore evaluate <target>` was asked to evaluate: `npm:<package>[@version]`,
 * `stdio:<command line>`, an `http(s)://` Streamable HTTP URL, or a path to a folder (a skill
 * when it holds SKILL.md, otherwise an unpacked npm package with a package.json).
 */
import { issue, ok, type Result, fail as refuse } from '../../core/validation/issue.ts';

export type Target =
  | { kind: 'npm'; name: string; version?: string }
  | { kind: 'stdio'; command: string; args: string[]; commandLine: string }
  | { kind: 'http'; url: string }
  | { kind: 'folder'; path: string };

const NPM_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/;

export function parseTarget(text: string): Result<Target> {
  if (text.startsWith('npm:')) return parseNpm(text.slice(4));
  if (text.startsWith('stdio:')) {
    const words = splitCommandLine(text.slice(6));
    if (!words.ok) return words;
    const [command, ...args] = words.value;
    if (command === undefined)
      return refuse([issue('target', 'stdio: needs a command line', 'write stdio:"node server.js --flag"')]);
    return ok({ kind: 'stdio', command, args, commandLine: text.slice(6).trim() });
  }
  if (/^https?:\/\//i.test(text)) {
    try {
      return ok({ kind: 'http', url: new URL(text).href });
    } catch {
      return refuse([issue('target', `"${text}" is not a valid URL`)]);
    }
  }
  if (text.length === 0)
    return refuse([issue('target', 'is missing', 'give npm:<package>, stdio:<command>, a URL or a folder')]);
  return ok({ kind: 'folder', path: text });
}

function parseNpm(spec: string): Result<Target> {
  const at = spec.lastIndexOf('@');
  const name = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  if (!NPM_NAME.test(name)) {
    return refuse([
      issue(
        'target',
        `"${name}" is not an npm package name`,
        'write npm:<package>[@version], e.g. npm:@scope/name@1.2.3',
      ),
    ]);
  }
  if (version !== undefined && !/^[\w.+~^<>=| -]+$/.test(version)) {
    return refuse([issue('target', `"${version}" is not a version or range`)]);
  }
  return ok({ kind: 'npm', name, ...(version ? { version } : {}) });
}

/** Splits a command line into words: whitespace separates, quotes group, backslash escapes. No shell expansion. */
export function splitCommandLine(line: string): Result<string[]> {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = null;
      else if (char === '\\' && quote === '"' && index + 1 < line.length) word += line[++index];
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && index + 1 < line.length) {
      word += line[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote)
    return refuse([issue('target', 'has an unclosed quote', 'close every quote in the command line')]);
  if (inWord) words.push(word);
  return ok(words);
}
