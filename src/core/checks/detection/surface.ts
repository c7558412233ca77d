/**
 * The reading surface: every text a model reads from an MCP server, on every face the evaluator
 * saw, each with where it sits (a JSON pointer into `inputs` and a readable path), the face that
 * showed it, what role it plays (a description, a parameter name, an enum value, a tool result …)
 * and which tool, prompt or resource it belongs to. Detection rules run over this list, so a
 * payload placed in an enum value, an output schema, a prompt message or an error is read like
 * one in a description.
 */
import { pointerJoin } from '../../validation/issue.ts';
import { asObject } from '../schema-utils.ts';
import { definitionFaces, type FaceDefinitions, type McpSnapshot, type ObservedText } from '../snapshot.ts';

export type TextRole =
  | 'name'
  | 'title'
  | 'description'
  | 'instructions'
  | 'parameter-name'
  | 'schema-text'
  | 'enum'
  | 'default'
  | 'example'
  | 'uri'
  | 'prompt-message'
  | 'assistant-turn'
  | 'resource-content'
  | 'tool-result'
  | 'error'
  | 'sampling-request'
  | 'elicitation';

export interface TextOwner {
  kind: 'server' | 'tool' | 'prompt' | 'resource';
  name: string;
}

export interface ReadText {
  text: string;
  /** JSON pointer into the document's `inputs`. */
  pointer: string;
  /** `tools[get_weather].inputSchema.properties.notes.description` */
  path: string;
  face: string;
  role: TextRole;
  owner: TextOwner;
  /** For texts inside a schema: the property they describe. */
  property?: string;
  /** Set when the text was decoded from another (tag characters, base64 …): how. */
  decodedFrom?: string;
  /** A parameter name whose schema takes only booleans or numbers: it cannot carry any text. */
  takesNoText?: boolean;
}

/** Schema keywords whose values are machine syntax, not text a model is asked to read as prose. */
const SYNTAX_KEYWORDS = new Set([
  'type',
  '$schema',
  '$ref',
  '$id',
  'format',
  'pattern',
  '$anchor',
  'required',
]);
/** A value no schema syntax has: several words, as in `"type": "string holding the text of ~/.netrc"`. */
function proseInSyntax(value: unknown): boolean {
  return typeof value === 'string' && value.trim().split(/\s+/).length >= 3;
}

const CHILD_SCHEMAS = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
]);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

interface Where {
  pointer: string;
  path: string;
  face: string;
  owner: TextOwner;
}

function at(where: Where, pointerTokens: (string | number)[], pathSuffix: string): Where {
  return { ...where, pointer: pointerJoin(where.pointer, ...pointerTokens), path: where.path + pathSuffix };
}

function push(
  out: ReadText[],
  where: Where,
  text: unknown,
  role: TextRole,
  property?: string,
  extra: Pick<ReadText, 'takesNoText'> = {},
): void {
  if (typeof text !== 'string' || text.length === 0) return;
  out.push({ text, ...where, role, ...(property === undefined ? {} : { property }), ...extra });
}

function valueRole(keyword: string): TextRole {
  if (keyword === 'enum' || keyword === 'const') return 'enum';
  if (keyword === 'default') return 'default';
  if (keyword === 'examples' || keyword === 'example') return 'example';
  return 'schema-text';
}

/** Every string a value holds, at any depth (defaults and examples may be objects). */
function pushValues(out: ReadText[], where: Where, value: unknown, role: TextRole, property?: string): void {
  if (typeof value === 'string') push(out, where, value, role, property);
  else if (Array.isArray(value))
    value.forEach((item, index) => {
      pushValues(out, at(where, [index], `[${index}]`), item, role, property);
    });
  else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value).sort()) {
      push(out, at(where, [key], `.${key}`), key, 'parameter-name', property);
      pushValues(out, at(where, [key], `.${key}`), (value as Record<string, unknown>)[key], role, property);
    }
  }
}

/** `{ "type": "boolean" }`, `{ "type": ["integer", "null"] }`: a value that holds no text. */
function takesNoText(schema: unknown): boolean {
  const type = asObject(schema)?.type;
  const types = Array.isArray(type) ? type : [type];
  return (
    types.length > 0 &&
    types.every((one) => one === 'boolean' || one === 'integer' || one === 'number' || one === 'null')
  );
}

