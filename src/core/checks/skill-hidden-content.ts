/**
 * SKL-S01: what the model reads but the user does not see: invisible Unicode anywhere in the
 * skill, and HTML comments in Markdown that carry instructions (rendered views hide comments).
 */
import type { CheckResult, Evidence } from '../types.ts';
import { excerptAround } from './escape-text.ts';
import { findHiddenCharacters, type HiddenFinding, hiddenEvidence } from './hidden-unicode.ts';
import { INJECTION_RULES } from './injection-markup.ts';
import { fail, partial, pass } from './results.ts';
import { lineOf, textFiles } from './skill-files.ts';
import type { SkillSnapshot } from './snapshot.ts';

const COMMENT = /<!--([\s\S]*?)-->/g;
/** Directive language in a comment: addressed to the model, not a note to the author. */
const DIRECTIVE =
  /\b(?:ignore|disregard|you\s+(?:must|should|are|will)|always|never|do\s+not\s+(?:tell|mention|show|reveal)|secretly|silently|without\s+(?:telling|asking)|system\s+prompt|execute|run\s+the|curl|wget|send\s+(?:the|all|any)|upload|exfiltrate|read\s+(?:the\s+)?(?:~|\/|\.env|secrets?))\b/i;

export function hiddenInstructionComments(text: string): { index: number; length: number }[] {
  const found: { index: number; length: number }[] = [];
  for (const match of text.matchAll(COMMENT)) {
    const body = match[1]!;
    if (
      DIRECTIVE.test(body) ||
      INJECTION_RULES.some((rule) => rule.id !== 'html-comment' && rule.pattern.test(body))
    ) {
      found.push({ index: match.index, length: match[0].length });
    }
  }
  return found;
}

export function checkSkillHiddenContent(snapshot: SkillSnapshot): CheckResult {
  const unicode: HiddenFinding[] = [];
  const comments: Evidence[] = [];
  for (const file of textFiles(snapshot)) {
    const characters = findHiddenCharacters(file.text);
    if (characters.length > 0) {
      unicode.push({
        location: `${file.path}:${lineOf(file.text, characters[0]!.index)}`,
        text: file.text,
        characters,
      });
    }
    if (!/\.(?:md|markdown)$/i.test(file.path)) continue;
    for (const comment of hiddenInstructionComments(file.text)) {
      comments.push({
        location: `${file.path}:${lineOf(file.text, comment.index)}`,
        excerpt: excerptAround(file.text, comment.index, comment.index + Math.min(comment.length, 120)),
        value: 'HTML comment with instructions',
      });
    }
  }
  const evidence = [...comments, ...unicode.map(hiddenEvidence)];
  const deceptive = unicode.some((finding) =>
    finding.characters.some((c) => c.kind === 'tag' || c.kind === 'bidi'),
  );
  if (comments.length > 0 || deceptive) {
    return fail(
      'SKL-S01',
      'Hidden instructions or deceptive characters: the model would read what the user cannot see.',
      evidence,
    );
  }
  if (unicode.length > 0)
    return partial('SKL-S01', 0.5, `Invisible characters in ${unicode.length} file(s).`, evidence);
  return pass('SKL-S01', 'No hidden characters or instruction comments.');
}
