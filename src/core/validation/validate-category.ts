/** Rules for `data/categories/<slug>.md`. */
import type { CategoryFile } from '../types.ts';
import { fail, issue, ok, type Result } from './issue.ts';
import { schemaIssues } from './schema-issues.ts';
import { validateCategoryShape } from './validators.ts';

export function validateCategoryFile(
  frontmatter: unknown,
  body: string,
  fileSlug: string,
): Result<CategoryFile> {
  const shape = schemaIssues(validateCategoryShape, frontmatter);
  if (shape.length > 0) return fail(shape);
  const meta = frontmatter as Omit<CategoryFile, 'body'>;
  if (meta.slug !== fileSlug) {
    return fail([
      issue('/slug', `is "${meta.slug}" but the file is ${fileSlug}.md`, `write slug: ${fileSlug}`),
    ]);
  }
  return ok({ ...meta, body: body.trim() });
}
