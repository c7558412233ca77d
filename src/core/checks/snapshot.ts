/**
 * The canonical snapshots that evaluations carry in `inputs`: what an MCP server listed, or the
 * files of a skill folder. Snapshot checks are pure functions of these, so the service can
 * recompute them from a submitted document; JSON pointers in evidence point into them.
 */

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface SnapshotTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: ToolAnnotations;
  [key: string]: unknown;
}

export interface SnapshotPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean; [key: string]: unknown }[];
  [key: string]: unknown;
}

export interface SnapshotResource {
  uri: string;
  name?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface SnapshotResourceTemplate {
  uriTemplate: string;
  name?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface McpSnapshot {
  kind: 'mcp-server';
  canonicalization: 'RFC8785';
  server: {
    protocol_version?: string;
    name?: string;
    version?: string;
    capabilities?: Record<string, unknown>;
    instructions?: string;
  };
  /** Sorted by name, so the order a server happens to list them in does not change hashes or pointers. */
  tools: SnapshotTool[];
  prompts: SnapshotPrompt[];
  resources: SnapshotResource[];
  resource_templates: SnapshotResourceTemplate[];
}

export interface SkillFile {
  /** Forward-slash path relative to the skill folder. */
  path: string;
  size: number;
  sha256: string;
  /** UTF-8 text; absent for binary files and for text left out to keep the document small. */
  text?: string;
  binary?: boolean;
}

export interface SkillSnapshot {
  kind: 'skill';
  /** The skill folder's own name, which the skill's `name` must equal. */
  folder: string;
  /** Sorted by path. */
  files: SkillFile[];
}

/** The value hashed into `subject.tools_list_sha256`: the tools/list result with tools sorted by name. */
export function toolsListValue(snapshot: Pick<McpSnapshot, 'tools'>): { tools: SnapshotTool[] } {
  return { tools: snapshot.tools };
}

export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
