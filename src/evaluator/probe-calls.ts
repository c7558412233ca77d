/**
 * Calling the server's tools to see what they answer. Smoke calls (REL-07) use only read-only
 * tools with arguments the schema states itself; exploration calls read what other tools return,
 * with plausible arguments, so a payload hidden in a tool's result or error is read like one in a
 * description. Harmless tools are explored on the first connection. Tools that write, send or run
 * are called only where nothing can leave the sandbox, and only last (`mayCallLast`). Nothing named
 * or annotated as deleting is ever called, and with the network on (or a remote server) only
 * read-only tools are.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { actsGravelyByName } from '../core/checks/detection/acting-tools.ts';
import { escapeInvisible } from '../core/checks/escape-text.ts';
import { isArithmetic, READ_VERBS, RISK_WORDS, riskKinds } from '../core/checks/risky-capabilities.ts';
import { asObject, nameWords, propertiesOf, requiredOf, typesOf } from '../core/checks/schema-utils.ts';
import type { InvalidCallFacts, SmokeCallFacts } from '../core/checks/server/probe-facts.ts';
import { instanceProblem } from '../core/checks/server/schema-validity.ts';
import type { SnapshotTool } from '../core/checks/snapshot.ts';
import { requestLeniently, stringsIn } from './lenient-request.ts';
import { errorCode, errorText } from './probe-connection.ts';
import { REQUEST_TIMEOUT_MS } from './probe-listing.ts';

const REQUEST_TIMEOUT = -32001;
const CONNECTION_CLOSED = -32000;

/** Which tools exploration may call: none beyond the read-only ones, or any that is not risky. */
export type ExplorePolicy = 'read-only' | 'non-destructive';

