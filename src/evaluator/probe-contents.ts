/**
 * What prompts and resources say when they are fetched: the messages of prompts/get and the text
 * of resources/read. A client passes both to the model, so they are scanned like definitions.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { GetPromptResultSchema, ReadResourceResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { MAX_PROMPT_GETS, MAX_RESOURCE_READS } from '../core/checks/check-policy.ts';
import { asObject } from '../core/checks/schema-utils.ts';
import type { SnapshotPrompt, SnapshotResource } from '../core/checks/snapshot.ts';
import { requestLeniently, stringsIn } from './lenient-request.ts';
import { errorText } from './probe-connection.ts';
import { REQUEST_TIMEOUT_MS } from './probe-listing.ts';

export interface FetchedText {
  text: string;
  error?: string;
  /** The prompt's messages in the assistant's role: words the server puts in the model's mouth. */
  assistantTurns?: string[];
}

function messageText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((block) => {
      const item = asObject(block);
      if (!item) return '';
      if (typeof item.text === 'string') return item.text;
      const resource = asObject(item.resource);
      return typeof resource?.text === 'string' ? resource.text : '';
    })
    .filter((text) => text.length > 0)
    .join('\n');
}

/** Arguments for prompts/get: a placeholder for every required argument. */
function promptArguments(prompt: SnapshotPrompt): Record<string, string> {
  return Object.fromEntries(
    (prompt.arguments ?? [])
      .filter((argument) => argument.required === true)
      .map((argument) => [argument.name, 'example']),
  );
}

/** Asks for each item in turn; a failure is kept as text too, since error messages reach the model. */
async function fetchEach<T, K extends string>(
  items: readonly T[],
  key: K,
  idOf: (item: T) => string,
  fetch: (item: T) => Promise<string | FetchedText>,
): Promise<(FetchedText & Record<K, string>)[]> {
  const out: (FetchedText & Record<K, string>)[] = [];
  for (const item of items) {
    const id = { [key]: idOf(item) } as Record<K, string>;
    try {
      const fetched = await fetch(item);
      out.push({ ...id, ...(typeof fetched === 'string' ? { text: fetched } : fetched) });
    } catch (error) {
      out.push({
        ...id,
        text: error instanceof Error ? error.message : String(error),
        error: errorText(error),
      });
    }
  }
  return out;
}

export function fetchPrompts(client: Client, prompts: readonly SnapshotPrompt[]) {
  return fetchEach(
    prompts.slice(0, MAX_PROMPT_GETS),
    'name',
    (prompt) => prompt.name,
    async (prompt) => {
      const { result, refused } = await requestLeniently(
        client,
        { method: 'prompts/get', params: { name: prompt.name, arguments: promptArguments(prompt) } },
        GetPromptResultSchema,
        REQUEST_TIMEOUT_MS,
      );
      if (refused !== null) return stringsIn(result).join('\n');
      const text = [
        result.description ?? '',
        ...result.messages.map((message) => messageText(message.content)),
      ]
        .filter((part) => part.length > 0)
        .join('\n');
      const assistantTurns = result.messages
        .filter((message) => message.role === 'assistant')
        .map((message) => messageText(message.content))
        .filter((part) => part.length > 0);
      return assistantTurns.length > 0 ? { text, assistantTurns } : { text };
    },
  );
}

export function fetchResources(client: Client, resources: readonly SnapshotResource[]) {
  return fetchEach(
    resources.slice(0, MAX_RESOURCE_READS),
    'uri',
    (resource) => resource.uri,
    async (resource) => {
      const { result, refused } = await requestLeniently(
        client,
        { method: 'resources/read', params: { uri: resource.uri } },
        ReadResourceResultSchema,
        REQUEST_TIMEOUT_MS,
      );
      if (refused !== null) return stringsIn(result).join('\n');
      return result.contents
        .map((content) => ('text' in content && typeof content.text === 'string' ? content.text : ''))
        .filter((part) => part.length > 0)
        .join('\n');
    },
  );
}
