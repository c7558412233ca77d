/**
 * Reads a skill folder into its snapshot. Text is kept for every text file while the snapshot
 * stays within a budget (documents are at most 1 MiB); files left out keep their size and hash,
 * and SKILL.md is always kept.
 */
import { basename, resolve } from 'node:path';
import type { SkillFile, SkillSnapshot } from '../core/checks/snapshot.ts';
import { type FolderFile, readFolderFiles } from './folder-files.ts';
import { treeDigest } from './tree-digest.ts';

export const SNAPSHOT_TEXT_BUDGET = 600 * 1024;

export interface SkillFolder {
  snapshot: SkillSnapshot;
  digest: string;
  /** Paths whose text was left out of the snapshot. */
  omitted: string[];
}

function toSnapshotFiles(files: readonly FolderFile[]): { files: SkillFile[]; omitted: string[] } {
  let budget = SNAPSHOT_TEXT_BUDGET;
  const keep = new Set<string>();
  // SKILL.md first, then the smallest texts, so the budget covers as many files as it can.
  const texts = files
    .filter((file) => file.text !== undefined)
    .sort(
      (a, b) =>
        Number(b.path === 'SKILL.md') - Number(a.path === 'SKILL.md') ||
        a.size - b.size ||
        (a.path < b.path ? -1 : 1),
    );
  for (const file of texts) {
    if (file.path !== 'SKILL.md' && file.size > budget) continue;
    keep.add(file.path);
    budget -= file.size;
  }
  const omitted: string[] = [];
  const snapshotFiles = files.map((file) => {
    const base = { path: file.path, size: file.size, sha256: file.sha256 };
    if (file.text !== undefined && keep.has(file.path)) return { ...base, text: file.text };
    if (file.text !== undefined) omitted.push(file.path);
    return file.binary ? { ...base, binary: true } : base;
  });
  return { files: snapshotFiles, omitted };
}

export function readSkillFolder(folder: string): SkillFolder {
  const files = readFolderFiles(folder);
  const { files: snapshotFiles, omitted } = toSnapshotFiles(files);
  return {
    snapshot: { kind: 'skill', folder: basename(resolve(folder)), files: snapshotFiles },
    digest: treeDigest(files),
    omitted,
  };
}
