/**
 * OpenAI-compatible chat completions (OpenAI, and local servers that speak the same API). The
 * verdict schema is sent as a strict JSON-schema response format.
 */
import {
  httpFailure,
  type JudgeReply,
  type JudgeRequest,
  type LlmProvider,
  REQUEST_TIMEOUT_MS,
  TEMPERATURE,
} from './provider.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function openAiProvider(apiKey: string, baseUrl = OPENAI_DEFAULT_BASE_URL): LlmProvider {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: 'openai',
    async complete(request: JudgeRequest): Promise<JudgeReply> {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          model: request.model,
          temperature: TEMPERATURE,
          seed: 0,
          max_tokens: request.maxTokens,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.user },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.schemaName, strict: true, schema: request.schema },
          },
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw await httpFailure(response);
      const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      return { text: typeof content === 'string' ? content : '' };
    },
  };
}
