/**
 * SEC-07 and SKL-S02: credentials shipped in files (gitleaks-style rules, mcp-scan W008). Only
 * formats with a fixed, recognisable shape are matched, and of those only values that look issued:
 * placeholders and test tokens (`glpat-xxxxxxxxxxxxxxxxxxxx`, `glpat-mock-token-instance-1`,
 * `ABCDEFGHIJ…`) and files of a test suite do not count. Excerpts keep the first characters and
 * mask the rest, so the document never republishes a live secret.
 */
import type { CheckResult, Evidence } from '../types.ts';
import { fail, pass } from './results.ts';

interface SecretRule {
  id: string;
  pattern: RegExp;
}

export const SECRET_RULES: readonly SecretRule[] = [
  {
    id: 'private-key',
    pattern:
      /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----\s*[A-Za-z0-9+/=\r\n]{64,}/g,
  },
  { id: 'aws-access-key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { id: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{82})\b/g },
  { id: 'slack-token', pattern: /\bxox[baprs]-[0-9]{10,13}-[0-9]{10,13}(?:-[A-Za-z0-9]{24,34})?\b/g },
  { id: 'stripe-live-key', pattern: /\b[rs]k_live_[0-9A-Za-z]{24,99}\b/g },
  { id: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  {
    id: 'openai-key',
    pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}\b/g,
  },
  { id: 'anthropic-key', pattern: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,}\b/g },
  { id: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { id: 'gitlab-token', pattern: /\bglpat-[A-Za-z0-9_-]{20}\b/g },
  { id: 'sendgrid-key', pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g },
];

export interface ScannedFile {
  path: string;
  text?: string;
}

export interface SecretHit {
  rule: string;
  path: string;
  line: number;
  masked: string;
}

function mask(secret: string): string {
  const visible = secret.startsWith('-----BEGIN') ? secret.indexOf('-----', 5) + 5 : 6;
  return `${secret.slice(0, visible)}…[${secret.length - visible} characters masked]`;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** Files of a test suite, fixtures and examples: credentials there are made up for the tests. */
const TEST_FILE =
  /(?:^|\/)(?:tests?|__tests__|__mocks__|mocks?|fixtures?|examples?|samples?|specs?)\/|\.(?:test|spec)\.[cm]?[jt]sx?$/i;
const PLACEHOLDER_WORDS =
  /mock|test|example|sample|dummy|fake|placeholder|your|redacted|invalid|token|secret|demo|changeme|replace|insert|here|xxx/i;
const KNOWN_PREFIX =
  /^(?:AKIA|ASIA|AIza|SG\.|xox[baprs]-|gh[pousr]_|github_pat_|sk-(?:ant-|proj-)?|npm_|glpat-|[rs]k_live_)/;

function hasSequence(text: string, length: number): boolean {
  let run = 1;
  for (let index = 1; index < text.length; index += 1) {
    run = text.charCodeAt(index) === text.charCodeAt(index - 1) + 1 ? run + 1 : 1;
    if (run >= length) return true;
  }
  return false;
}

/** A value nobody issued: repeated or sequential characters, or words such as "mock" and "example". */
export function looksLikePlaceholder(secret: string): boolean {
  if (secret.startsWith('-----BEGIN')) return /x{8,}|\.\.\.|redacted|example/i.test(secret);
  const body = secret.replace(KNOWN_PREFIX, '');
  if (PLACEHOLDER_WORDS.test(body)) return true;
  if (/(.)\1{5,}/.test(body) || hasSequence(body, 6)) return true;
  return new Set(body).size < Math.min(10, body.length / 2);
}

export function findSecrets(files: readonly ScannedFile[]): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const file of files) {
    if (file.text === undefined || TEST_FILE.test(file.path)) continue;
    for (const rule of SECRET_RULES) {
      for (const match of file.text.matchAll(rule.pattern)) {
        if (looksLikePlaceholder(match[0])) continue;
        hits.push({
          rule: rule.id,
          path: file.path,
          line: lineAt(file.text, match.index),
          masked: mask(match[0]),
        });
      }
    }
  }
  return hits.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}

export function secretsVerdict(id: string, files: readonly ScannedFile[], what: string): CheckResult {
  const hits = findSecrets(files);
  const scanned = files.filter((file) => file.text !== undefined).length;
  if (hits.length === 0) return pass(id, `No credentials found in ${scanned} text file(s) of the ${what}.`);
  const evidence: Evidence[] = hits.map((hit) => ({
    location: `${hit.path}:${hit.line}`,
    excerpt: hit.masked,
    value: hit.rule,
  }));
  return fail(id, `${hits.length} credential-shaped string(s) in the ${what}.`, evidence);
}
