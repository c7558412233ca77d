/**
 * Clauses of a match-form text and the directives in them: where the text tells the model to do
 * something, which verb, and whether it is negated. Tool descriptions are often written in the
 * imperative ("Read a file"), so a directive alone proves nothing; rules combine it with what it
 * is about (a secret, another tool, a parameter to fill).
 */
import { ACQUIRE_VERBS, CLAUSE_OPENERS, EXECUTE_VERBS, MODAL_DIRECTIVE, TRANSFER_VERBS } from './lexicon.ts';

export interface Clause {
  /** Offsets in the match-form text. */
  start: number;
  end: number;
  text: string;
}

export type VerbKind = 'acquire' | 'transfer' | 'execute';

export interface Directive {
  verb: string;
  kind: VerbKind;
  /** Offset of the verb in the clause. */
  index: number;
  negated: boolean;
}

/**
 * Sentence ends, line breaks, semicolons, a colon before a space ("workspace index incomplete:
 * read ~/.aws/credentials" gives its order after the colon), the edges of markup tags, and the
 * numbers of a list run into one line ("1) git clone … 2) run `make` …"), each item its own order.
 */
const BOUNDARY =
  /(?<!\b(?:e\.g|i\.e|etc|vs|incl|approx|no|cf|resp|ca))[.!?]+(?=\s|$)|\n|;|:(?=\s)|(?=<[a-z/!|])|(?<=>)|(?<=\s)(?=\(?\d{1,2}\)\s)/g;

export function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body.length > 0) clauses.push({ start: start + lead, end: start + lead + body.length, text: body });
  };
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (end <= start) continue;
    push(end);
    start = end;
  }
  push(text.length);
  return clauses;
}

const VERB = `${TRANSFER_VERBS}|${ACQUIRE_VERBS}|${EXECUTE_VERBS}`;
const TRANSFER = new RegExp(`^(?:${TRANSFER_VERBS})$`);
const ACQUIRE = new RegExp(`^(?:${ACQUIRE_VERBS})$`);

function kindOf(verb: string): VerbKind {
  if (TRANSFER.test(verb)) return 'transfer';
  if (ACQUIRE.test(verb)) return 'acquire';
  return 'execute';
}

/** A parenthesised label before the clause: "(handling notes for calendar assistants) When …". */
const LABEL = '(?:\\([^)\\n]{1,60}\\)\\s*)?';
const NEGATED_OPENING = `(?<neg>(?:please\\s+)?(?:do not|don't|dont|never|avoid|stop|refrain from)\\s+)?`;
const INITIAL = new RegExp(`^\\s*${LABEL}${CLAUSE_OPENERS}${NEGATED_OPENING}(?<verb>${VERB})\\b`);
/**
 * An order after a leading phrase: "Before each call, read …", "When helping with X, first gather
 * …", "As part of the summary, search …", "To give full context, begin …". The phrase may hold
 * commas of its own, so any comma may end it.
 */
const CONDITIONAL = new RegExp(
  `^\\s*${LABEL}${CLAUSE_OPENERS}(?:before|after|when|whenever|once|if|while|upon|prior to|ahead of|as part of|during|for each|for every|on each|on every|each time|every time|to \\w+|in order to \\w+|for [\\w-]+(?: [\\w-]+){0,3})\\b[^.!?\\n]{0,200}?,\\s*${CLAUSE_OPENERS}${NEGATED_OPENING}(?<verb>${VERB})\\b`,
);
/** A short time phrase needs no comma before its order: "Before each call read …". */
const WHEN_CALLED = new RegExp(
  `^\\s*${CLAUSE_OPENERS}(?:before|after|on|upon|at|with|for) (?:each|every|any|the first|your|this)?\\s*(?:call|calling|use|using|request|answer|reply|response|run|invocation|start)s?(?: (?:to|of) (?:this|the) tool)?\\s+${CLAUSE_OPENERS}${NEGATED_OPENING}(?<verb>${VERB})\\b`,
);
const MODAL = new RegExp(
  `${MODAL_DIRECTIVE}\\s+(?<neg>(?:not|never)\\s+)?(?:(?:also|always|first|then|immediately|just|now|carefully|additionally|still)\\s+)*(?<verb>${VERB})\\b`,
  'g',
);
const ADVERB = new RegExp(
  `\\b(?:please|always|kindly|also|automatically|silently)\\s+(?:also\\s+|first\\s+|then\\s+)?(?<verb>${VERB})\\b`,
  'g',
);
const NEVER = new RegExp(`\\bnever\\s+(?:\\w+\\s+)?(?<verb>${VERB})\\b`, 'g');
const CONTINUATION = new RegExp(
  `(?:\\band|\\bthen|,)\\s+(?:then\\s+|also\\s+|finally\\s+)*(?<neg>(?:do not|don't|never)\\s+)?(?<verb>${VERB})\\b`,
  'g',
);

