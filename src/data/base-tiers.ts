/**
 * Contributor tiers as the base branch has them: the catalogue is built from the base commit's data,
 * so nothing in a pull request (a forged history, a spot-check record) can raise its author's tier
 * for its own review.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCatalogue } from '../core/catalogue/build-catalogue.ts';
import { loginKey } from '../core/ids.ts';
import type { TierName } from '../core/types.ts';
import { exportDataTree, type GitResult } from './git-changes.ts';
import { loadRepository } from './load-repository.ts';

export function tiersAtCommit(root: string, commit: string, asOf: string): GitResult<Map<string, TierName>> {
  const dir = mkdtempSync(join(tmpdir(), 'afscore-base-'));
  try {
    const exported = exportDataTree(root, commit, dir);
    if (!exported.ok) return exported;
    const loaded = loadRepository(dir, { withoutGit: true, asOf });
    // Invalid files at the base were refused when they were merged or are CI's to report; the
    // valid rest decides the tiers.
    const catalogue = buildCatalogue(loaded.input);
    return {
      ok: true,
      value: new Map(
        catalogue.contributors.map((contributor) => [loginKey(contributor.login), contributor.tier]),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
