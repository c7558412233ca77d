/**
 * Reads a folder's files as the checks see them: forward-slash relative paths in sorted order,
 * a SHA-256 per file, and the UTF-8 text of text files. `node_modules` and `.git` are skipped
 * (a package's dependencies are not the package).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface FolderFile {
  path: string;
  size: number;
  sha256: string;
  /** UTF-8 text, for files without NUL bytes that decode cleanly and are under the size limit. */
  text?: string;
  binary: boolean;
}

const SKIPPED = new Set(['node_modules', '.git']);
export const MAX_TEXT_FILE_BYTES = 5 * 1024 * 1024;

function walk(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) walk(root, full, out);
    } else if (entry.isFile()) {
      out.push(relative(root, full).split(sep).join('/'));
    }
  }
}

function decodeText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function readFolderFiles(root: string): FolderFile[] {
  const paths: string[] = [];
  walk(root, root, paths);
  paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return paths.map((path) => {
    const full = join(root, path);
    const size = statSync(full).size;
    const bytes = readFileSync(full);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const text = size <= MAX_TEXT_FILE_BYTES ? decodeText(bytes) : undefined;
    return {
      path,
      size,
      sha256,
      binary: text === undefined && size <= MAX_TEXT_FILE_BYTES,
      ...(text === undefined ? {} : { text }),
    };
  });
}
