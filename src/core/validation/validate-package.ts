/** Rules for `data/packages/<id>.md`: the frontmatter schema plus what a schema cannot see. */
import type { PackageFile } from '../types.ts';
import { fail, type Issue, issue, ok, type Result } from './issue.ts';
import { schemaIssues } from './schema-issues.ts';
import { validatePackageShape } from './validators.ts';

export interface PackageContext {
  /** The id implied by the file name. */
  fileId: string;
  categories: ReadonlySet<string>;
}

type Frontmatter = Omit<PackageFile, 'body'>;

function distributionIssues(meta: Frontmatter): Issue[] {
  const { distribution, kind } = meta;
  if (kind === 'skill' && distribution.skill === undefined) {
    return [
      issue(
        '/distribution/skill',
        'is required for a skill',
        'give the path of the skill folder in the repository',
      ),
    ];
  }
  if (kind === 'mcp-server' && distribution.skill !== undefined) {
    return [
      issue('/distribution/skill', 'is only for skills', 'use npm, pypi, oci or remote for an MCP server'),
    ];
  }
  if (kind === 'mcp-server' && Object.keys(distribution).length === 0) {
    return [
      issue('/distribution', 'names no way to install or reach the server', 'add npm, pypi, oci or remote'),
    ];
  }
  return [];
}

function consistencyIssues(meta: Frontmatter, context: PackageContext): Issue[] {
  const issues: Issue[] = [];
  if (meta.id !== context.fileId) {
    issues.push(
      issue(
        '/id',
        `is "${meta.id}" but the file is ${context.fileId}.md`,
        `rename the file to ${meta.id}.md or write id: ${context.fileId}`,
      ),
    );
  }
  if (!context.categories.has(meta.category)) {
    issues.push(
      issue(
        '/category',
        `"${meta.category}" is not a known category`,
        `use one of ${[...context.categories].sort().join(', ')}`,
      ),
    );
  }
  if (meta.removed && meta.removed.date < meta.added) {
    issues.push(issue('/removed/date', 'is earlier than added', 'a package is removed after it was added'));
  }
  return issues;
}

export function validatePackageFile(
  frontmatter: unknown,
  body: string,
  context: PackageContext,
): Result<PackageFile> {
  const shape = schemaIssues(validatePackageShape, frontmatter);
  if (shape.length > 0) return fail(shape);
  const meta = frontmatter as Frontmatter;
  const issues = [...consistencyIssues(meta, context), ...distributionIssues(meta)];
  if (issues.length > 0) return fail(issues);
  return ok({ ...meta, license: meta.license ?? null, body: body.trim() });
}
