/**
 * SEC-03: tool shadowing (mcp-scan E002, mcp-shield): a description that names another server's
 * tool or tells the model how other tools should behave. Identifiers count as tool references
 * only in tool-shaped contexts ("the send_email tool", "mcp__x__y", "server:tool"), so ordinary
 * snake_case words in a description do not.
 */
import type { CheckResult, Evidence } from '../types.ts';
import { excerptAround } from './escape-text.ts';
import { findPatterns, hitEvidence, type PatternRule } from './injection-markup.ts';
import { fail, pass } from './results.ts';
import type { McpSnapshot } from './snapshot.ts';
import { toolDescriptionTexts } from './snapshot-texts.ts';

export const SHADOWING_RULES: readonly PatternRule[] = [
  {
    id: 'when-tool-available',
    pattern:
      /\bwhen(?:ever)?\s+(?:the\s+)?[`'"]?[\w.:-]+[`'"]?\s+tool\s+is\s+(?:available|present|called|used|invoked)/i,
  },
  { id: 'modify-behaviour', pattern: /\b(?:modify|change|alter|override)\s+(?:the\s+)?behaviou?r\s+of\b/i },
  {
    id: 'other-tools',
    pattern:
      /\b(?:all|any|every)\s+other\s+(?:mcp\s+)?tools?\b[^.]{0,60}\b(?:must|should|need|instead|first|never)\b|\bother\s+(?:mcp\s+)?servers?['’]?\s+tools?\b/i,
  },
];

/** `mcp__server__tool`, `server:tool_name`, or an identifier right before or after the word "tool". */
const TOOL_REFERENCE =
  /\bmcp__([\w-]+)__([\w-]+)|\b([a-z][\w-]*):([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b|[`'"]?\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b[`'"]?\s+tool\b|\btool\s+[`'"]?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g;

export function foreignToolReferences(
  text: string,
  ownNames: ReadonlySet<string>,
): { name: string; index: number; length: number }[] {
  const found: { name: string; index: number; length: number }[] = [];
  for (const match of text.matchAll(TOOL_REFERENCE)) {
    const name = match[2] ?? match[4] ?? match[5] ?? match[6];
    if (name === undefined || ownNames.has(name)) continue;
    found.push({ name, index: match.index, length: match[0].length });
  }
  return found;
}

export function checkCrossServerReferences(snapshot: McpSnapshot): CheckResult {
  const ownNames = new Set(snapshot.tools.map((tool) => tool.name));
  const evidence: Evidence[] = [];
  for (const spot of toolDescriptionTexts(snapshot)) {
    for (const hit of findPatterns(spot.text, SHADOWING_RULES))
      evidence.push(hitEvidence(spot.pointer, spot.text, hit));
    for (const reference of foreignToolReferences(spot.text, ownNames)) {
      evidence.push({
        location: spot.pointer,
        excerpt: excerptAround(spot.text, reference.index, reference.index + reference.length),
        value: `names "${reference.name}", which this server does not expose`,
      });
    }
  }
  if (evidence.length === 0)
    return pass('SEC-03', 'No description refers to tools this server does not expose.');
  return fail(
    'SEC-03',
    `${evidence.length} reference(s) to other tools or to how other tools behave.`,
    evidence,
  );
}
