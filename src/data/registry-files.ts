/**
 * Reading and writing what sync and import own on disk: `data/registry/<id>.json` and package
 * files. Writes go to a temporary file renamed into place, so an interrupted run never leaves half
 * a file for the next run (or the build) to trip on.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { emptyRecord, type RegistryRecord } from '../core/registry/registry-record.ts';
import { packagePath, registryPath } from '../core/validation/repository-paths.ts';
import { validateRegistryRecord } from '../core/validation/validate-registry.ts';

export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const scratch = `${path}.${process.pid}.tmp`;
  writeFileSync(scratch, text);
  renameSync(scratch, path);
}

export function registryRecordText(record: RegistryRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** The record, an empty one when there is none yet, or the reason it cannot be used. */
export function readRegistryRecord(
  root: string,
  packageId: string,
  packages: ReadonlySet<string>,
): { ok: true; record: RegistryRecord; text: string | null } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFileSync(join(root, registryPath(packageId)), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ok: true, record: emptyRecord(packageId), text: null };
    }
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: `${registryPath(packageId)} is not valid JSON; fix or delete it` };
  }
  const result = validateRegistryRecord(parsed, { fileId: packageId, packages });
  if (!result.ok) {
    const first = result.issues[0]!;
    return {
      ok: false,
      message: `${registryPath(packageId)}: ${first.pointer || '(document)'}: ${first.message}; fix or delete it`,
    };
  }
  return { ok: true, record: result.value, text };
}

export function writeRegistryRecord(root: string, record: RegistryRecord): void {
  writeAtomically(join(root, registryPath(record.package_id)), registryRecordText(record));
}

export function readPackageText(root: string, packageId: string): string {
  return readFileSync(join(root, packagePath(packageId)), 'utf8');
}

export function writePackageText(root: string, packageId: string, text: string): void {
  writeAtomically(join(root, packagePath(packageId)), text);
}
