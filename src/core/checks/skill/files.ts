/** Reading a skill snapshot: SKILL.md's frontmatter and body, file lookups and line numbers. */
import { escapeRegExp } from '../../text/regexp-escape.ts';
import { parseMarkdownFile } from '../../validation/parse-files.ts';
import type { SkillFile, SkillSnapshot } from '../snapshot.ts';

export const SKILL_FILE = 'SKILL.md';

export interface SkillManifest {
  frontmatter: Record<string, unknown>;
  body: string;
  /** 1-based line of SKILL.md on which the body starts. */
  bodyLine: number;
  text: string;
}

export type SkillManifestResult = { ok: true; manifest: SkillManifest } | { ok: false; reason: string };

export function readSkillManifest(snapshot: SkillSnapshot): SkillManifestResult {
  const file = snapshot.files.find((candidate) => candidate.path === SKILL_FILE);
  if (!file) {
    const misnamed = snapshot.files.find((candidate) => candidate.path.toLowerCase() === 'skill.md');
    return {
      ok: false,
      reason: misnamed ? `the file is named ${misnamed.path}; it must be SKILL.md` : 'there is no SKILL.md',
    };
  }
  if (file.text === undefined) return { ok: false, reason: 'SKILL.md is not UTF-8 text' };
  const parsed = parseMarkdownFile(file.text);
  if (!parsed.ok) return { ok: false, reason: `SKILL.md ${parsed.issues[0]!.message}` };
  const prefix = file.text.slice(0, file.text.length - parsed.value.body.length);
  return {
    ok: true,
    manifest: {
      frontmatter: parsed.value.frontmatter as Record<string, unknown>,
      body: parsed.value.body,
      bodyLine: prefix.split('\n').length,
      text: file.text,
    },
  };
}

export function textFiles(snapshot: SkillSnapshot): (SkillFile & { text: string })[] {
  return snapshot.files.filter((file): file is SkillFile & { text: string } => file.text !== undefined);
}

export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** The line of a top-level frontmatter key in SKILL.md, for evidence. */
export function keyLine(text: string, key: string): number {
  const match = new RegExp(`^${escapeRegExp(key)}\\s*:`, 'm').exec(text);
  return match ? lineOf(text, match.index) : 1;
}
