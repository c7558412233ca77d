/**
 * What a package can do to a user's machine and accounts, read from what the evaluation saw: the
 * tools an MCP server listed (their names and annotations) or the files a skill ships. The site
 * says these in plain words ("runs commands or code", "changes files") before the score, since
 * they decide whether someone should install it at all.
 */

import { riskKinds } from '../checks/risky-capabilities.ts';
import { nameWords } from '../checks/schema-utils.ts';

export const CAPABILITIES = [
  'runs-code',
  'changes-files',
  'reads-files',
  'reaches-network',
  'sends-messages',
  'changes-data',
  'read-only',
  'ships-scripts',
] as const;
export type CapabilityId = (typeof CAPABILITIES)[number];

export interface Capability {
  id: CapabilityId;
  /** The tools (or files) that show it, in the snapshot's order. */
  shown_by: string[];
}

/** Words of a tool name that say what it works on or does; tunable data. */
const CODE_VERBS = new Set(['execute', 'exec', 'run', 'evaluate', 'eval', 'start', 'spawn', 'interact']);
const CODE_OBJECTS = new Set([
  'process',
  'command',
  'shell',
  'terminal',
  'bash',
  'script',
  'code',
  'python',
  'javascript',
]);
const SHELL_WORDS = new Set(['shell', 'terminal', 'bash', 'cmd']);
const FILE_OBJECTS = new Set([
  'file',
  'files',
  'directory',
  'directories',
  'folder',
  'folders',
  'dir',
  'path',
  'tree',
]);
const FILE_CHANGE_VERBS = new Set([
  'write',
  'edit',
  'move',
  'create',
  'delete',
  'remove',
  'rename',
  'copy',
  'mkdir',
  'append',
]);
const NETWORK_WORDS = new Set([
  'browser',
  'navigate',
  'browse',
  'fetch',
  'download',
  'crawl',
  'scrape',
  'url',
  'http',
  'web',
]);
const SCRIPT_FILE = /\.(sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1|bat|cmd)$/i;

interface ToolLike {
  name: string;
  annotations?: { readOnlyHint?: unknown; destructiveHint?: unknown; openWorldHint?: unknown };
}

function toolCapabilities(tool: ToolLike): CapabilityId[] {
  const words = nameWords(tool.name);
  const has = (set: ReadonlySet<string>) => words.some((word) => set.has(word));
  const kinds = riskKinds(tool.name);
  const found: CapabilityId[] = [];
  const runsCode = has(SHELL_WORDS) || (has(CODE_VERBS) && has(CODE_OBJECTS));
  if (runsCode) found.push('runs-code');
  const onFiles = has(FILE_OBJECTS);
  const changesFiles = onFiles && FILE_CHANGE_VERBS.has(words[0] ?? '');
  if (changesFiles) found.push('changes-files');
  else if (onFiles) found.push('reads-files');
  if (has(NETWORK_WORDS) || tool.annotations?.openWorldHint === true) found.push('reaches-network');
  if (kinds.includes('send')) found.push('sends-messages');
  const changes =
    tool.annotations?.readOnlyHint !== true &&
    (tool.annotations?.destructiveHint === true || kinds.includes('destructive') || kinds.includes('write'));
  if (changes && !runsCode && !changesFiles && !onFiles) found.push('changes-data');
  return found;
}

function collect(entries: Iterable<[CapabilityId, string]>): Capability[] {
  const byId = new Map<CapabilityId, string[]>();
  for (const [id, source] of entries) {
    const list = byId.get(id) ?? [];
    if (!list.includes(source)) list.push(source);
    byId.set(id, list);
  }
  return CAPABILITIES.filter((id) => byId.has(id)).map((id) => ({ id, shown_by: byId.get(id)! }));
}

/** Capabilities from an evaluation's `inputs`; none when it recorded no snapshot. */
export function capabilitiesOf(inputs: Record<string, unknown> | undefined): Capability[] {
  if (!inputs) return [];
  if (inputs.kind === 'skill') {
    const files = Array.isArray(inputs.files) ? (inputs.files as { path?: unknown }[]) : [];
    const scripts = files
      .map((file) => file.path)
      .filter((path): path is string => typeof path === 'string' && SCRIPT_FILE.test(path));
    return collect(scripts.map((path) => ['ships-scripts', path]));
  }
  const tools = Array.isArray(inputs.tools)
    ? (inputs.tools as ToolLike[]).filter((tool) => typeof tool?.name === 'string')
    : [];
  const entries: [CapabilityId, string][] = tools.flatMap((tool) =>
    toolCapabilities(tool).map((id): [CapabilityId, string] => [id, tool.name]),
  );
  if (tools.length > 0 && tools.every((tool) => tool.annotations?.readOnlyHint === true))
    entries.push(...tools.map((tool): [CapabilityId, string] => ['read-only', tool.name]));
  return collect(entries);
}
