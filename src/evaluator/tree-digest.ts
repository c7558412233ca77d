/**
 * The digest of a folder of files (a skill, or an unpacked package): SHA-256 of the RFC 8785 form
 * of the sorted list of `{ path, sha256 }`. Anyone holding the same files gets the same digest.
 */
import { canonicalSha256 } from '../core/checks/canonical-json.ts';

export function treeDigest(files: readonly { path: string; sha256: string }[]): string {
  const entries = [...files]
    .map((file) => ({ path: file.path, sha256: file.sha256 }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return `sha256:${canonicalSha256(entries)}`;
}
