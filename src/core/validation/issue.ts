/**
 * Expected failures are values. An issue says where (a JSON pointer into the document or
 * frontmatter; "" is the whole document), what is wrong, and how to fix it.
 */
export interface Issue {
  pointer: string;
  message: string;
  hint?: string;
}

/** An issue found in a repository file. */
export interface FileIssue extends Issue {
  path: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T>(issues: Issue[]): Result<T> {
  return { ok: false, issues };
}

export function issue(pointer: string, message: string, hint?: string): Issue {
  return hint === undefined ? { pointer, message } : { pointer, message, hint };
}

/** Escapes one reference token for a JSON pointer (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function pointerJoin(base: string, ...tokens: (string | number)[]): string {
  return base + tokens.map((token) => `/${pointerToken(token)}`).join('');
}

/** `path: /pointer: message (hint)`, the line format of `npm run validate`. */
export function formatFileIssue(fileIssue: FileIssue): string {
  const where = fileIssue.pointer === '' ? '(document)' : fileIssue.pointer;
  const hint = fileIssue.hint ? ` (${fileIssue.hint})` : '';
  return `${fileIssue.path}: ${where}: ${fileIssue.message}${hint}`;
}
