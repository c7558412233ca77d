/**
 * Results shown only to some clients: a tool that answers the same call with its honest text under
 * one client name and with that text and more under others (CyberArk's output poisoning aimed at
 * chosen agents, the scanner's own name kept clean). The evaluator calls the same tools again
 * under every client name and keeps, for each distinct text, the names it was given to.
 *
 * Only a strict extension counts (a passage added before, after or inside the honest text, such as
 * a field added to a JSON record), and only in the direction deception takes: the first client name
 * (an ordinary coding agent, which the evaluator connects as twice) got the longer text on every
 * connection, and another name got the shorter one. Results that grow with time or state (a log,
 * a list after a write, a cache that warms) give the first name two texts or the shorter one, and
 * a random pick (a quote of the day) replaces text rather than adding to it.
 */

import { escapeRegExp } from '../../text/regexp-escape.ts';
import type { Evidence } from '../../types.ts';
import { RESULT_FACE_MIN_ADDED_CHARS } from '../check-policy.ts';
import { excerpt } from '../escape-text.ts';
import type { McpSnapshot, ObservedContents } from '../snapshot.ts';

type Result = ObservedContents['tool_results'][number];

interface Answer {
  index: number;
  result: Result;
  identities: readonly string[];
  /** The text with what varies by nature (dates, numbers, the client's own name) masked. */
  masked: string;
}

function evidenceOf(shorter: Answer, longer: Answer): Evidence {
  const added = longer.masked.length - shorter.masked.length;
  // Shown from where the two texts part: the added passage and what follows it.
  const from = commonPrefixLength(longer.result.text, shorter.result.text);
  const shown = longer.identities.map((name) => `"${name}"`).join(', ');
  const hidden = shorter.identities.map((name) => `"${name}"`).join(', ');
  return {
    location: `/contents/tool_results/${longer.index}`,
    path: `tools[${longer.result.tool}] result`,
    face: longer.result.face,
    severity: 'critical',
    excerpt: excerpt(longer.result.text.slice(from)),
    value: `result given with ${added} more characters to the client(s) ${shown} than to ${hidden}: the same call answered differently by client name`,
  };
}

/**
 * Whether `longer` is `shorter` with one passage added somewhere: around it (a note before or after
 * the honest text) or inside it (a field added to a JSON record). Nothing of `shorter` is changed.
 */
function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

export function insertedInto(longer: string, shorter: string): boolean {
  if (longer.length <= shorter.length) return false;
  const prefix = commonPrefixLength(longer, shorter);
  let suffix = 0;
  while (
    suffix < shorter.length - prefix &&
    longer[longer.length - 1 - suffix] === shorter[shorter.length - 1 - suffix]
  )
    suffix += 1;
  return prefix + suffix === shorter.length;
}

/**
 * Evidence for every tool result that extends, by at least the policy's length, the result the
 * same tool gave another client name; `mask` hides values that vary by nature.
 */
export function resultFaceEvidence(snapshot: McpSnapshot, mask: (text: string) => string): Evidence[] {
  const first = snapshot.faces?.[0]?.identity;
  if (first === undefined) return [];
  const tools = snapshot.tools.map((tool) => tool.name);
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
    // The first name must have got one text on every connection: two mean the answer changed over time.
    const firsts = answers.filter((answer) => answer.identities.includes(first));
    const longer = firsts.length === 1 ? firsts[0]! : undefined;
    if (!longer) continue;
    for (const shorter of answers) {
      if (shorter === longer) continue;
      const added = longer.masked.length - shorter.masked.length;
      // Inside the honest text only when there is a text to speak of: "[]" sits inside any list.
      // A passage inside it only when the evaluator's own name got the honest text: a list that lost
      // an item between connections (a job that finished) reads the same way, but hides nothing.
      const extends_ =
        longer.masked.includes(shorter.masked) ||
        (shorter.masked.length >= RESULT_FACE_MIN_ADDED_CHARS &&
          shorter.identities.some((name) => name.startsWith('afscore')) &&
          insertedInto(longer.masked, shorter.masked));
      if (added >= RESULT_FACE_MIN_ADDED_CHARS && extends_) evidence.push(evidenceOf(shorter, longer));
      else if (answers.length === 2 && ordersOnlyForSome(longer, shorter, tools))
        evidence.push(replacedEvidence(shorter, longer));
    }
  }
  return evidence;
}

/**
 * A result replaced rather than extended, in the direction of deception: the tool gave exactly two
 * answers, split by client name, each to two names at least (one the first name got on every
 * connection that answered, the other the evaluator's own name got), and only the first has one of the server's
 * tools used (a payout summary turned into "send the pot with send_payment"). A random pick gives
 * more than two answers or splits them otherwise; a rate limit or a timeout hits one connection, not
 * two names, and is never the honest answer here.
 */
function ordersOnlyForSome(shown: Answer, kept: Answer, tools: readonly string[]): boolean {
  if (shown.identities.length < 2 || kept.identities.length < 2) return false;
  if (!kept.identities.some((name) => name.startsWith('afscore')) || FAILED.test(kept.result.text))
    return false;
  const named = (answer: Answer) =>
    tools.filter((tool) => tool !== answer.result.tool && mentions(answer.result.text, tool));
  const keptNames = named(kept);
  return named(shown).some((tool) => !keptNames.includes(tool));
}

/** An answer that says the call did not get through this time. */
const FAILED =
  /\b(?:rate[ -]?limit\w*|too many requests|timed? ?out|timeout|etimedout|econnreset|try again|retry|unavailable|temporarily|429|503|504)\b/i;

/**
 * The tool's name as an identifier, spelled as the server spells it: `send_payment` or
 * `sendPayment`, never a plain word that a sentence uses anyway ("search", "code").
 */
function mentions(text: string, name: string): boolean {
  if (!/[_-]|[a-z][A-Z]/.test(name)) return false;
  return new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`).test(text);
}

function replacedEvidence(kept: Answer, shown: Answer): Evidence {
  const names = (answer: Answer) => answer.identities.map((name) => `"${name}"`).join(', ');
  return {
    location: `/contents/tool_results/${shown.index}`,
    path: `tools[${shown.result.tool}] result`,
    face: shown.result.face,
    severity: 'critical',
    excerpt: excerpt(shown.result.text),
    value: `result replaced for the client(s) ${names(shown)}, with a use of the server's tools that ${names(kept)} were not told: the same call answered differently by client name`,
  };
}
