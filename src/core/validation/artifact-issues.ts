/**
 * A new evaluation must be of the package it names: an `npm:` artifact has to be the package's npm
 * distribution at the version the document records. Without this, a run of one package could be
 * filed under another whose version happens to match. An admission rule only: packages get renamed
 * on npm, and the evaluations already in the history stay valid when that happens.
 */
import type { EvaluationDocument, PackageFile } from '../types.ts';
import { type Issue, issue } from './issue.ts';

/** `npm:@scope/name@1.2.3#skills/x` → name `@scope/name`, version `1.2.3`. */
export function parseNpmArtifact(artifact: string): { name: string; version: string | null } | null {
  if (!artifact.startsWith('npm:')) return null;
  const spec = artifact.slice('npm:'.length).split('#')[0]!;
  const at = spec.lastIndexOf('@');
  return at > 0 ? { name: spec.slice(0, at), version: spec.slice(at + 1) } : { name: spec, version: null };
}

export function artifactIssues(
  doc: EvaluationDocument,
  pkg: Pick<PackageFile, 'id' | 'distribution'>,
): Issue[] {
  const npm = parseNpmArtifact(doc.subject.artifact);
  const expected = pkg.distribution?.npm;
  if (!npm || expected === undefined) return [];
  if (npm.name !== expected) {
    return [
      issue(
        '/subject/artifact',
        `names the npm package ${npm.name}, but ${pkg.id} is published on npm as ${expected}`,
        `evaluate npm:${expected}@${doc.package.version}, or file the evaluation under the package that is ${npm.name}`,
      ),
    ];
  }
  if (npm.version !== null && npm.version !== doc.package.version) {
    return [
      issue(
        '/subject/artifact',
        `is version ${npm.version} but /package/version says ${doc.package.version}`,
        'record the version that was run in both places',
      ),
    ];
  }
  return [];
}