/** A value the schema states itself: a default, const, first enum value or first example. */
function statedValue(schema: Record<string, unknown>): { ok: true; value: unknown } | { ok: false } {
  if ('default' in schema) return { ok: true, value: schema.default };
  if ('const' in schema) return { ok: true, value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { ok: true, value: schema.enum[0] };
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return { ok: true, value: schema.examples[0] };
  return { ok: false };
}

/** Arguments for a smoke call, using only values the schema states; null when a required one has none. */
export function smokeArguments(tool: SnapshotTool): Record<string, unknown> | null {
  const args: Record<string, unknown> = {};
  const properties = new Map(propertiesOf(tool.inputSchema));
  for (const name of requiredOf(tool.inputSchema).sort()) {
    const stated = statedValue(properties.get(name) ?? {});
    if (!stated.ok) return null;
    args[name] = stated.value;
  }
  return args;
}

const PLAUSIBLE_STRINGS: readonly [RegExp, string][] = [
  [/url|uri|link|href|endpoint|website/i, 'https://example.com/'],
  [/email|mail/i, 'user@example.com'],
  [/path|file|dir|folder/i, 'README.md'],
  [/city|location|place|town|address/i, 'London'],
  [/country/i, 'GB'],
  [/lang|locale/i, 'en'],
  [/date|time|since|until|from|to$/i, '2026-01-01'],
  [/(?:^|_)id$|Id$|identifier|key$/i, '1'],
  [/name|title|label/i, 'example'],
  [/query|search|q$|text|prompt|message|content|term|keyword|question/i, 'test'],
];

function plausibleValue(name: string, schema: Record<string, unknown>): unknown {
  const stated = statedValue(schema);
  if (stated.ok) return stated.value;
  const types = typesOf(schema);
  if (types.includes('string') || types.length === 0) {
    if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
    if (schema.format === 'email') return 'user@example.com';
    if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
    if (schema.format === 'date') return '2026-01-01';
    return PLAUSIBLE_STRINGS.find(([pattern]) => pattern.test(name))?.[1] ?? 'example';
  }
  if (types.includes('integer') || types.includes('number'))
    return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (types.includes('boolean')) return false;
  if (types.includes('array')) return [];
  if (types.includes('object')) return {};
  return null;
}

/** Arguments a person would try first: stated values, else plausible ones for each required parameter. */
export function plausibleArguments(tool: SnapshotTool): Record<string, unknown> {
  const properties = new Map(propertiesOf(tool.inputSchema));
  const args: Record<string, unknown> = {};
  for (const name of requiredOf(tool.inputSchema).sort())
    args[name] = plausibleValue(name, properties.get(name) ?? {});
  return args;
}

/**
 * Verbs of acts that cannot be taken back, beyond the destructive words SEC-11 reads: a flushed
 * cache, a rolled-back deployment, an uninstalled package or an overwritten file.
 */
const IRREVERSIBLE_VERBS = new Set([
  'flush',
  'flushall',
  'flushdb',
  'dropdb',
  'rmdir',
  'del',
  'prune',
  'rollback',
  'revert',
  'discard',
  'uninstall',
  'overwrite',
  'trash',
  'void',
  'shutdown',
  'reboot',
  'kick',
  'unsubscribe',
  'detach',
]);

/** The words of a tool's name, digits glued to a verb dropped (`delete2Files`). */
function words(tool: SnapshotTool): string[] {
  return nameWords(tool.name).map((word) => word.replace(/\d+$/, ''));
}

/**
 * What a calculator adds: numbers. A bare `add` (a memory store's) and `add_vectors` or `add_values`
 * (a database's) write, so they are called last like any write, though SEC-11 reads them as sums.
 */
const CALCULATOR_OBJECTS = new Set(['number', 'numbers', 'two', 'integers', 'ints', 'floats', 'decimals']);

function isCalculator(words: readonly string[]): boolean {
  return (
    isArithmetic(words) && words.length > 1 && words.slice(1).every((word) => CALCULATOR_OBJECTS.has(word))
  );
}

/**
 * The words of a tool's name that may say what it does: every word, so a service prefix does not
 * hide the verb (`jira_create_issue`, `slack_post_message`), unless the name opens with a read verb
 * (`get_order`, `list_schedules`) and joins no other act to it (`get_and_send_report`). A
 * calculator's name (`add_numbers`) says nothing is changed.
 */
function actionWords(tool: SnapshotTool): string[] {
  const all = words(tool);
  if (isCalculator(all)) return [];
  const joined = all.some((word) => word === 'and' || word === 'or' || word === 'then');
  return READ_VERBS.has(all[0] ?? '') && !joined ? [] : all;
}

/**
 * Whether the tool may delete or do what no one can take back, by its annotation or by any word of
 * its name (`jira_delete_issue`, `get_and_delete`, `query_delete_rows`, `redis_flushall`). Such a
 * tool is never called, whatever else it declares.
 */
function mayDestroy(tool: SnapshotTool): boolean {
  if (tool.annotations?.destructiveHint === true) return true;
  return words(tool).some((word) => RISK_WORDS.destructive.includes(word) || IRREVERSIBLE_VERBS.has(word));
}

/**
 * Whether the name puts a verb of consequence where a name puts its verb, first or last
 * (`pay_invoice`, `bank_transfer`, `approve_po`): elsewhere it is as often a noun
 * (`review_purchase_orders`). In the sandbox without network such a call moves nothing; with the
 * network on it is never made.
 */
function consequential(tool: SnapshotTool): boolean {
  const acting = actionWords(tool);
  if (acting.length === 0) return false;
  return [acting[0]!, acting.at(-1)!].some((word) => actsGravelyByName(word));
}

/** Whether any word of the tool's name says it writes, sends or runs (`create_note`, `jira_send_reply`). */
function acts(tool: SnapshotTool): boolean {
  if (riskKinds(tool.name).some((kind) => kind !== 'fetch' && kind !== 'destructive')) return true;
  const acting = [...RISK_WORDS.write, ...RISK_WORDS.send, ...RISK_WORDS.execute];
  return actionWords(tool).some((word) => acting.includes(word));
}

function declaredReadOnly(tool: SnapshotTool): boolean {
  const hints = tool.annotations ?? {};
  return hints.readOnlyHint === true && hints.destructiveHint !== true;
}

/**
 * Whether a smoke call (REL-07) may call the tool: declared read-only and not open-world, and not
 * named as deleting. A read-only annotation is the server's word, not proof: with the network on
 * (read-only policy), a tool named as writing, sending, running or paying is not called on it either.
 */
export function isSafeToCall(tool: SnapshotTool, policy: ExplorePolicy): boolean {
  if (!declaredReadOnly(tool) || tool.annotations?.openWorldHint === true || mayDestroy(tool)) return false;
  return policy === 'non-destructive' || (!acts(tool) && !consequential(tool));
}

/**
 * Whether exploration may call the tool on the first connection: not deleting and not writing,
 * sending or running by its name; and, with the network on, declared read-only and not paying,
 * approving or granting by its name.
 */
export function mayExplore(tool: SnapshotTool, policy: ExplorePolicy): boolean {
  if (mayDestroy(tool) || acts(tool)) return false;
  return policy === 'non-destructive' || (declaredReadOnly(tool) && !consequential(tool));
}

/**
 * Whether the tool is one that writes, sends or runs (and deletes nothing), to be called once at
 * the end of the probe. Its answer is read like any other: a payload in what `create_ticket` or
 * `run_query` returns reaches the model as surely as one in `get_ticket`. It is called only where
 * nothing can leave the sandbox: what it writes stays in the sandbox's throwaway folders, and what
 * it sends has no network to go out on.
 */
export function mayCallLast(tool: SnapshotTool, policy: ExplorePolicy): boolean {
  return policy === 'non-destructive' && !mayDestroy(tool) && acts(tool);
}

export interface CallRecord {
  tool: string;
  arguments: Record<string, unknown>;
  /** Text the model would read: every text content block and string in structuredContent. */
  text: string;
  isError: boolean;
  /** For REL-07: the outcome against the declared output schema. */
  outcome: SmokeCallFacts['outcome'];
  detail?: string;
}

/** All the text of a tools/call result: content blocks (text, embedded resources) and structured values. */
export function resultText(result: { content?: unknown; structuredContent?: unknown }): string {
  const parts: string[] = [];
  for (const block of Array.isArray(result.content) ? result.content : []) {
    const item = asObject(block);
    if (!item) continue;
    if (typeof item.text === 'string') parts.push(item.text);
    const resource = asObject(item.resource);
    if (typeof resource?.text === 'string') parts.push(resource.text);
  }
  if (result.structuredContent !== undefined) stringsIn(result.structuredContent, parts);
  return parts.join('\n');
}

function firstText(content: unknown): string {
  const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined) : undefined;
  return escapeInvisible(typeof first?.text === 'string' ? first.text : '').slice(0, 200);
}