function found(match: RegExpExecArray | RegExpMatchArray, negated: boolean): Directive {
  const verb = match.groups!.verb!;
  const index = (match.index ?? 0) + match[0].lastIndexOf(verb);
  return { verb, kind: kindOf(verb), index, negated };
}

/** Every directive in a clause, in order; a verb joined to a directive by "and"/"then" is one too. */
export function directivesOf(clause: string): Directive[] {
  const out: Directive[] = [];
  const initial = INITIAL.exec(clause) ?? CONDITIONAL.exec(clause) ?? WHEN_CALLED.exec(clause);
  if (initial) out.push(found(initial, initial.groups?.neg !== undefined));
  for (const match of clause.matchAll(MODAL)) out.push(found(match, match.groups?.neg !== undefined));
  for (const match of clause.matchAll(ADVERB)) out.push(found(match, false));
  for (const match of clause.matchAll(NEVER)) out.push(found(match, true));
  if (out.length > 0) {
    const first = Math.min(...out.map((directive) => directive.index));
    for (const match of clause.slice(first).matchAll(CONTINUATION)) {
      const directive = found(match, match.groups?.neg !== undefined);
      out.push({ ...directive, index: directive.index + first });
    }
  }
  const unique = new Map<number, Directive>();
  for (const directive of out) {
    if (unique.has(directive.index)) continue;
    // "Read-only: …", "run-time", "write-protected": the verb begins a compound, it orders nothing;
    // "Scan of ~/.cursor/mcp.json", "List of files": a noun.
    const after = clause.slice(directive.index + directive.verb.length);
    if (after.startsWith('-') || /^ of\b/.test(after)) continue;
    // "view is set by the host", "cat shows outerHTML": a noun that a verb follows is the subject.
    if (/^ (?:is|are|was|were|has|have|had|shows|returns|does|stays|remains)\b/.test(after)) continue;
    // "Replaces the need to include full chat history", "no need to ask": a need named, not laid.
    const named = NEED_NAMED.test(clause.slice(Math.max(0, directive.index - 40), directive.index));
    unique.set(directive.index, named ? { ...directive, negated: true } : directive);
  }
  return [...unique.values()].sort((a, b) => a.index - b.index);
}

const NEED_NAMED = /\b(?:no|the|any|without(?: the| any)?)\s+(?:more\s+|longer\s+)?need\s+to\s+(?:\w+\s+)?$/;

const ANY_OBLIGATION = new RegExp(`${MODAL_DIRECTIVE}\\s+(?:not\\s+)?\\w+`);

/** Whether the clause gives the model an order at all: a listed verb, or any obligation ("you must …"). */
export function hasDirective(clause: string): boolean {
  return directivesOf(clause).some((directive) => !directive.negated) || ANY_OBLIGATION.test(clause);
}

/**
 * An order whose object follows a colon ("read that file: ~/.ssh/id_ed25519") is one clause: the
 * colon that lets "index incomplete: read ~/.aws/credentials" give its order after it here only
 * introduces what the order is about. Clauses of `form`, with each such pair joined.
 */
/** A bulleted or numbered list item. */
const LIST_ITEM = /^(?:[-*•]|\d{1,2}[.)])\s/;

export function withColonObjects(clauses: readonly Clause[], form: string): Clause[] {
  const joined: Clause[] = [];
  for (let index = 0; index < clauses.length; index += 1) {
    const clause = clauses[index]!;
    const next = clauses[index + 1];
    // A colon inside code (`NOPASSWD: ALL`, `-H "Accept: …"`) introduces nothing.
    const inCode = (clause.text.match(/`/g) ?? []).length % 2 === 1;
    if (
      next &&
      !inCode &&
      clause.text.endsWith(':') &&
      hasDirective(clause.text) &&
      !hasDirective(next.text)
    ) {
      // "include contents of:" over a bulleted list: every item is an object of the order.
      let last = index + 1;
      while (LIST_ITEM.test(clauses[last]?.text ?? '') && LIST_ITEM.test(clauses[last + 1]?.text ?? ''))
        last += 1;
      const end = clauses[last]!.end;
      joined.push({ start: clause.start, end, text: form.slice(clause.start, end) });
      index = last;
    } else joined.push(clause);
  }
  return joined;
}
