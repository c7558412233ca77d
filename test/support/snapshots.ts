/** Snapshots for unit tests of the checks: an MCP server's lists, or a skill folder's files. */
import { createHash } from 'node:crypto';
import type { McpSnapshot, SkillSnapshot, SnapshotTool } from '../../src/core/checks/snapshot.ts';

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
