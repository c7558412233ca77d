/**
 * SEC-02: markup and phrases that address the model over the user's head (mcp-scan W001/E001,
 * mcp-shield). The list is deliberately specific: ordinary imperative documentation ("use this
 * tool to…") must not match.
 */
import type { CheckResult, Evidence } from '../types.ts';
import { excerptAround } from './escape-text.ts';
import { fail, pass } from './results.ts';
import type { McpSnapshot } from './snapshot.ts';
import { snapshotTexts } from './snapshot-texts.ts';

export interface PatternRule {
  id: string;
  pattern: RegExp;
}

export const INJECTION_RULES: readonly PatternRule[] = [
  {
    id: 'instruction-tag',
    pattern:
      /<\s*\/?\s*(?:important|system|instructions?|secret|hidden|admin|system[-_ ]?prompt|assistant|critical)\b[^>]{0,80}>/i,
  },
  { id: 'html-comment', pattern: /<!--[\s\S]*?(?:-->|$)/ },
  {
    id: 'ignore-instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|preceding|other|system)\s+(?:instructions?|prompts?|rules|messages|guidelines)/i,
  },
  {
    id: 'hide-from-user',
    pattern:
      /\b(?:do\s+not|don['’]t|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|show(?:ing)?|reveal(?:ing)?|alert(?:ing)?|notify(?:ing)?|let(?:ting)?\s+know)\s+(?:this\s+to\s+)?(?:the\s+)?users?\b/i,
  },
  {
    id: 'read-before-use',
    pattern:
      /\bbefore\s+(?:using|calling|invoking|running)\s+(?:this|any|the)\s+tool\b[^.]{0,80}\b(?:read|open|fetch|load|cat|send|pass)\b/i,
  },
  { id: 'new-instructions', pattern: /\b(?:new|updated|real|actual)\s+system\s+(?:prompt|instructions?)\b/i },
  { id: 'you-are-now', pattern: /\byou\s+are\s+now\s+(?:in|a|an)\b/i },
];

export interface PatternHit {
  rule: string;
  index: number;
  length: number;
}

export function findPatterns(text: string, rules: readonly PatternRule[]): PatternHit[] {
  const hits: PatternHit[] = [];
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (match) hits.push({ rule: rule.id, index: match.index, length: match[0].length });
  }
  return hits;
}

export function hitEvidence(location: string, text: string, hit: PatternHit): Evidence {
  return { location, excerpt: excerptAround(text, hit.index, hit.index + hit.length), value: hit.rule };
}

export function checkInjectionMarkup(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  for (const spot of snapshotTexts(snapshot)) {
    if (spot.isKey) continue;
    for (const hit of findPatterns(spot.text, INJECTION_RULES)) {
      evidence.push(hitEvidence(spot.pointer, spot.text, hit));
    }
  }
  if (evidence.length === 0) return pass('SEC-02', 'No instruction markup or override phrases.');
  return fail(
    'SEC-02',
    `Instruction markup or override phrases in ${new Set(evidence.map((item) => item.location)).size} place(s).`,
    evidence,
  );
}