function walkSchema(out: ReadText[], where: Where, schema: unknown, property?: string): void {
  const node = asObject(schema);
  if (!node) return;
  for (const key of Object.keys(node).sort()) {
    const value = node[key];
    const here = at(where, [key], `.${key}`);
    if (SCHEMA_MAPS.has(key)) {
      const children = asObject(value) ?? {};
      for (const name of Object.keys(children).sort()) {
        const child = at(here, [name], `.${name}`);
        push(
          out,
          child,
          name,
          'parameter-name',
          name,
          takesNoText(children[name]) ? { takesNoText: true } : {},
        );
        walkSchema(out, child, children[name], name);
      }
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      value.forEach((item, index) => {
        walkSchema(out, at(here, [index], `[${index}]`), item, property);
      });
    } else if (CHILD_SCHEMAS.has(key) && asObject(value)) {
      walkSchema(out, here, value, property);
    } else if (!SYNTAX_KEYWORDS.has(key) || proseInSyntax(value)) {
      // Descriptions, titles, enums, defaults, examples, any unknown keyword a payload may hide in,
      // and a syntax keyword (`type`, `format`) holding a sentence instead of syntax.
      pushValues(out, here, value, valueRole(key), property);
    }
  }
}

function label(name: unknown): string {
  return typeof name === 'string' ? name : '?';
}

function walkDefinitions(out: ReadText[], base: Where, definitions: FaceDefinitions): void {
  const server: TextOwner = { kind: 'server', name: label(definitions.server.name) };
  push(
    out,
    { ...at(base, ['server', 'name'], 'server.name'), owner: server },
    definitions.server.name,
    'name',
  );
  push(
    out,
    { ...at(base, ['server', 'instructions'], 'server.instructions'), owner: server },
    definitions.server.instructions,
    'instructions',
  );
  definitions.tools.forEach((tool, index) => {
    const where = {
      ...at(base, ['tools', index], `tools[${label(tool.name)}]`),
      owner: { kind: 'tool' as const, name: label(tool.name) },
    };
    push(out, at(where, ['name'], '.name'), tool.name, 'name');
    push(out, at(where, ['title'], '.title'), tool.title, 'title');
    push(out, at(where, ['description'], '.description'), tool.description, 'description');
    const annotations = asObject(tool.annotations);
    if (annotations) pushValues(out, at(where, ['annotations'], '.annotations'), annotations, 'title');
    walkSchema(out, at(where, ['inputSchema'], '.inputSchema'), tool.inputSchema);
    walkSchema(out, at(where, ['outputSchema'], '.outputSchema'), tool.outputSchema);
  });
  definitions.prompts.forEach((prompt, index) => {
    const where = {
      ...at(base, ['prompts', index], `prompts[${label(prompt.name)}]`),
      owner: { kind: 'prompt' as const, name: label(prompt.name) },
    };
    push(out, at(where, ['name'], '.name'), prompt.name, 'name');
    push(out, at(where, ['title'], '.title'), prompt.title, 'title');
    push(out, at(where, ['description'], '.description'), prompt.description, 'description');
    (prompt.arguments ?? []).forEach((argument, position) => {
      const arg = at(where, ['arguments', position], `.arguments[${label(argument.name)}]`);
      push(out, at(arg, ['name'], '.name'), argument.name, 'parameter-name', label(argument.name));
      push(
        out,
        at(arg, ['description'], '.description'),
        argument.description,
        'schema-text',
        label(argument.name),
      );
    });
  });
  const resources = [
    ...definitions.resources.map((resource, index) => ({
      item: resource,
      key: 'resources',
      index,
      id: resource.uri,
    })),
    ...definitions.resource_templates.map((template, index) => ({
      item: template,
      key: 'resource_templates',
      index,
      id: template.uriTemplate,
    })),
  ];
  for (const { item, key, index, id } of resources) {
    const where = {
      ...at(base, [key, index], `${key}[${label(id)}]`),
      owner: { kind: 'resource' as const, name: label(id) },
    };
    push(out, at(where, [key === 'resources' ? 'uri' : 'uriTemplate'], '.uri'), id, 'uri');
    push(out, at(where, ['name'], '.name'), item.name, 'name');
    push(out, at(where, ['description'], '.description'), item.description, 'description');
    push(out, at(where, ['title'], '.title'), (item as { title?: unknown }).title, 'title');
  }
}

