/**
 * What the poisoning judge (SEC-L1) reads: every text a model reads from an MCP server, on every
 * face the evaluator saw, cut into units it can judge one at a time. Definitions (each distinct
 * tool, the server's instructions, each prompt, the resource lists) and what the server returned
 * (tool results and errors, prompt messages, resource contents, sampling and elicitation
 * requests, JSON-RPC errors) are all read, so a payload that only shows in a tool result, or only
 * to one client name, reaches the judge as it reaches the deterministic checks.
 *
 * Returned text goes with a brief of the server's tools, because the attacks that slip past
 * wording rules are orders to one of them that the user never gave ("charge the deposit with
 * take_payment now"); the judge needs to know which tools act to see them. The brief is context:
 * a finding may quote only the unit's own fields, each of which knows its place in the document.
 */
import { pointerJoin } from '../../validation/issue.ts';
import { canonicalJson } from '../canonical-json.ts';
import { type DefinitionFace, definitionFaces, type McpSnapshot, type ObservedText } from '../snapshot.ts';
import { toolView } from './tool-view.ts';

/** One string of a unit a finding may quote, and where it sits. */
export interface UnitField {
  /** JSON pointer into the document's `inputs`. */
  pointer: string;
  /** Readable: `tools[get_weather].inputSchema.properties.notes.description`, `tools/call get_invoice`. */
  path: string;
  text: string;
}

export interface PoisoningUnit {
  /** Where the evaluator saw it: client identity, connection, and after which call. */
  face: string;
  /** What the judge is shown: a `reads` label and the material, as JSON. */
  data: Record<string, unknown>;
  /** The strings of `data` that are the package's text under judgment (not the brief or labels). */
  fields: UnitField[];
}

export interface PoisoningUnits {
  units: PoisoningUnit[];
  /** Distinct returned texts over the budget, which were not judged. */
  unjudged: number;
}

/** Tool descriptions in the brief that goes with returned text. */
export const BRIEF_DESCRIPTION_CHARS = 200;
/** Tool names in a brief or a sibling list: enough to see the acting tools, bounded for cost. */
export const BRIEF_TOOLS = 100;
/** At most this many returned texts are judged (one request each); definitions are never dropped. */
export const MAX_RETURNED_UNITS = 60;

/** Every string inside `value`, with its pointer and readable path below the given ones. */
function fieldsOf(value: unknown, pointer: string, path: string, out: UnitField[] = []): UnitField[] {
  if (typeof value === 'string') out.push({ pointer, path, text: value });
  else if (Array.isArray(value))
    value.forEach((item, index) => {
      fieldsOf(item, pointerJoin(pointer, index), `${path}[${index}]`, out);
    });
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      fieldsOf(item, pointerJoin(pointer, key), `${path}.${key}`, out);
  return out;
}

/** A list of names cut to `BRIEF_TOOLS`, saying how many were left out. */
function bounded<T>(items: readonly T[], more: (count: number) => T): T[] {
  return items.length <= BRIEF_TOOLS
    ? [...items]
    : [...items.slice(0, BRIEF_TOOLS), more(items.length - BRIEF_TOOLS)];
}

/**
 * Adds a unit unless the same material was judged already (the same definition or text on another
 * face). `key` leaves out context such as sibling names, so a face that adds one tool does not send
 * every other tool to the judge again.
 */
function collector(): {
  units: PoisoningUnit[];
  add(unit: PoisoningUnit, key: unknown): boolean;
  known(key: unknown): boolean;
} {
  const seen = new Set<string>();
  const units: PoisoningUnit[] = [];
  return {
    units,
    known: (key) => seen.has(canonicalJson(key)),
    add(unit, key) {
      const text = canonicalJson(key);
      if (seen.has(text)) return false;
      seen.add(text);
      units.push(unit);
      return true;
    },
  };
}

type Add = (unit: PoisoningUnit, key: unknown) => boolean;

function toolUnits({ base, face, definitions }: DefinitionFace, add: Add): void {
  const names = definitions.tools.map((tool) => tool.name);
  definitions.tools.forEach((tool, index) => {
    const view = toolView(tool);
    const others = names.filter((name) => name !== tool.name);
    add(
      {
        face,
        data: {
          reads: 'tool definition',
          tool: view,
          other_tools: bounded(others, (count) => `… and ${count} more`),
        },
        fields: fieldsOf(view, pointerJoin(base, 'tools', index), `tools[${tool.name}]`),
      },
      { reads: 'tool definition', tool: view },
    );
  });
}

