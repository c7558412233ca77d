/** Rules for `data/spot-checks/<evaluation-id>.md`, the operator's record of a re-run. */
import type { SpotCheckFile } from '../types.ts';
import { fail, issue, ok, type Result } from './issue.ts';
import { schemaIssues } from './schema-issues.ts';
import { validateSpotCheckShape } from './validators.ts';

export interface SpotCheckContext {
  fileId: string;
  /** evaluation id → package id, for every evaluation in the repository. */
  evaluations: ReadonlyMap<string, string>;
}

export function validateSpotCheckFile(
  frontmatter: unknown,
  body: string,
  context: SpotCheckContext,
): Result<SpotCheckFile> {
  const shape = schemaIssues(validateSpotCheckShape, frontmatter);
  if (shape.length > 0) return fail(shape);
  const meta = frontmatter as Omit<SpotCheckFile, 'body'>;
  if (meta.evaluation_id !== context.fileId) {
    return fail([
      issue(
        '/evaluation_id',
        `is "${meta.evaluation_id}" but the file is ${context.fileId}.md`,
        `write evaluation_id: ${context.fileId}`,
      ),
    ]);
  }
  const packageId = context.evaluations.get(meta.evaluation_id);
  if (packageId === undefined) {
    return fail([
      issue(
        '/evaluation_id',
        'names no evaluation in evaluations/',
        'record spot-checks only for merged evaluations',
      ),
    ]);
  }
  if (packageId !== meta.package_id) {
    return fail([
      issue(
        '/package_id',
        `is "${meta.package_id}" but the evaluation is of ${packageId}`,
        `write package_id: ${packageId}`,
      ),
    ]);
  }
  return ok({ ...meta, body: body.trim() });
}