function contentTexts(out: ReadText[], snapshot: McpSnapshot, serverName: string): void {
  const contents = snapshot.contents;
  if (!contents) return;
  const add = <T extends ObservedText>(
    list: readonly T[],
    key: string,
    role: TextRole,
    owner: (item: T) => TextOwner,
    path: (item: T) => string,
  ) => {
    list.forEach((item, index) => {
      const where = {
        pointer: pointerJoin('/contents', key, index, 'text'),
        path: path(item),
        face: item.face,
        owner: owner(item),
      };
      push(out, where, item.text, role);
    });
  };
  add(
    contents.prompts,
    'prompts',
    'prompt-message',
    (item) => ({ kind: 'prompt', name: item.name }),
    (item) => `prompts/get ${item.name}`,
  );
  // A prompt's assistant turns, read again on their own: what the model will take as its own plan.
  contents.prompts.forEach((item, index) => {
    (item.assistant_turns ?? []).forEach((turn, position) => {
      const where = {
        pointer: pointerJoin('/contents', 'prompts', index, 'assistant_turns', position),
        path: `prompts/get ${item.name} assistant turn`,
        face: item.face,
        owner: { kind: 'prompt', name: item.name } as const,
      };
      push(out, where, turn, 'assistant-turn');
    });
  });
  add(
    contents.resources,
    'resources',
    'resource-content',
    (item) => ({ kind: 'resource', name: item.uri }),
    (item) => `resources/read ${item.uri}`,
  );
  add(
    contents.tool_results,
    'tool_results',
    'tool-result',
    (item) => ({ kind: 'tool', name: item.tool }),
    (item) => `tools/call ${item.tool} ${item.is_error ? 'error result' : 'result'}`,
  );
  (contents.server_requests ?? []).forEach((item, index) => {
    const where = {
      pointer: pointerJoin('/contents', 'server_requests', index, 'text'),
      path: item.method,
      face: item.face,
      owner: { kind: 'server', name: serverName } as const,
    };
    push(out, where, item.text, item.method === 'elicitation/create' ? 'elicitation' : 'sampling-request');
  });
  add(
    contents.errors,
    'errors',
    'error',
    () => ({ kind: 'server', name: serverName }),
    (item) => `${item.method} error`,
  );
}

/** Every text of the snapshot, first face first; the same text at the same path is listed once. */
export function readingSurface(snapshot: McpSnapshot): ReadText[] {
  const out: ReadText[] = [];
  const serverOwner: TextOwner = { kind: 'server', name: label(snapshot.server.name) };
  for (const { base, face, definitions } of definitionFaces(snapshot))
    walkDefinitions(out, { pointer: base, path: '', face, owner: serverOwner }, definitions);
  contentTexts(out, snapshot, serverOwner.name);
  const seen = new Set<string>();
  return out.filter((text) => {
    const key = `${text.path}\u0000${text.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The names exactly as this server spells them (a separator twin of one may be another server's tool). */
export function exactNames(surface: readonly ReadText[]): Set<string> {
  return new Set([
    ...surface
      .filter((text) => text.role === 'name' || text.role === 'parameter-name')
      .map((text) => text.text.toLowerCase()),
    ...templateVariables(surface),
  ]);
}

/** The names of this server's tools and prompts, lower case. */
export function toolNames(surface: readonly ReadText[]): Set<string> {
  return new Set(surface.filter((text) => text.role === 'name').map((text) => text.text.toLowerCase()));
}

/** `{sig}` of `docs://cache/{name}?sig={sig}`: a resource template's variables are its parameters. */
function templateVariables(surface: readonly ReadText[]): string[] {
  return surface
    .filter((text) => text.owner.kind === 'resource' && text.text.includes('{'))
    .flatMap((text) =>
      [...text.text.matchAll(/\{[?&/#+.;]?([\w,]+)\}/g)].flatMap((match) => match[1]!.split(',')),
    )
    .map((name) => name.toLowerCase());
}

/** Names this server itself uses (tools, prompts, parameters on every face): naming them is not shadowing. */
export function ownNames(surface: readonly ReadText[]): Set<string> {
  const names = new Set<string>();
  for (const text of surface) {
    if (text.role === 'name' || text.role === 'parameter-name') {
      names.add(text.text);
      names.add(text.text.toLowerCase());
      names.add(text.text.toLowerCase().replaceAll('-', '_'));
    }
  }
  for (const variable of templateVariables(surface)) names.add(variable);
  return names;
}