export async function callTool(
  client: Client,
  tool: SnapshotTool,
  args: Record<string, unknown>,
  timeoutMs: number,
): Promise<CallRecord> {
  const base = { tool: tool.name, arguments: args };
  try {
    const { result, refused } = await requestLeniently(
      client,
      { method: 'tools/call', params: { name: tool.name, arguments: args } },
      CallToolResultSchema,
      timeoutMs,
    );
    const text = resultText(result);
    // A result the SDK refuses is a protocol error, and its text is still what a lenient client shows.
    if (refused !== null)
      return {
        ...base,
        text: text || stringsIn(result).join('\n'),
        isError: true,
        outcome: 'protocol-error',
        detail: `the result does not validate: ${escapeInvisible(refused).slice(0, 180)}`,
      };
    if (result.isError)
      return { ...base, text, isError: true, outcome: 'is-error', detail: firstText(result.content) };
    if (asObject(tool.outputSchema)) {
      if (result.structuredContent === undefined) {
        return {
          ...base,
          text,
          isError: false,
          outcome: 'invalid-structured-content',
          detail: 'outputSchema declared but no structuredContent returned',
        };
      }
      const problem = instanceProblem(tool.outputSchema, result.structuredContent);
      if (problem)
        return {
          ...base,
          text,
          isError: false,
          outcome: 'invalid-structured-content',
          detail: escapeInvisible(problem).slice(0, 200),
        };
    }
    return { ...base, text, isError: false, outcome: 'ok' };
  } catch (error) {
    const code = errorCode(error);
    const outcome = code === REQUEST_TIMEOUT || code === CONNECTION_CLOSED ? 'no-answer' : 'protocol-error';
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      text: outcome === 'protocol-error' ? message : '',
      isError: true,
      outcome,
      detail: errorText(error),
    };
  }
}

export function smokeFacts(record: CallRecord): SmokeCallFacts {
  return {
    tool: record.tool,
    arguments: record.arguments,
    outcome: record.outcome,
    ...(record.detail === undefined ? {} : { detail: record.detail }),
  };
}

/**
 * A tool to send invalid arguments to, and the invalid arguments: read-only ones first, and with
 * the network on never one that may delete (a careless server might run it with defaults).
 */
export function invalidArgumentsProbe(
  tools: readonly SnapshotTool[],
  policy: ExplorePolicy,
): { tool: SnapshotTool; args: Record<string, unknown> } | null {
  const safe = (tool: SnapshotTool) => isSafeToCall(tool, 'read-only');
  const allowed = (tool: SnapshotTool) => policy === 'non-destructive' || !mayDestroy(tool);
  const ordered = [...tools.filter(safe), ...tools.filter((tool) => !safe(tool) && allowed(tool))];
  for (const tool of ordered) {
    if (requiredOf(tool.inputSchema).length > 0) return { tool, args: {} };
  }
  for (const tool of ordered) {
    for (const [name, schema] of propertiesOf(tool.inputSchema)) {
      const types = typesOf(schema);
      if (types.length === 0) continue;
      const wrong = types.includes('string') ? 12345 : 'not-a-valid-value';
      return { tool, args: { [name]: wrong } };
    }
  }
  return null;
}

export interface InvalidCallRecord {
  facts: InvalidCallFacts;
  /** The error text the server answered with (read by the detection rules). */
  text: string;
}

export async function invalidCall(
  client: Client,
  probe: InvalidCallFacts['probe'],
  name: string,
  args: unknown,
): Promise<InvalidCallRecord> {
  const base = { probe, ...(probe === 'invalid-arguments' ? { tool: name, arguments: args } : {}) };
  try {
    const result = await client.request(
      { method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } },
      CallToolResultSchema,
      { timeout: REQUEST_TIMEOUT_MS },
    );
    return result.isError
      ? {
          facts: { ...base, outcome: 'is-error-result', detail: firstText(result.content) },
          text: resultText(result),
        }
      : { facts: { ...base, outcome: 'success-result' }, text: resultText(result) };
  } catch (error) {
    const code = errorCode(error);
    const message = error instanceof Error ? error.message : String(error);
    if (code === REQUEST_TIMEOUT || code === CONNECTION_CLOSED || code === undefined) {
      return { facts: { ...base, outcome: 'no-answer', detail: errorText(error) }, text: '' };
    }
    return { facts: { ...base, outcome: 'json-rpc-error', code, detail: errorText(error) }, text: message };
  }
}
