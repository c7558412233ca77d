/**
 * SKL-S01: what the model reads but the user does not see: characters that hide or reorder text
 * anywhere in the skill, and HTML comments in Markdown that give the model orders (rendered views
 * drop comments). The same analysis as SEC-01 and SEC-02 for servers, so right-to-left text and
 * emoji are read the same way in both.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { SEVERITY_RANK } from '../detection/finding.ts';
import { hiddenRuns } from '../detection/hidden-characters.ts';
import { HTML_COMMENT } from '../detection/lexicon.ts';
import { matchForm } from '../detection/text-form.ts';
import { ordersTheModel } from '../detection/text-rules.ts';
import { excerptAround } from '../escape-text.ts';
import { fail, partial, pass } from '../results.ts';
import type { SkillSnapshot } from '../snapshot.ts';
import { lineOf, textFiles } from './files.ts';

export function hiddenInstructionComments(text: string): { index: number; length: number }[] {
  const found: { index: number; length: number }[] = [];
  for (const match of text.matchAll(HTML_COMMENT)) {
    if (ordersTheModel(matchForm(match[1]!).text)) {
      found.push({ index: match.index, length: match[0].length });
    }
  }
  return found;
}

export function checkSkillHiddenContent(snapshot: SkillSnapshot): CheckResult {
  const evidence: (Evidence & { rank: number })[] = [];
  for (const file of textFiles(snapshot)) {
    for (const run of hiddenRuns(file.text)) {
      if (run.severity === 'low') continue;
      evidence.push({
        location: `${file.path}:${lineOf(file.text, run.start)}`,
        severity: run.severity,
        excerpt: excerptAround(file.text, run.start, run.end),
        value: run.hiddenText
          ? `${run.rule}: ${run.note}: “${run.hiddenText.slice(0, 120)}”`
          : `${run.rule}: ${run.note}`,
        rank: SEVERITY_RANK[run.severity],
      });
    }
    if (!/\.(?:md|markdown)$/i.test(file.path)) continue;
    for (const comment of hiddenInstructionComments(file.text)) {
      evidence.push({
        location: `${file.path}:${lineOf(file.text, comment.index)}`,
        severity: 'critical',
        excerpt: excerptAround(file.text, comment.index, comment.index + Math.min(comment.length, 120)),
        value: 'hidden-order: an HTML comment gives the model orders',
        rank: 0,
      });
    }
  }
  const sorted = evidence.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...item }) => item);
  if (sorted.length === 0) return pass('SKL-S01', 'No hidden characters or instruction comments.');
  if (sorted[0]!.severity === 'critical') {
    return fail(
      'SKL-S01',
      'Hidden instructions or characters that hide text: the model would read what the user cannot see.',
      sorted,
    );
  }
  return partial('SKL-S01', 0.5, `Invisible or control characters in ${sorted.length} place(s).`, sorted);
}
