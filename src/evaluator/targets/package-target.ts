/**
 * An npm package on disk (installed from the registry, or a local folder with a package.json):
 * its manifest and own files as check facts, and the command that starts its server.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, resolve, sep } from 'node:path';
import type { PackageFacts, RegistryFacts } from '../../core/checks/package/package-facts.ts';
import { issue, ok, type Result, fail as refuse } from '../../core/validation/issue.ts';
import type { FolderFile } from '../folder-files.ts';

export interface LaunchCommand {
  command: string;
  args: string[];
  /** How the command is shown and recorded (paths relative to the package). */
  display: string;
}

export function readManifest(packageDir: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function packageFacts(
  manifest: Record<string, unknown> | null,
  files: readonly FolderFile[],
  registry: RegistryFacts | null,
): PackageFacts {
  return {
    manifest,
    files: files.map((file) => ({
      path: file.path,
      size: file.size,
      ...(file.text === undefined ? {} : { text: file.text }),
    })),
    registry,
  };
}

function binEntries(manifest: Record<string, unknown>): [string, string][] {
  const name = typeof manifest.name === 'string' ? manifest.name : '';
  const bin = manifest.bin;
  if (typeof bin === 'string') return [[name.replace(/^@[^/]+\//, ''), bin]];
  if (bin !== null && typeof bin === 'object') {
    return Object.entries(bin as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return [];
}

/** The bin to run: the only one, or the one named like the package or like an MCP server. */
export function chooseBin(manifest: Record<string, unknown>): [string, string] | null {
  const entries = binEntries(manifest);
  if (entries.length <= 1) return entries[0] ?? null;
  const unscoped = String(manifest.name ?? '').replace(/^@[^/]+\//, '');
  return (
    entries.find(([name]) => name === unscoped) ?? entries.find(([name]) => /mcp/i.test(name)) ?? entries[0]!
  );
}

function runsOnNode(file: string): boolean {
  if (['.js', '.mjs', '.cjs', '.ts', '.mts'].includes(extname(file))) return true;
  try {
    return /^#!.*\bnode\b/.test(readFileSync(file, 'utf8').slice(0, 200));
  } catch {
    return false;
  }
}

/**
 * Node bins run on the evaluator's own (pinned) Node rather than whatever `node` is on PATH, so
 * every contributor starts the server the same way; `node` is how the sandbox reaches it.
 */
export function launchCommand(
  packageDir: string,
  manifest: Record<string, unknown> | null,
  extraArgs: readonly string[],
  node: string = process.execPath,
): Result<LaunchCommand> {
  const bin = manifest ? chooseBin(manifest) : null;
  if (!bin) {
    return refuse([
      issue('target', 'the package declares no bin to start', 'evaluate it with stdio:"<command>" instead'),
    ]);
  }
  const file = resolve(packageDir, bin[1]);
  if (!file.startsWith(resolve(packageDir) + sep)) {
    return refuse([issue('target', `the bin ${bin[0]} points outside the package`)]);
  }
  const display = [bin[0], ...extraArgs].join(' ');
  return runsOnNode(file)
    ? ok({ command: node, args: [file, ...extraArgs], display })
    : ok({ command: file, args: [...extraArgs], display });
}

/**
 * What a package folder needs to run in the sandbox: the folder, and every `node_modules` folder
 * above it that Node would resolve its dependencies from (a package inside a workspace or a
 * checkout). Nothing else of the parent folders.
 */
export function resolutionFolders(folder: string): string[] {
  const folders = [folder];
  let current = dirname(folder);
  for (;;) {
    const modules = join(current, 'node_modules');
    if (existsSync(modules)) folders.push(modules);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return folders;
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * A `stdio:` command sees only the system inside the sandbox; the words of its command line that
 * name files or folders on this machine are shown to it read-only (a file's folder, with the
 * node_modules folders above it) and passed as absolute paths. A word naming the evaluator's own
 * Node (`ownNode.host`) becomes the sandbox's copy of it (`ownNode.inside`), so that neither its
 * folder nor the checkout around it is shown. Returns the words to run.
 */
export function exposeStdioPaths(
  words: readonly string[],
  cwd: string,
  expose: (path: string) => void,
  ownNode?: { host: string; inside: string },
): string[] {
  return words.map((word) => {
    if (word === '' || word.startsWith('-')) return word;
    const path = isAbsolute(word) ? word : resolve(cwd, word);
    // A bare name (node, python3) is looked up on the sandbox's PATH, not in the folder.
    if (!isAbsolute(word) && !word.includes('/')) return word;
    if (!existsSync(path)) return word;
    if (ownNode && sameFile(path, ownNode.host)) return ownNode.inside;
    const folder = statSync(path).isDirectory() ? path : dirname(path);
    for (const shown of resolutionFolders(folder)) expose(shown);
    return path;
  });
}
