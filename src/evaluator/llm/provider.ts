/**
 * The judge's model provider: one request shape for both supported APIs (Anthropic Messages and
 * OpenAI-compatible chat completions). Temperature is always 0; the verdict schema goes with the
 * request so providers that enforce structured output can.
 */
import { unpinnedModelReason } from '../../core/checks/judge/model-pin.ts';
import { issue, ok, type Result, fail as refuse } from '../../core/validation/issue.ts';

export interface JudgeRequest {
  model: string;
  system: string;
  user: string;
  schemaName: string;
  schema: Record<string, unknown>;
  maxTokens: number;
}

/** What the model answered: a parsed structured value, or text to parse. */
export type JudgeReply = { json: unknown } | { text: string };

export interface LlmProvider {
  name: ProviderName;
  complete(request: JudgeRequest): Promise<JudgeReply>;
}

export type ProviderName = 'anthropic' | 'openai';

export const TEMPERATURE = 0;
export const REQUEST_TIMEOUT_MS = 120_000;

export interface ModelChoice {
  provider: ProviderName;
  model: string;
}

/** `anthropic:claude-sonnet-4-5-20250929` or `openai:gpt-4o-2024-08-06`, pinned. */
export function parseModelOption(text: string): Result<ModelChoice> {
  const colon = text.indexOf(':');
  const provider = colon > 0 ? text.slice(0, colon) : '';
  const model = colon > 0 ? text.slice(colon + 1) : '';
  if (provider !== 'anthropic' && provider !== 'openai') {
    return refuse([
      issue('--model', `"${text}" names no supported provider`, 'write anthropic:<model> or openai:<model>'),
    ]);
  }
  const reason = unpinnedModelReason(provider, model);
  if (reason)
    return refuse([issue('--model', reason, 'judged checks need a pinned model to be reproducible')]);
  return ok({ provider, model });
}

/** Error text from an HTTP answer, without echoing anything that could hold a key. */
export async function httpFailure(response: Response): Promise<Error> {
  const body = (await response.text().catch(() => '')).slice(0, 300).replace(/\s+/g, ' ');
  return new Error(`HTTP ${response.status}${body ? `: ${body}` : ''}`);
}
