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
  /**
   * Every listing the evaluator saw (rubric 2.1): one per connection and client identity, and again
   * after tool calls and list_changed notifications. The top-level lists above are the first face.
   */
  faces?: ObservedFace[];
  /** Lists the first face asked for and did not get (see `FaceDefinitions.unlisted`). */
  unlisted?: SectionList[];
  /** Connections that never got to list anything (they did not start, even on a retry). */
  unreached?: UnreachedFace[];
  /** What the server returned when the evaluator read it: prompt messages, resources, tool results and errors. */
  contents?: ObservedContents;
}

/** The list requests a face is made of. */
export type SectionList = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';

/** The definitions a face can differ in. */
export interface FaceDefinitions {
  server: { name?: string; version?: string; instructions?: string };
  tools: SnapshotTool[];
  prompts: SnapshotPrompt[];
  resources: SnapshotResource[];
  resource_templates: SnapshotResourceTemplate[];
  /**
   * Advertised lists that failed on this listing while tools/list answered: a resources/list that
   * needs a database the sandbox cannot reach, say. Their sections are empty because nothing was
   * read, not because the server offers nothing, so they are never compared. Older evaluations
   * lack it (such a listing was then left out whole).
   */
  unlisted?: SectionList[];
}

export interface ObservedFace {
  /** "claude-code, connection 1", "claude-code, connection 1, after tools/call get_weather". */
  label: string;
  /** The clientInfo.name the evaluator introduced itself with. */
  identity: string;
  connection: number;
  /** What came just before this listing: `tools/call <name>` or `notifications/tools/list_changed`. */
  after?: string;
  /** SHA-256 of the canonical definitions. */
  sha256: string;
  /** The index of an earlier face with identical definitions (then `definitions` is left out). */
  same_as?: number;
  definitions?: FaceDefinitions;
}

export interface UnreachedFace {
  identity: string;
  connection: number;
  error: string;
}

export interface ObservedText {
  /** The face that produced it. */
  face: string;
  text: string;
  /** The text was longer and was cut to keep the document small. */
  truncated?: boolean;
}

export interface ObservedContents {
  prompts: (ObservedText & {
    name: string;
    /**
     * The messages the prompt gives in the assistant's role, also part of `text`: turns the model
     * will take as its own words and plans. Older evaluations lack it.
     */
    assistant_turns?: string[];
  })[];
  resources: (ObservedText & { uri: string })[];
  /** Text of tools/call results (content text and string values of structuredContent). */
  tool_results: (ObservedText & {
    tool: string;
    is_error: boolean;
    /**
     * Every client name the tool answered with exactly this text, on any connection (evaluator
     * 0.12+), so SEC-06 can tell results shown only to some clients. Older evaluations lack it.
     */
    identities?: string[];
  })[];
  /** Messages of JSON-RPC errors the server answered with. */
  errors: (ObservedText & { method: string })[];
  /**
   * Requests the server sent the client (rubric 2.1, evaluator 0.9+): the text of each
   * `sampling/createMessage` prompt and `elicitation/create` form or link. Older evaluations lack it.
   */
  server_requests?: (ObservedText & { method: 'sampling/createMessage' | 'elicitation/create' })[];
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

/** The definitions of the first face: the snapshot's top-level lists, as the evaluator recorded them. */
export function firstFaceDefinitions(snapshot: McpSnapshot): FaceDefinitions {
  return {
    server: {
      ...(snapshot.server.name === undefined ? {} : { name: snapshot.server.name }),
      ...(snapshot.server.version === undefined ? {} : { version: snapshot.server.version }),
      ...(snapshot.server.instructions === undefined ? {} : { instructions: snapshot.server.instructions }),
    },
    tools: snapshot.tools,
    prompts: snapshot.prompts,
    resources: snapshot.resources,
    resource_templates: snapshot.resource_templates,
    ...(snapshot.unlisted === undefined ? {} : { unlisted: snapshot.unlisted }),
  };
}

/** One listing's definitions, with where they sit in `inputs` and the face that showed them. */
export interface DefinitionFace {
  /** JSON pointer of the definitions: `` for the first face (the top-level lists), `/faces/3/definitions` after. */
  base: string;
  face: string;
  definitions: FaceDefinitions;
}

/**
 * Every listing that carries definitions, first face first. Later faces identical to an earlier
 * one carry none (`same_as`) and are left out: their text was already read.
 */
export function definitionFaces(snapshot: McpSnapshot): DefinitionFace[] {
  const faces = snapshot.faces ?? [];
  const first = {
    base: '',
    face: faces[0]?.label ?? 'first listing',
    definitions: firstFaceDefinitions(snapshot),
  };
  const later = faces.flatMap((face, index) =>
    face.definitions
      ? [{ base: `/faces/${index}/definitions`, face: face.label, definitions: face.definitions }]
      : [],
  );
  return [first, ...later];
}

/** The value hashed into `subject.tools_list_sha256`: the tools/list result with tools sorted by name. */
export function toolsListValue(snapshot: Pick<McpSnapshot, 'tools'>): { tools: SnapshotTool[] } {
  return { tools: snapshot.tools };
}

export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
