/**
 * SEC-04: descriptions that point the model at credential stores (mcp-shield's sensitive file
 * access). A tool that exists to manage such a thing may name it: the term is excused when the
 * tool's own name carries the same subject (an `ssh_*` tool may mention `~/.ssh`).
 */
import type { CheckResult, Evidence } from '../types.ts';
import { excerptAround } from './escape-text.ts';
import { fail, pass } from './results.ts';
import type { McpSnapshot } from './snapshot.ts';
import { toolDescriptionTexts } from './snapshot-texts.ts';

interface SensitiveTerm {
  subject: string;
  pattern: RegExp;
}

export const SENSITIVE_TERMS: readonly SensitiveTerm[] = [
  { subject: 'ssh', pattern: /~\/\.ssh\b|\.ssh\/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bauthorized_keys\b/i },
  { subject: 'env', pattern: /(?:^|[\s'"`(/])\.env(?:\.[\w-]+)?(?![\w-])/i },
  { subject: 'aws', pattern: /~\/\.aws\b|\.aws\/credentials\b/i },
  {
    subject: 'mcp',
    pattern: /\bmcp\.json\b|\bclaude_desktop_config\.json\b|~\/\.cursor\/|\.codeium\/windsurf\b/i,
  },
  { subject: 'keychain', pattern: /\bkeychains?\b|\bkeyring\b|\bcredential\s+manager\b/i },
  {
    subject: 'credentials',
    pattern:
      /~\/\.(?:netrc|npmrc|pypirc|git-credentials|docker\/config\.json|kube\/config)\b|\/etc\/(?:passwd|shadow)\b/i,
  },
  { subject: 'browser', pattern: /\b(?:Login Data|cookies\.sqlite|Local State)\b/ },
  { subject: 'wallet', pattern: /\bwallet\.dat\b|\bseed\s+phrase\b|\bmnemonic\s+phrase\b/i },
];

function toolNameAt(snapshot: McpSnapshot, pointer: string): string {
  const match = /^\/tools\/(\d+)\//.exec(pointer);
  return match ? (snapshot.tools[Number(match[1])]?.name ?? '') : '';
}

export function checkSensitivePaths(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  for (const spot of toolDescriptionTexts(snapshot)) {
    const owner = toolNameAt(snapshot, spot.pointer).toLowerCase();
    for (const term of SENSITIVE_TERMS) {
      const match = term.pattern.exec(spot.text);
      if (!match || owner.includes(term.subject)) continue;
      evidence.push({
        location: spot.pointer,
        excerpt: excerptAround(spot.text, match.index, match.index + match[0].length),
        value: term.subject,
      });
    }
  }
  if (evidence.length === 0)
    return pass('SEC-04', 'No description mentions credential stores or secrets files.');
  return fail('SEC-04', `${evidence.length} mention(s) of credential stores or secrets files.`, evidence);
}
