/** What a model is shown of a tool: every field of its definition a client passes on to it. */
import type { SnapshotTool } from '../snapshot.ts';

export function toolView(tool: SnapshotTool): Record<string, unknown> {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool;
  return { name, title, description, inputSchema, outputSchema, annotations };
}
