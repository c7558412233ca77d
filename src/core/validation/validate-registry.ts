/** Rules for `data/registry/<id>.json`: the schema, the file name, and a package file beside it. */
import type { RegistryRecord } from '../registry/registry-record.ts';
import { fail, issue, ok, type Result } from './issue.ts';
import { schemaIssues } from './schema-issues.ts';
import { validateImportStateShape, validateRegistryShape } from './validators.ts';

export interface RegistryContext {
  fileId: string;
  /** Ids of every package file, removed ones included. */
  packages: ReadonlySet<string>;
}

export function validateRegistryRecord(document: unknown, context: RegistryContext): Result<RegistryRecord> {
  const shape = schemaIssues(validateRegistryShape, document);
  if (shape.length > 0) return fail(shape);
  const record = document as RegistryRecord;
  if (record.package_id !== context.fileId) {
    return fail([
      issue(
        '/package_id',
        `is "${record.package_id}" but the file is ${context.fileId}.json`,
        `write "package_id": "${context.fileId}"`,
      ),
    ]);
  }
  if (!context.packages.has(record.package_id)) {
    return fail([
      issue(
        '/package_id',
        'names no package in data/packages/',
        'a registry record sits beside its package file; delete it or add the package',
      ),
    ]);
  }
  return ok(record);
}

export interface ImportState {
  'mcp-registry'?: { updated_since: string; imported_at: string };
}

export function validateImportState(document: unknown): Result<ImportState> {
  const shape = schemaIssues(validateImportStateShape, document);
  return shape.length > 0 ? fail(shape) : ok(document as ImportState);
}
