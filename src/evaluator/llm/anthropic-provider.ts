/**
 * Anthropic Messages API. The verdict is requested as a forced tool call whose input schema is
 * the verdict schema, which is how this API returns structured output.
 */
import {
  httpFailure,
  type JudgeReply,
  type JudgeRequest,
  type LlmProvider,
  REQUEST_TIMEOUT_MS,
  TEMPERATURE,
} from './provider.ts';

const VERDICT_TOOL = 'record_verdict';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

interface ContentBlock {
  type: string;
  name?: string;
  input?: unknown;
  text?: string;
}

export function anthropicProvider(apiKey: string, baseUrl = ANTHROPIC_DEFAULT_BASE_URL): LlmProvider {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/v1/messages`;
  return {
    name: 'anthropic',
    async complete(request: JudgeRequest): Promise<JudgeReply> {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': apiKey,
          'anthropic-version': '2023-06-01',
        },
        body: JSON.stringify({
          model: request.model,
          max_tokens: request.maxTokens,
          temperature: TEMPERATURE,
          system: request.system,
          messages: [{ role: 'user', content: request.user }],
          tools: [{ name: VERDICT_TOOL, description: 'Record the verdict.', input_schema: request.schema }],
          tool_choice: { type: 'tool', name: VERDICT_TOOL },
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw await httpFailure(response);
      const body = (await response.json()) as { content?: ContentBlock[] };
      const blocks = Array.isArray(body.content) ? body.content : [];
      const call = blocks.find((block) => block.type === 'tool_use' && block.name === VERDICT_TOOL);
      if (call) return { json: call.input };
      return { text: blocks.map((block) => block.text ?? '').join('') };
    },
  };
}
