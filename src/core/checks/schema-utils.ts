/** Reading JSON Schemas as plain data (tool input and output schemas arrive untyped). */
import { pointerToken } from '../validation/issue.ts';

export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

/** Top-level properties, sorted by name. */
export function propertiesOf(schema: unknown): [string, JsonObject][] {
  const properties = asObject(asObject(schema)?.properties);
  if (!properties) return [];
  return Object.keys(properties)
    .sort()
    .map((name) => [name, asObject(properties[name]) ?? {}]);
}

export function requiredOf(schema: unknown): string[] {
  const required = asObject(schema)?.required;
  return Array.isArray(required) ? required.filter((item): item is string => typeof item === 'string') : [];
}

export function typesOf(schema: JsonObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}

/** A schema that says what its values are: a type, or a composition, reference, enum or const that implies one. */
export function declaresType(schema: JsonObject): boolean {
  return ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((key) => key in schema);
}

/** Free text: a string without enum, const, pattern or format narrowing it. */
export function isFreeText(schema: JsonObject): boolean {
  const types = typesOf(schema);
  return (
    types.includes('string') &&
    !('enum' in schema) &&
    !('const' in schema) &&
    !('format' in schema) &&
    !('pattern' in schema)
  );
}

/** An object that takes any keys: no properties and additionalProperties not false. */
export function isOpenObject(schema: JsonObject): boolean {
  const types = typesOf(schema);
  if (!types.includes('object')) return false;
  const properties = asObject(schema.properties);
  const hasProperties = properties !== undefined && Object.keys(properties).length > 0;
  return (
    !hasProperties &&
    schema.additionalProperties !== false &&
    asObject(schema.additionalProperties) === undefined
  );
}

export interface SchemaNode {
  schema: JsonObject;
  pointer: string;
  /** Object/array nesting depth; the root is 0. */
  depth: number;
}

const CHILD_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const CHILD_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const CHILD_SINGLES = ['items', 'additionalProperties', 'not', 'contains'] as const;

/** Every sub-schema with its pointer and nesting depth (properties and items add a level). */
export function walkSchema(
  schema: unknown,
  pointer: string,
  depth = 0,
  out: SchemaNode[] = [],
): SchemaNode[] {
  const node = asObject(schema);
  if (!node) return out;
  out.push({ schema: node, pointer, depth });
  for (const key of CHILD_MAPS) {
    const children = asObject(node[key]);
    if (!children) continue;
    const nested = key === 'properties' || key === 'patternProperties' ? depth + 1 : depth;
    for (const name of Object.keys(children).sort()) {
      walkSchema(children[name], `${pointer}/${key}/${pointerToken(name)}`, nested, out);
    }
  }
  for (const key of CHILD_LISTS) {
    const children = node[key];
    if (Array.isArray(children)) {
      for (const [index, child] of children.entries())
        walkSchema(child, `${pointer}/${key}/${index}`, depth, out);
    }
  }
  for (const key of CHILD_SINGLES) {
    if (asObject(node[key]))
      walkSchema(node[key], `${pointer}/${key}`, key === 'items' ? depth + 1 : depth, out);
  }
  return out;
}

/** Splits a name into lowercase words: `getUserID` → get, user, id; `send-email_now` → send, email, now. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}
