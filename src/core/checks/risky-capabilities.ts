/**
 * What a tool's name says it does, read from its verb: deleting, writing, sending, executing or
 * fetching. SEC-11 and SEC-12 (`server/risk-annotations.ts`) hold it against the tool's
 * annotations; detection reads it to tell the tools an injection would want called.
 */
import { nameWords } from './schema-utils.ts';

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
    'cancel',
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
export function isArithmetic(words: readonly string[]): boolean {
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
