/** SKL-D01, SKL-E01 and SKL-M01: the shape and size of SKILL.md's body, and a shipped evaluation set. */
import type { CheckResult } from '../../types.ts';
import {
  CHARS_PER_TOKEN,
  SKILL_BODY_LINES_PARTIAL,
  SKILL_BODY_LINES_PASS,
  SKILL_BODY_TOKENS,
} from '../check-policy.ts';
import { fail, partial, pass } from '../results.ts';
import type { SkillSnapshot } from '../snapshot.ts';
import type { SkillManifest } from './files.ts';

export function checkStructuredBody(manifest: SkillManifest): CheckResult {
  const body = manifest.body.trim();
  if (body.length === 0) return fail('SKL-D01', 'The SKILL.md body is empty.');
  const headings = body.split('\n').filter((line) => /^#{1,6}\s+\S/.test(line)).length;
  if (headings === 0) return partial('SKL-D01', 0.5, 'The body has no headings.');
  return pass('SKL-D01', `The body is organised under ${headings} heading(s).`);
}

export function bodySize(manifest: SkillManifest): { lines: number; tokens: number } {
  const body = manifest.body.replace(/\s+$/, '');
  return {
    lines: body === '' ? 0 : body.split('\n').length,
    tokens: Math.ceil(body.length / CHARS_PER_TOKEN),
  };
}

export function checkCompactBody(manifest: SkillManifest): CheckResult {
  const { lines, tokens } = bodySize(manifest);
  const evidence = [
    { location: 'SKILL.md body lines', value: lines },
    { location: 'SKILL.md body tokens', value: tokens },
  ];
  const message = `${lines} lines, about ${tokens} tokens.`;
  if (lines <= SKILL_BODY_LINES_PASS && tokens <= SKILL_BODY_TOKENS)
    return pass('SKL-E01', message, evidence);
  if (lines <= SKILL_BODY_LINES_PARTIAL) return partial('SKL-E01', 0.5, message, evidence);
  return fail('SKL-E01', message, evidence);
}

const EVAL_SET = /^evals\/[^/]+\.(?:json|ya?ml)$/;

export function checkEvaluationsShipped(snapshot: SkillSnapshot): CheckResult {
  const preferred = snapshot.files.find((file) => file.path === 'evals/evals.json');
  const candidates = preferred ? [preferred] : snapshot.files.filter((file) => EVAL_SET.test(file.path));
  if (candidates.length === 0) return fail('SKL-M01', 'No evals/evals.json or other evaluation set.');
  const file = candidates[0]!;
  if (file.path.endsWith('.json')) {
    try {
      JSON.parse(file.text ?? '');
    } catch {
      return fail('SKL-M01', `${file.path} is not valid JSON.`, [{ location: file.path }]);
    }
  }
  return pass('SKL-M01', `${file.path} ships with the skill.`, [{ location: file.path }]);
}
