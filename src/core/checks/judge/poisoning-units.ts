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
 * take_payment now"); the judge needs to know which tools act to see them.
 */
import { pointerJoin } from '../../validation/issue.ts';
import { canonicalJson } from '../canonical-json.ts';
import {
  type FaceDefinitions,
  firstFaceDefinitions,
  type McpSnapshot,
  type ObservedText,
  type SnapshotTool,
} from '../snapshot.ts';

export interface PoisoningUnit {
  /** JSON pointer into the document's `inputs`. */
  location: string;
  /** Readable: `tools[get_weather]`, `tools/call get_invoice result`. */
  path: string;
  /** Where the evaluator saw it: client identity, connection, and after which call. */
  face: string;
  /** What the judge is shown: a `reads` label and the material, as JSON. */
  data: Record<string, unknown>;
}

/** A returned text is cut here: the judge needs the passage, not a whole dump. */
export const RETURNED_TEXT_CHARS = 12_000;
/** Tool descriptions in the brief that goes with returned text. */
export const BRIEF_DESCRIPTION_CHARS = 200;
/** At most this many returned texts are judged (one request each); definitions are never dropped. */
export const MAX_RETURNED_UNITS = 60;

interface FaceView {
  base: string;
  face: string;
  definitions: FaceDefinitions;
}

function faceViews(snapshot: McpSnapshot): FaceView[] {
  const faces = snapshot.faces ?? [];
  const first = {
    base: '',
    face: faces[0]?.label ?? 'first listing',
    definitions: firstFaceDefinitions(snapshot),
  };
  const later = faces.flatMap((face, index) =>
    face.definitions
      ? [
          {
            base: pointerJoin('/faces', index, 'definitions'),
            face: face.label,
            definitions: face.definitions,
          },
        ]
      : [],
  );
  return [first, ...later];
}

/** What a model is shown of a tool: every field of its definition a client passes on. */
export function toolView(tool: SnapshotTool): Record<string, unknown> {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool;
  return { name, title, description, inputSchema, outputSchema, annotations };
}

/** Adds a unit unless one with the same material was added already (the same text on another face). */
function collector(): { units: PoisoningUnit[]; add(unit: PoisoningUnit): boolean } {
  const seen = new Set<string>();
  const units: PoisoningUnit[] = [];
  return {
    units,
    add(unit) {
      const key = canonicalJson(unit.data);
      if (seen.has(key)) return false;
      seen.add(key);
      units.push(unit);
      return true;
    },
  };
}

function definitionUnits(views: readonly FaceView[], add: (unit: PoisoningUnit) => boolean): void {
  for (const { base, face, definitions } of views) {
    const names = definitions.tools.map((tool) => tool.name);
    definitions.tools.forEach((tool, index) => {
      add({
        location: pointerJoin(base, 'tools', index),
        path: `tools[${tool.name}]`,
        face,
        data: {
          reads: 'tool definition',
          tool: toolView(tool),
          other_tools: names.filter((name) => name !== tool.name),
        },
      });
    });
    const instructions = definitions.server.instructions;
    if (typeof instructions === 'string' && instructions.trim() !== '') {
      add({
        location: pointerJoin(base, 'server', 'instructions'),
        path: 'server.instructions',
        face,
        data: { reads: 'server instructions', text: instructions, tools: names },
      });
    }
    definitions.prompts.forEach((prompt, index) => {
      const { name, title, description, arguments: args } = prompt;
      add({
        location: pointerJoin(base, 'prompts', index),
        path: `prompts[${name}]`,
        face,
        data: { reads: 'prompt definition', prompt: { name, title, description, arguments: args } },
      });
    });
    if (definitions.resources.length + definitions.resource_templates.length > 0) {
      add({
        location: pointerJoin(base, 'resources'),
        path: 'resources',
        face,
        data: {
          reads: 'resource list',
          resources: definitions.resources.map(({ uri, name, title, description }) => ({
            uri,
            name,
            title,
            description,
          })),
          resource_templates: definitions.resource_templates.map(
            ({ uriTemplate, name, title, description }) => ({
              uriTemplate,
              name,
              title,
              description,
            }),
          ),
        },
      });
    }
  }
}

interface Returned {
  location: string;
  reads: string;
  from: string;
  item: ObservedText;
}

function returnedTexts(snapshot: McpSnapshot): Returned[] {
  const contents = snapshot.contents;
  if (!contents) return [];
  const at = (key: string, index: number) => pointerJoin('/contents', key, index, 'text');
  return [
    ...contents.tool_results.map((item, index) => ({
      location: at('tool_results', index),
      reads: item.is_error ? 'tool error result' : 'tool result',
      from: `tools/call ${item.tool}`,
      item,
    })),
    ...contents.prompts.map((item, index) => ({
      location: at('prompts', index),
      reads: 'prompt messages',
      from: `prompts/get ${item.name}`,
      item,
    })),
    ...contents.resources.map((item, index) => ({
      location: at('resources', index),
      reads: 'resource content',
      from: `resources/read ${item.uri}`,
      item,
    })),
    ...(contents.server_requests ?? []).map((item, index) => ({
      location: at('server_requests', index),
      reads: item.method === 'elicitation/create' ? 'elicitation request' : 'sampling request',
      from: item.method,
      item,
    })),
    ...contents.errors.map((item, index) => ({
      location: at('errors', index),
      reads: 'error',
      from: `${item.method} error`,
      item,
    })),
  ];
}

/** The server's tools as the judge needs them beside returned text: which exist and what they do. */
function toolBriefs(snapshot: McpSnapshot): { name: string; description: string }[] {
  return snapshot.tools.map((tool) => ({
    name: tool.name,
    description: (tool.description ?? '').slice(0, BRIEF_DESCRIPTION_CHARS),
  }));
}

function returnedUnits(snapshot: McpSnapshot, add: (unit: PoisoningUnit) => boolean): void {
  const tools = toolBriefs(snapshot);
  let budget = MAX_RETURNED_UNITS;
  for (const { location, reads, from, item } of returnedTexts(snapshot)) {
    if (budget === 0) return;
    if (item.text.trim() === '') continue;
    const added = add({
      location,
      path: from,
      face: item.face,
      data: { reads, from, text: item.text.slice(0, RETURNED_TEXT_CHARS), server_tools: tools },
    });
    if (added) budget -= 1;
  }
}

/** Every unit the poisoning judge reads, definitions first; the same material is judged once. */
export function poisoningUnits(snapshot: McpSnapshot): PoisoningUnit[] {
  const { units, add } = collector();
  definitionUnits(faceViews(snapshot), add);
  returnedUnits(snapshot, add);
  return units;
}
