/**
 * EFF-01..03: what the tool list costs every client on every turn. Tokens are estimated as
 * characters ÷ 4 of the canonical tools/list, so the figure is the same for everyone.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { canonicalJson } from '../canonical-json.ts';
import {
  CHARS_PER_TOKEN,
  MAX_DESCRIPTION_CHARS,
  REPEATED_PASSAGE_CHARS,
  TOOL_COUNT_PARTIAL,
  TOOL_COUNT_PASS,
  TOOLS_TOKENS_PARTIAL,
  TOOLS_TOKENS_PASS,
} from '../check-policy.ts';
import { excerpt } from '../escape-text.ts';
import { fail, partial, pass } from '../results.ts';
import { type McpSnapshot, toolsListValue } from '../snapshot.ts';

export function toolsListTokens(snapshot: McpSnapshot): number {
  return Math.ceil(canonicalJson(toolsListValue(snapshot)).length / CHARS_PER_TOKEN);
}

export function checkToolListSize(snapshot: McpSnapshot): CheckResult {
  const tokens = toolsListTokens(snapshot);
  const evidence = [{ location: '/tools', value: tokens }];
  const message = `The tool list costs about ${tokens} tokens.`;
  if (tokens <= TOOLS_TOKENS_PASS) return pass('EFF-01', message, evidence);
  if (tokens <= TOOLS_TOKENS_PARTIAL) return partial('EFF-01', 0.5, message, evidence);
  return fail('EFF-01', message, evidence);
}

export function checkToolCount(snapshot: McpSnapshot): CheckResult {
  const count = snapshot.tools.length;
  const evidence = [{ location: '/tools', value: count }];
  if (count >= 1 && count <= TOOL_COUNT_PASS) return pass('EFF-02', `${count} tools.`, evidence);
  if (count > TOOL_COUNT_PASS && count <= TOOL_COUNT_PARTIAL) {
    return partial(
      'EFF-02',
      0.5,
      `${count} tools: more than ${TOOL_COUNT_PASS} makes choosing harder.`,
      evidence,
    );
  }
  return fail(
    'EFF-02',
    count === 0 ? 'The server exposes no tools.' : `${count} tools: more than ${TOOL_COUNT_PARTIAL}.`,
    evidence,
  );
}

/** Sentences long enough to be guidance rather than a phrase. */
function longSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= REPEATED_PASSAGE_CHARS);
}

export function checkDescriptionBloat(snapshot: McpSnapshot): CheckResult {
  const oversized: Evidence[] = [];
  const firstSeen = new Map<string, number>();
  const repeated: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    const description = typeof tool.description === 'string' ? tool.description : '';
    const location = pointerJoin('/tools', index, 'description');
    if (description.length > MAX_DESCRIPTION_CHARS) {
      oversized.push({ location, value: `${tool.name}: ${description.length} characters` });
    }
    for (const sentence of new Set(longSentences(description))) {
      const first = firstSeen.get(sentence);
      if (first === undefined) firstSeen.set(sentence, index);
      else
        repeated.push({
          location,
          excerpt: excerpt(sentence, 120),
          value: `also in ${snapshot.tools[first]!.name}`,
        });
    }
  });
  if (oversized.length > 0) {
    return fail('EFF-03', `${oversized.length} description(s) exceed ${MAX_DESCRIPTION_CHARS} characters.`, [
      ...oversized,
      ...repeated,
    ]);
  }
  if (repeated.length > 0) {
    return partial('EFF-03', 0.5, `${repeated.length} long passage(s) repeated across tools.`, repeated);
  }
  return pass('EFF-03', 'No oversized or repeated descriptions.');
}
