/**
 * SKL-S03 and SKL-S04: code that runs what it downloads (mcp-scan E005/E006, Cisco skill-scanner)
 * and instructions or code fetched from addresses whose content can change after review
 * (mcp-scan W012). Every text file of the skill is read: SKILL.md, references and scripts.
 */
import type { CheckResult, Evidence } from '../../types.ts';
import { excerptAround } from '../escape-text.ts';
import { fail, pass } from '../results.ts';
import type { SkillSnapshot } from '../snapshot.ts';
import { lineOf, textFiles } from './files.ts';

interface PatternRule {
  id: string;
  pattern: RegExp;
}

export const PIPE_TO_SHELL_RULES: readonly PatternRule[] = [
  {
    id: 'download-piped-to-interpreter',
    pattern:
      /\b(?:curl|wget|iwr|Invoke-WebRequest|fetch)\b[^\n|;]*\|\s*(?:sudo\s+(?:-\w+\s+)*)?(?:ba|z|da|k|fi)?sh\b|\b(?:curl|wget)\b[^\n|;]*\|\s*(?:sudo\s+)?(?:python3?|node|perl|ruby|php)\b/i,
  },
  {
    id: 'shell-from-process-substitution',
    pattern: /\b(?:ba|z)?sh\s+(?:-c\s+)?["']?(?:<\(|\$\()\s*(?:curl|wget)\b/i,
  },
  {
    id: 'decode-and-run',
    pattern:
      /\bbase64\s+(?:-d|--decode|-D)\b[^\n]*\|\s*(?:ba|z)?sh\b|\bxxd\s+-r\b[^\n]*\|\s*(?:ba|z)?sh\b|\b(?:exec|eval)\s*\(\s*(?:base64\.b64decode|atob|Buffer\.from)\b/i,
  },
  {
    id: 'eval-fetched',
    pattern:
      /\b(?:eval|exec)\s*\(\s*(?:await\s+)?(?:requests\.get|urllib\.request\.urlopen|urlopen|fetch|httpx\.get)\s*\(/i,
  },
  {
    id: 'powershell-iex',
    pattern:
      /\b(?:iex|Invoke-Expression)\b[^\n]*\b(?:iwr|Invoke-WebRequest|DownloadString|irm|Invoke-RestMethod)\b|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString)\b[^\n]*\|\s*iex\b/i,
  },
  {
    id: 'download-then-run',
    pattern:
      /\b(?:curl|wget)\b[^\n]*(?:-o|-O|--output)\s*\S+[^\n]*(?:&&|;)\s*(?:(?:ba|z)?sh|chmod\s+\+x|python3?|node)\b/i,
  },
];

export const MUTABLE_SOURCE_RULES: readonly PatternRule[] = [
  {
    id: 'raw-branch',
    pattern:
      /\bhttps?:\/\/raw\.githubusercontent\.com\/[^/\s]+\/[^/\s]+\/(?:refs\/heads\/)?(?:main|master|HEAD|develop|dev|trunk|latest)\/\S+/i,
  },
  {
    id: 'github-blob-branch',
    pattern:
      /\bhttps?:\/\/github\.com\/[^/\s]+\/[^/\s]+\/(?:raw|blob)\/(?:main|master|HEAD|develop|dev)\/\S+\.(?:sh|py|js|ps1|md|txt)\b/i,
  },
  { id: 'gist', pattern: /\bhttps?:\/\/gist\.(?:githubusercontent\.)?github(?:usercontent)?\.com\/\S+/i },
  {
    id: 'paste-site',
    pattern:
      /\bhttps?:\/\/(?:www\.)?(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|transfer\.sh|0x0\.st|termbin\.com|dpaste\.\w+)\/\S*/i,
  },
  { id: 'url-shortener', pattern: /\bhttps?:\/\/(?:bit\.ly|tinyurl\.com|t\.co|goo\.gl|is\.gd|rb\.gy)\/\S+/i },
];

function scan(snapshot: SkillSnapshot, rules: readonly PatternRule[]): Evidence[] {
  const evidence: Evidence[] = [];
  for (const file of textFiles(snapshot)) {
    for (const rule of rules) {
      for (const match of file.text.matchAll(
        new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`),
      )) {
        evidence.push({
          location: `${file.path}:${lineOf(file.text, match.index)}`,
          excerpt: excerptAround(file.text, match.index, match.index + Math.min(match[0].length, 120)),
          value: rule.id,
        });
      }
    }
  }
  return evidence;
}

export function checkPipeToShell(snapshot: SkillSnapshot): CheckResult {
  const evidence = scan(snapshot, PIPE_TO_SHELL_RULES);
  if (evidence.length === 0) return pass('SKL-S03', 'No download-and-run or decode-and-run patterns.');
  return fail(
    'SKL-S03',
    `${evidence.length} place(s) run code straight from a download or an encoded blob.`,
    evidence,
  );
}

export function checkRuntimeFetch(snapshot: SkillSnapshot): CheckResult {
  const evidence = scan(snapshot, MUTABLE_SOURCE_RULES);
  if (evidence.length === 0) return pass('SKL-S04', 'No instructions or code from mutable addresses.');
  return fail(
    'SKL-S04',
    `${evidence.length} reference(s) to content that can change after review.`,
    evidence,
  );
}
