/** What the evaluator read about a published package: its manifest, its own files, and registry facts. */
import type { SourceRepository } from './source-repository.ts';

export interface PackageFileFacts {
  /** Forward-slash path inside the package. */
  path: string;
  size: number;
  /** Text of text files small enough to scan; absent for binaries. */
  text?: string;
}

export interface RegistryFacts {
  /** The deprecation message, when the version is deprecated. */
  deprecated?: string;
  /** RFC 3339 publication time of the evaluated version. */
  publishedAt?: string;
  /**
   * The version carries a provenance attestation; null when the registry does not report signing
   * data at all (some mirrors strip it), so the answer is unknown.
   */
  provenance: boolean | null;
}

/**
 * What the package's source repository on GitHub says of its licence. The evaluator looks only
 * when the package itself shows no open licence (no licence file, no approved SPDX declaration).
 */
export type RepositoryLicence =
  | {
      outcome: 'found';
      repository: SourceRepository;
      /** The licence file's path in the repository, and its address on GitHub. */
      path: string;
      url: string;
      text: string;
      /**
       * The repository path of a package.json whose name is this package's, or null when none is:
       * a repository that does not hold the package cannot license it.
       */
      namedBy: string | null;
    }
  /** GitHub knows no licence file there (or no such repository). */
  | { outcome: 'none'; repository: SourceRepository }
  | { outcome: 'unreachable'; repository: SourceRepository; reason: string };

export interface PackageFacts {
  /** The npm manifest (package.json), or null when the package has none. */
  manifest: Record<string, unknown> | null;
  /** The package's own files (not its dependencies), sorted by path. */
  files: PackageFileFacts[];
  /** Facts from the registry for this version; null when the package did not come from a registry. */
  registry: RegistryFacts | null;
  /** Absent when the repository was not looked at. */
  repositoryLicence?: RepositoryLicence;
}

const ROOT_FILE = /^[^/]+$/;

/** Root files whose name matches, sorted by path. */
export function rootFiles(facts: PackageFacts, name: RegExp): PackageFileFacts[] {
  return facts.files.filter((file) => ROOT_FILE.test(file.path) && name.test(file.path));
}
