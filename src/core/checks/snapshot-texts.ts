/**
 * Every string of an MCP snapshot with the JSON pointer where it sits: names, titles,
 * descriptions, schema strings and property names. Keys are visited in sorted order, so the
 * findings (and their evidence) come out in the same order on every run.
 */
import { pointerJoin } from '../validation/issue.ts';
import type { McpSnapshot } from './snapshot.ts';

export interface TextSpot {
  pointer: string;
  text: string;
  /** The key the string sits under (`description`, `name`, …), or the parent's key for array items. */
  field: string;
  /** True when the text is an object key (a property name), not a value. */
  isKey: boolean;
}

function walk(value: unknown, pointer: string, field: string, out: TextSpot[]): void {
  if (typeof value === 'string') {
    out.push({ pointer, text: value, field, isKey: false });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      walk(item, pointerJoin(pointer, index), field, out);
    });
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value).sort()) {
      const at = pointerJoin(pointer, key);
      out.push({ pointer: at, text: key, field: key, isKey: true });
      walk((value as Record<string, unknown>)[key], at, key, out);
    }
  }
}

const SECTIONS = ['server', 'tools', 'prompts', 'resources', 'resource_templates'] as const;

export function snapshotTexts(snapshot: McpSnapshot): TextSpot[] {
  const out: TextSpot[] = [];
  for (const section of SECTIONS) walk(snapshot[section], `/${section}`, section, out);
  return out;
}

/** Descriptive texts of tools (their description and title, and every description inside their schemas). */
export function toolDescriptionTexts(snapshot: McpSnapshot): TextSpot[] {
  return snapshotTexts(snapshot).filter(
    (spot) =>
      !spot.isKey &&
      (spot.pointer.startsWith('/tools/') ||
        spot.pointer.startsWith('/prompts/') ||
        spot.pointer.startsWith('/resources/') ||
        spot.pointer.startsWith('/resource_templates/') ||
        spot.pointer === '/server/instructions') &&
      (spot.field === 'description' || spot.field === 'title' || spot.field === 'instructions'),
  );
}
