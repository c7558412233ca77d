/** What the evaluator read about a published package: its manifest, its own files, and registry facts. */

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

export interface PackageFacts {
  /** The npm manifest (package.json), or null when the package has none. */
  manifest: Record<string, unknown> | null;
  /** The package's own files (not its dependencies), sorted by path. */
  files: PackageFileFacts[];
  /** Facts from the registry for this version; null when the package did not come from a registry. */
  registry: RegistryFacts | null;
}

const ROOT_FILE = /^[^/]+$/;

/** Root files whose name matches, sorted by path. */
export function rootFiles(facts: PackageFacts, name: RegExp): PackageFileFacts[] {
  return facts.files.filter((file) => ROOT_FILE.test(file.path) && name.test(file.path));
}
