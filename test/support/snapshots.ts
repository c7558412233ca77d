/** Snapshots for unit tests of the checks: an MCP server's lists, or a skill folder's files. */
import { createHash } from 'node:crypto';
import type {
  McpSnapshot,
  ObservedContents,
  SkillSnapshot,
  SnapshotTool,
} from '../../src/core/checks/snapshot.ts';

export function mcpSnapshot(tools: SnapshotTool[], extra: Partial<McpSnapshot> = {}): McpSnapshot {
  return {
    kind: 'mcp-server',
    canonicalization: 'RFC8785',
    server: {},
    tools,
    prompts: [],
    resources: [],
    resource_templates: [],
    ...extra,
  };
}

export function tool(name: string, fields: Partial<SnapshotTool> = {}): SnapshotTool {
  return {
    name,
    description: `Does the ${name} job for the caller.`,
    inputSchema: { type: 'object' },
    ...fields,
  };
}

export function skillSnapshot(folder: string, files: Record<string, string>): SkillSnapshot {
  return {
    kind: 'skill',
    folder,
    files: Object.keys(files)
      .sort()
      .map((path) => ({
        path,
        size: Buffer.byteLength(files[path]!),
        sha256: createHash('sha256').update(files[path]!).digest('hex'),
        text: files[path]!,
      })),
  };
}

/** What the probe read from a server: the parts given, every other list empty. */
export function observed(parts: Partial<ObservedContents>): ObservedContents {
  return { prompts: [], resources: [], errors: [], tool_results: [], ...parts };
}

/** A snapshot whose `tool` answered a probe call with `text` (an error result when `isError`). */
export function returned(
  tools: SnapshotTool[],
  text: string,
  options: { tool?: string; isError?: boolean; server?: string } = {},
): McpSnapshot {
  return mcpSnapshot(tools, {
    ...(options.server ? { server: { name: options.server } } : {}),
    contents: observed({
      tool_results: [
        {
          face: 'claude-code, connection 1',
          tool: options.tool ?? tools[0]!.name,
          is_error: options.isError ?? false,
          text,
        },
      ],
    }),
  });
}
