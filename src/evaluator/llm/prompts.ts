/**
 * The fixed judge prompts. Each is a Markdown file beside this module that ends with its verdict
 * schema in a ```json block; the SHA-256 of the file's bytes identifies the prompt (and so the
 * schema) in every evaluation that used it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../core/checks/canonical-json.ts';

export const PROMPT_IDS = [
  'tool-poisoning',
  'tool-definition',
  'tool-set-coherence',
  'readme-accuracy',
  'skill-threats',
  'skill-trigger',
  'skill-instructions',
  'skill-promise',
] as const;

export type PromptId = (typeof PROMPT_IDS)[number];

export interface JudgePrompt {
  id: PromptId;
  text: string;
  sha256: string;
  schema: Record<string, unknown>;
}

const PROMPT_DIR = join(import.meta.dirname, 'prompts');

function loadPrompt(id: PromptId): JudgePrompt {
  const bytes = readFileSync(join(PROMPT_DIR, `${id}.md`));
  const text = bytes.toString('utf8');
  const block = /```json\n([\s\S]*?)\n```\s*$/.exec(text);
  if (!block) throw new Error(`prompt ${id} does not end with its verdict schema`);
  return { id, text, sha256: sha256Hex(bytes), schema: JSON.parse(block[1]!) as Record<string, unknown> };
}

export const PROMPTS: Readonly<Record<PromptId, JudgePrompt>> = Object.fromEntries(
  PROMPT_IDS.map((id) => [id, loadPrompt(id)]),
) as Record<PromptId, JudgePrompt>;

/** The prompts each kind of package is judged with, for `evaluator.llm.prompts`. */
export const PROMPTS_BY_KIND = {
  'mcp-server': ['tool-poisoning', 'tool-definition', 'tool-set-coherence', 'readme-accuracy'],
  skill: ['skill-threats', 'skill-trigger', 'skill-instructions', 'skill-promise'],
} as const satisfies Record<string, readonly PromptId[]>;
