/**
 * Results shown only to some clients: a tool that answers the same call with its honest text under
 * one client name and with that text and more under others (CyberArk's output poisoning aimed at
 * chosen agents, the scanner's own name kept clean). The evaluator calls the same tools again
 * under every client name and keeps, for each distinct text, the names it was given to.
 *
 * Only a strict extension counts, and only between client names that each got one text all
 * session: results that change with time or state (a counter, a list that grew after a write)
 * differ for the same name too, and a random pick (a quote of the day) replaces text rather than
 * adding to it.
 */
import type { Evidence } from '../../types.ts';
import { RESULT_FACE_MIN_ADDED_CHARS } from '../check-policy.ts';
import { excerpt } from '../escape-text.ts';
import type { McpSnapshot } from '../snapshot.ts';

type Result = McpSnapshot['contents'] extends infer C
  ? C extends { tool_results: (infer R)[] }
    ? R
    : never
  : never;

interface Answer {
  index: number;
  result: Result;
  identities: readonly string[];
  /** The text with what varies by nature (dates, numbers, the client's own name) masked. */
  masked: string;
}

/** The client names that got more than one text from `answers`' tool. */
function unsteadyNames(answers: readonly Answer[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const answer of answers)
    for (const name of answer.identities) (seen.has(name) ? twice : seen).add(name);
  return twice;
}

function evidenceOf(shorter: Answer, longer: Answer): Evidence {
  const added = longer.result.text.length - shorter.result.text.length;
  const shown = longer.identities.map((name) => `"${name}"`).join(', ');
  const hidden = shorter.identities.map((name) => `"${name}"`).join(', ');
  return {
    location: `/contents/tool_results/${longer.index}`,
    path: `tools[${longer.result.tool}] result`,
    face: longer.result.face,
    severity: 'critical',
    excerpt: excerpt(
      longer.result.text.slice(
        longer.result.text.indexOf(shorter.result.text) === 0 ? shorter.result.text.length : 0,
      ),
    ),
    value: `result given with ${added} more characters to the client(s) ${shown} than to ${hidden}: the same call answered differently by client name`,
  };
}

/**
 * Evidence for every tool result that extends, by at least the policy's length, the result the
 * same tool gave another client name; `mask` hides values that vary by nature.
 */
export function resultFaceEvidence(snapshot: McpSnapshot, mask: (text: string) => string): Evidence[] {
  const results = snapshot.contents?.tool_results ?? [];
  const names = [...new Set(results.flatMap((result) => result.identities ?? []))];
  const byTool = new Map<string, Answer[]>();
  results.forEach((result, index) => {
    if (result.is_error || !result.identities?.length || result.truncated) return;
    const masked = names
      .reduce((text, name) => text.replaceAll(name, '<client>'), mask(result.text))
      .replace(/\s+/g, ' ')
      .trim();
    const answers = byTool.get(result.tool) ?? [];
    answers.push({ index, result, identities: result.identities, masked });
    byTool.set(result.tool, answers);
  });
  const evidence: Evidence[] = [];
  for (const answers of byTool.values()) {
    if (answers.length < 2) continue;
    const unsteady = unsteadyNames(answers);
    const steady = answers.filter((answer) => answer.identities.every((name) => !unsteady.has(name)));
    for (const longer of steady)
      for (const shorter of steady) {
        if (longer === shorter) continue;
        const added = longer.masked.length - shorter.masked.length;
        if (added >= RESULT_FACE_MIN_ADDED_CHARS && longer.masked.includes(shorter.masked))
          evidence.push(evidenceOf(shorter, longer));
      }
  }
  return evidence;
}
