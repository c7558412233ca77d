/**
 * What prompts and resources say when they are fetched: the messages of prompts/get and the text
 * of resources/read. A client passes both to the model, so they are scanned like definitions.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { GetPromptResultSchema, ReadResourceResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { MAX_PROMPT_GETS, MAX_RESOURCE_READS } from '../core/checks/check-policy.ts';
import { asObject } from '../core/checks/schema-utils.ts';
import type { SnapshotPrompt, SnapshotResource } from '../core/checks/snapshot.ts';
import { errorText } from './probe-connection.ts';
import { REQUEST_TIMEOUT_MS } from './probe-listing.ts';

export interface FetchedText {
  text: string;
  error?: string;
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

export async function fetchPrompts(
  client: Client,
  prompts: readonly SnapshotPrompt[],
): Promise<(FetchedText & { name: string })[]> {
  const out: (FetchedText & { name: string })[] = [];
  for (const prompt of prompts.slice(0, MAX_PROMPT_GETS)) {
    try {
      const result = await client.request(
        { method: 'prompts/get', params: { name: prompt.name, arguments: promptArguments(prompt) } },
        GetPromptResultSchema,
        { timeout: REQUEST_TIMEOUT_MS },
      );
      const text = [
        result.description ?? '',
        ...result.messages.map((message) => messageText(message.content)),
      ]
        .filter((part) => part.length > 0)
        .join('\n');
      out.push({ name: prompt.name, text });
    } catch (error) {
      out.push({
        name: prompt.name,
        text: error instanceof Error ? error.message : String(error),
        error: errorText(error),
      });
    }
  }
  return out;
}

export async function fetchResources(
  client: Client,
  resources: readonly SnapshotResource[],
): Promise<(FetchedText & { uri: string })[]> {
  const out: (FetchedText & { uri: string })[] = [];
  for (const resource of resources.slice(0, MAX_RESOURCE_READS)) {
    try {
      const result = await client.request(
        { method: 'resources/read', params: { uri: resource.uri } },
        ReadResourceResultSchema,
        { timeout: REQUEST_TIMEOUT_MS },
      );
      const text = result.contents
        .map((content) =>
          typeof (content as { text?: unknown }).text === 'string' ? (content as { text: string }).text : '',
        )
        .filter((part) => part.length > 0)
        .join('\n');
      out.push({ uri: resource.uri, text });
    } catch (error) {
      out.push({
        uri: resource.uri,
        text: error instanceof Error ? error.message : String(error),
        error: errorText(error),
      });
    }
  }
  return out;
}
