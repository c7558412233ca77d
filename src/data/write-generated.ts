/**
 * Writes the build's output. Each file is written to a temporary name and renamed into place, and the
 * manifest goes last: a server watching the manifest never reads a half-written catalogue.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface GeneratedFile {
  /** Relative to the output folder, with `/`. */
  path: string;
  content: string;
}

export interface Manifest {
  data_version: string;
  as_of: string;
  rubric_version: string;
  files: Record<string, string>;
}

function sha256(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

function writeAtomically(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

export const MANIFEST_FILE = 'manifest.json';

/** The data version is a digest of every file's digest, so it changes exactly when any output changes. */
export function writeGenerated(
  outDir: string,
  files: readonly GeneratedFile[],
  meta: { as_of: string; rubric_version: string },
  /** Digests of files written already (the catalogue database), by path. */
  written: Readonly<Record<string, string>> = {},
): Manifest {
  const digests: Record<string, string> = { ...written };
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    writeAtomically(join(outDir, file.path), file.content);
    digests[file.path] = sha256(file.content);
  }
  const manifest: Manifest = {
    data_version: sha256(JSON.stringify(Object.fromEntries(Object.entries(digests).sort()))).slice(0, 16),
    as_of: meta.as_of,
    rubric_version: meta.rubric_version,
    files: digests,
  };
  writeAtomically(join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
