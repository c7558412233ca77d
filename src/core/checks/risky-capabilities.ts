/**
 * SEC-11 and SEC-12: what a tool's name says it does, against what its annotations declare.
 * Clients use annotations to decide when to ask the user first, so a deleting or sending tool
 * without them, or one that claims to be read-only, removes that safeguard.
 */
import type { CheckResult, Evidence } from '../types.ts';
import { pointerJoin } from '../validation/issue.ts';
import { countOf, fail, graded, notApplicable, pass } from './results.ts';
import { nameWords } from './schema-utils.ts';
import type { McpSnapshot, SnapshotTool } from './snapshot.ts';

export type RiskKind = 'destructive' | 'write' | 'send' | 'execute' | 'fetch';

export const RISK_WORDS: Readonly<Record<RiskKind, readonly string[]>> = {
  destructive: [
    'delete',
    'remove',
    'rm',
    'destroy',
    'drop',
    'purge',
    'erase',
    'truncate',
    'kill',
    'terminate',
    'wipe',
    'unlink',
    'revoke',
    'reset',
    'clear',
  ],
  write: [
    'write',
    'create',
    'update',
    'edit',
    'modify',
    'set',
    'put',
    'patch',
    'insert',
    'upload',
    'save',
    'move',
    'rename',
    'copy',
    'add',
    'append',
    'replace',
    'commit',
    'push',
    'merge',
    'deploy',
    'install',
    'apply',
    'store',
    'mkdir',
  ],
  send: ['send', 'post', 'publish', 'notify', 'reply', 'tweet', 'share', 'invite', 'email'],
  execute: ['execute', 'exec', 'run', 'eval', 'evaluate', 'shell', 'spawn', 'launch', 'invoke'],
  fetch: ['fetch', 'download', 'browse', 'navigate', 'crawl', 'scrape', 'curl'],
};

/** Verbs that make a name a read even when it ends in a noun that is also a verb (`get_post`, `list_updates`). */
export const READ_VERBS: ReadonlySet<string> = new Set([
  'get',
  'list',
  'read',
  'search',
  'find',
  'show',
  'describe',
  'query',
  'view',
  'lookup',
  'check',
  'inspect',
  'count',
  'retrieve',
  'browse',
]);

const KINDS = Object.keys(RISK_WORDS) as RiskKind[];

/** Arithmetic verbs that share a word with writes: `add`, `subtract` on numbers change nothing. */
const ARITHMETIC_VERBS = new Set(['add', 'subtract', 'multiply', 'divide', 'sum']);
const NUMERIC_OBJECTS = new Set([
  'number',
  'numbers',
  'two',
  'integers',
  'ints',
  'floats',
  'values',
  'digits',
  'amounts',
  'vectors',
  'matrices',
  'fractions',
  'decimals',
]);

/** `add`, `add_numbers`, `addTwoNumbers`: a calculator, not a write. */
function isArithmetic(words: readonly string[]): boolean {
  if (!ARITHMETIC_VERBS.has(words[0] ?? '')) return false;
  return words.slice(1).every((word) => NUMERIC_OBJECTS.has(word));
}

function kindsOfWord(word: string | undefined): RiskKind[] {
  return word === undefined ? [] : KINDS.filter((kind) => RISK_WORDS[kind].includes(word));
}

/**
 * What a name says the tool does, read from its verb: the first word (`delete_file`,
 * `sendMessage`), or the last one for noun-first names (`file_delete`) unless the first word is a
 * read verb.
 */
export function riskKinds(name: string): RiskKind[] {
  const words = nameWords(name);
  if (isArithmetic(words)) return [];
  const first = kindsOfWord(words[0]);
  if (first.length > 0 || words.length < 2 || READ_VERBS.has(words[0]!)) return first;
  return kindsOfWord(words[words.length - 1]);
}

function declares(tool: SnapshotTool, hint: 'destructiveHint' | 'openWorldHint'): boolean {
  return typeof tool.annotations?.[hint] === 'boolean';
}

/** The annotations a risky tool must declare for its kinds. */
function missingHints(tool: SnapshotTool, kinds: readonly RiskKind[]): string[] {
  const missing = new Set<string>();
  for (const kind of kinds) {
    if (
      (kind === 'destructive' || kind === 'write' || kind === 'execute') &&
      !declares(tool, 'destructiveHint')
    ) {
      missing.add('destructiveHint');
    }
    if ((kind === 'send' || kind === 'fetch') && !declares(tool, 'openWorldHint'))
      missing.add('openWorldHint');
  }
  return [...missing].sort();
}

export function checkRiskyCapabilities(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  let risky = 0;
  snapshot.tools.forEach((tool, index) => {
    const kinds = riskKinds(tool.name);
    if (kinds.length === 0) return;
    risky += 1;
    const missing = missingHints(tool, kinds);
    if (missing.length > 0) {
      evidence.push({
        location: pointerJoin('/tools', index, 'annotations'),
        value: `${tool.name} (${kinds.join(', ')}) does not declare ${missing.join(' or ')}`,
      });
    }
  });
  if (risky === 0)
    return notApplicable('SEC-11', 'No tool is named like a delete, write, send, execute or fetch.');
  const declared = risky - evidence.length;
  return graded(
    'SEC-11',
    declared / risky,
    `${countOf(declared, risky, 'risky tools')} declare destructive/open-world annotations.`,
    evidence,
  );
}

export function checkAnnotationContradictions(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  snapshot.tools.forEach((tool, index) => {
    if (tool.annotations?.readOnlyHint !== true) return;
    const kinds = riskKinds(tool.name).filter((kind) => kind !== 'fetch' && kind !== 'execute');
    if (kinds.length === 0) return;
    evidence.push({
      location: pointerJoin('/tools', index, 'annotations', 'readOnlyHint'),
      value: `${tool.name} is named like a ${kinds.join('/')} but claims readOnlyHint: true`,
    });
  });
  if (evidence.length === 0) return pass('SEC-12', 'No write-named tool claims to be read-only.');
  return fail('SEC-12', `${evidence.length} tool(s) named like writes claim to be read-only.`, evidence);
}
