/**
 * Requests the server sends to the client: `sampling/createMessage` (a prompt the server wants the
 * user's model to answer) and `elicitation/create` (a form or a link the client shows the user).
 * Both put the server's words in front of the model or the user, so a hostile server can inject
 * through them (Unit 42's sampling attacks: hidden extra tasks, persistent instructions, covert
 * tool calls) or phish for credentials, which the MCP specification forbids elicitation to ask for.
 *
 * The evaluator declares both capabilities as ordinary clients do, records every request's text
 * for the detection rules and answers as a cautious user would: it declines. No model is ever run
 * on a server's behalf and nothing is ever filled in.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { asObject } from '../core/checks/schema-utils.ts';

/** The capabilities an ordinary client such as VS Code declares, so a server shows what it would ask. */
export const SERVER_REQUEST_CAPABILITIES = {
  sampling: {},
  elicitation: { form: {}, url: {} },
} as const;

export interface ServerRequestRecord {
  method: 'sampling/createMessage' | 'elicitation/create';
  text: string;
}

/** At most this many requests are kept per connection: a server looping on sampling is stopped there. */
const MAX_RECORDED = 20;

function contentText(content: unknown): string[] {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.flatMap((block) => {
    const item = asObject(block);
    return typeof item?.text === 'string' ? [item.text] : [];
  });
}

/** A sampling request as the model would read it: the system prompt, then each message. */
export function samplingText(params: unknown): string {
  const request = asObject(params) ?? {};
  const messages = Array.isArray(request.messages) ? request.messages : [];
  return [
    typeof request.systemPrompt === 'string' ? request.systemPrompt : '',
    ...messages.flatMap((message) => contentText(asObject(message)?.content)),
  ]
    .filter((part) => part.length > 0)
    .join('\n');
}

/**
 * How deep a requested schema is read. A form nests fields a level or two; a server that nests a
 * keyword thousands deep would otherwise overflow the stack before the form is recorded.
 */
const MAX_SCHEMA_DEPTH = 32;

/** Every string of a requested schema that a form shows: field names, titles, descriptions, choices. */
function schemaStrings(value: unknown, key?: string, depth = 0): string[] {
  if (typeof value === 'string') return key === 'type' || key === 'format' ? [] : [value];
  if (depth > MAX_SCHEMA_DEPTH) return [];
  if (Array.isArray(value)) return value.flatMap((item) => schemaStrings(item, undefined, depth + 1));
  const object = asObject(value);
  if (!object) return [];
  return Object.entries(object).flatMap(([name, item]) => [
    ...(key === 'properties' ? [name] : []),
    ...schemaStrings(item, name, depth + 1),
  ]);
}

/** An elicitation as the user would see it: the message, the link, and every field of the form. */
export function elicitationText(params: unknown): string {
  const request = asObject(params) ?? {};
  return [
    typeof request.message === 'string' ? request.message : '',
    typeof request.url === 'string' ? request.url : '',
    ...schemaStrings(request.requestedSchema),
  ]
    .filter((part) => part.length > 0)
    .join('\n');
}

/**
 * Registers the handlers on `client`; the returned list fills as the server asks. The requests are
 * read as sent, not through the SDK's schemas: a form with a field the specification does not
 * know (`format: "password"`) is refused by a strict client, yet a lenient one shows it, so a
 * server could otherwise phish past the scan with one off-spec keyword.
 */
export function recordServerRequests(client: Client): ServerRequestRecord[] {
  const records: ServerRequestRecord[] = [];
  const keep = (record: ServerRequestRecord) => {
    if (records.length < MAX_RECORDED) records.push(record);
  };
  client.fallbackRequestHandler = async (request) => {
    if (request.method === 'sampling/createMessage') {
      keep({ method: 'sampling/createMessage', text: samplingText(request.params) });
      // What a client answers when its user declines to run the prompt.
      throw new McpError(ErrorCode.InvalidRequest, 'The user declined this sampling request.');
    }
    if (request.method === 'elicitation/create') {
      keep({ method: 'elicitation/create', text: elicitationText(request.params) });
      return { action: 'decline' };
    }
    throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
  };
  return records;
}