function listedUnits({ base, face, definitions }: DefinitionFace, add: Add): void {
  const instructions = definitions.server.instructions;
  if (typeof instructions === 'string' && instructions.trim() !== '') {
    const data = {
      reads: 'server instructions',
      text: instructions,
      tools: bounded(
        definitions.tools.map((tool) => tool.name),
        (count) => `… and ${count} more`,
      ),
    };
    const field = {
      pointer: pointerJoin(base, 'server', 'instructions'),
      path: 'server.instructions',
      text: instructions,
    };
    add({ face, data, fields: [field] }, { reads: data.reads, text: instructions });
  }
  definitions.prompts.forEach((prompt, index) => {
    const { name, title, description, arguments: args } = prompt;
    const view = { name, title, description, arguments: args };
    const data = { reads: 'prompt definition', prompt: view };
    add(
      { face, data, fields: fieldsOf(view, pointerJoin(base, 'prompts', index), `prompts[${name}]`) },
      data,
    );
  });
  const resources = definitions.resources.map(({ uri, name, title, description }) => ({
    uri,
    name,
    title,
    description,
  }));
  const templates = definitions.resource_templates.map(({ uriTemplate, name, title, description }) => ({
    uriTemplate,
    name,
    title,
    description,
  }));
  if (resources.length + templates.length > 0) {
    const data = { reads: 'resource list', resources, resource_templates: templates };
    const fields = [
      ...fieldsOf(resources, pointerJoin(base, 'resources'), 'resources'),
      ...fieldsOf(templates, pointerJoin(base, 'resource_templates'), 'resource_templates'),
    ];
    add({ face, data, fields }, data);
  }
}

interface Returned {
  pointer: string;
  reads: string;
  from: string;
  item: ObservedText;
}

/**
 * What the server returned, one list per kind. Requests the server sends to a model, prompt
 * messages and resources come before tool results, and the budget takes them in turn, so a
 * server cannot push a sampling request out of the judge's sight with many distinct results.
 */
function returnedByKind(snapshot: McpSnapshot): Returned[][] {
  const contents = snapshot.contents;
  if (!contents) return [];
  const at = (key: string, index: number) => pointerJoin('/contents', key, index, 'text');
  return [
    (contents.server_requests ?? []).map((item, index) => ({
      pointer: at('server_requests', index),
      reads: item.method === 'elicitation/create' ? 'elicitation request' : 'sampling request',
      from: item.method,
      item,
    })),
    contents.prompts.map((item, index) => ({
      pointer: at('prompts', index),
      reads: 'prompt messages',
      from: `prompts/get ${item.name}`,
      item,
    })),
    contents.resources.map((item, index) => ({
      pointer: at('resources', index),
      reads: 'resource content',
      from: `resources/read ${item.uri}`,
      item,
    })),
    contents.tool_results.map((item, index) => ({
      pointer: at('tool_results', index),
      reads: item.is_error ? 'tool error result' : 'tool result',
      from: `tools/call ${item.tool}`,
      item,
    })),
    contents.errors.map((item, index) => ({
      pointer: at('errors', index),
      reads: 'error',
      from: `${item.method} error`,
      item,
    })),
  ];
}

/** The first item of each kind, then the second of each, and so on. */
function inTurn<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const out: T[] = [];
  for (let index = 0; index < longest; index += 1)
    for (const list of lists) if (index < list.length) out.push(list[index]!);
  return out;
}

/** Every tool any face showed, first face first: a result may order a tool only some clients see. */
function toolBriefs(views: readonly DefinitionFace[]): { name: string; description: string }[] {
  const seen = new Map<string, string>();
  for (const { definitions } of views)
    for (const tool of definitions.tools)
      if (!seen.has(tool.name))
        seen.set(tool.name, (tool.description ?? '').slice(0, BRIEF_DESCRIPTION_CHARS));
  return bounded(
    [...seen].map(([name, description]) => ({ name, description })),
    (count) => ({ name: '…', description: `and ${count} more tools` }),
  );
}

function returnedUnits(
  snapshot: McpSnapshot,
  views: readonly DefinitionFace[],
  { add, known }: Pick<ReturnType<typeof collector>, 'add' | 'known'>,
): number {
  const tools = toolBriefs(views);
  let budget = MAX_RETURNED_UNITS;
  const over = new Set<string>();
  for (const { pointer, reads, from, item } of inTurn(returnedByKind(snapshot))) {
    if (item.text.trim() === '') continue;
    const key = { reads, from, text: item.text };
    if (budget === 0) {
      if (!known(key)) over.add(canonicalJson(key));
      continue;
    }
    const data = { reads, from, text: item.text, server_tools: tools };
    if (add({ face: item.face, data, fields: [{ pointer, path: from, text: item.text }] }, key)) budget -= 1;
  }
  return over.size;
}

/** Every unit the poisoning judge reads, definitions first; the same material is judged once. */
export function poisoningUnits(snapshot: McpSnapshot): PoisoningUnits {
  const units = collector();
  const views = definitionFaces(snapshot);
  for (const view of views) {
    toolUnits(view, units.add);
    listedUnits(view, units.add);
  }
  const unjudged = returnedUnits(snapshot, views, units);
  return { units: units.units, unjudged };
}

/** The field of a unit that holds a quote, if any: findings must quote the package's own text. */
export function fieldHolding(unit: PoisoningUnit, quote: string): UnitField | undefined {
  return quote === '' ? undefined : unit.fields.find((field) => field.text.includes(quote));
}
