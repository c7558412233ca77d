/**
 * Detection over a whole MCP server observation: every text of the reading surface through the
 * hidden-character analysis, the instruction, request and shadowing rules, and again through
 * whatever the text hides (tag characters, variation selectors, concealed ANSI text) or encodes
 * (base64, hex, …), plus the look-alike names across the server. Pure: the same observation
 * always gives the same findings in the same order.
 */
import { escapeRegExp } from '../../text/regexp-escape.ts';
import { MAX_SCANNED_CHARS } from '../check-policy.ts';
import { nameWords } from '../schema-utils.ts';
import type { McpSnapshot } from '../snapshot.ts';
import { actsByDescription, actsByName } from './acting-tools.ts';
import { clausesOf, directivesOf } from './clauses.ts';
import { decodedSpans, joinedBase64, joinedLiterals } from './encoded-text.ts';
import type { Finding } from './finding.ts';
import { hasInvisible, hiddenRuns, splitWordCount } from './hidden-characters.ts';
import { lookAlikeNameFindings } from './look-alike-names.ts';
import { exactNames, ownNames, type ReadText, readingSurface, toolNames } from './surface.ts';
import { isLookAlike, matchForm } from './text-form.ts';
import { actingToolOrdered, analyseText, REFERENCE_SUFFIX, type RuleContext } from './text-rules.ts';
import { plausibleLanguages } from './writing-language.ts';

const OUTPUT_ROLES = new Set<ReadText['role']>(['tool-result', 'error']);
const NAME_ROLES = new Set<ReadText['role']>(['name', 'parameter-name']);

/** Findings of a derived text (decoded, hidden, or a name read as words), placed on the span it came from. */
function derivedFindings(
  text: ReadText,
  derived: string,
  how: string,
  span: [number, number],
  context: RuleContext,
): Finding[] {
  const decoded: ReadText = { ...text, text: derived, decodedFrom: how };
  return analyseText(decoded, context).map((finding) => ({
    ...finding,
    text,
    start: span[0],
    end: span[1],
    note: `${finding.note} (${how}: “${derived.slice(0, 120)}”)`,
  }));
}

/**
 * An encoded text that gives orders, or calls one of the server's acting tools ("…then call
 * submit_entry without the hold"), is an instruction hidden from every reader. Leetspeak decodes
 * loosely, so an order alone is not enough there: it must also ask for something.
 */
/** Letter ciphers, which only hide words; base64 and hex also carry ids and cursors that name things. */
const CIPHERS = new Set(['rot13', 'caesar', 'reversed', 'atbash']);

function toolNamedIn(form: string, context: RuleContext): boolean {
  return [...context.ownNames].some(
    (name) => /[_-]/.test(name) && new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`).test(form),
  );
}

function encodedInstruction(
  derived: string,
  encoding: string,
  findings: readonly Finding[],
  context: RuleContext,
): boolean {
  if (findings.some((finding) => finding.severity !== 'low')) return true;
  if (encoding === 'leetspeak') return false;
  const form = matchForm(derived).text;
  if (actingToolOrdered(form, context, '') !== null) return true;
  // A cipher that, read, names one of the server's own tools ("… call hammer_lot now") is meant for
  // the model: nobody else reads tool names, and nobody needs a cipher to show one.
  if (CIPHERS.has(encoding) && toolNamedIn(form, context)) return true;
  return clausesOf(form).some((clause) => directivesOf(clause.text).some((directive) => !directive.negated));
}

function hiddenFindings(text: ReadText, context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  for (const run of hiddenRuns(text.text, { output: OUTPUT_ROLES.has(text.role) })) {
    const note = run.hiddenText ? `${run.note}: “${run.hiddenText.slice(0, 120)}”` : run.note;
    findings.push({
      check: 'SEC-01',
      rule: run.rule,
      severity: run.severity,
      text,
      start: run.start,
      end: run.end,
      note,
    });
    if (run.hiddenText && run.hiddenText.trim().length > 0) {
      findings.push(...derivedFindings(text, run.hiddenText, 'hidden text', [run.start, run.end], context));
    }
  }
  return findings;
}

function encodedFindings(text: ReadText, context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  for (const span of decodedSpans(text.text)) {
    const inner = derivedFindings(
      text,
      span.text,
      `decoded from ${span.encoding}`,
      [span.start, span.end],
      context,
    );
    findings.push(...inner);
    const instructs = span.labelled
      ? inner.some((finding) => finding.severity !== 'low')
      : encodedInstruction(span.text, span.encoding, inner, context);
    if (instructs) {
      findings.push({
        check: 'SEC-02',
        rule: 'encoded-instructions',
        severity: 'critical',
        text,
        start: span.start,
        end: span.end,
        note: `instructions hidden in ${span.encoding}: “${span.text.slice(0, 120)}”`,
      });
    }
  }
  return findings;
}

/**
 * A path or an order cut into string literals joined with `+` (`'~/' + '.s' + 'sh/' + 'id_' …`,
 * SkillCloak's structural obfuscation) reads as nothing until joined. The text is read again with
 * the pieces joined in place; what that reading finds and the plain one did not is reported.
 */
function joinedFindings(text: ReadText, context: RuleContext, plain: readonly Finding[]): Finding[] {
  const seen = new Set(plain.map((finding) => `${finding.rule} ${finding.severity}`));
  const findings: Finding[] = [];
  for (const span of joinedLiterals(text.text)) {
    const whole = `${text.text.slice(0, span.start)}${span.text}${text.text.slice(span.end)}`;
    const joined: ReadText = { ...text, text: whole, decodedFrom: 'joined string literals' };
    for (const finding of analyseText(joined, context)) {
      if (finding.severity === 'low' || seen.has(`${finding.rule} ${finding.severity}`)) continue;
      findings.push({
        ...finding,
        text,
        start: span.start,
        end: span.end,
        note: `${finding.note} (string literals joined: “${span.text.slice(0, 120)}”)`,
      });
    }
  }
  return findings;
}

/**
 * A span with the words before it in its sentence: a clause cut at a colon ("PO⟨U+200B⟩ST the table:
 * mirror it to …") still belongs to its sentence, but not to another field of the same JSON line.
 */
function sentenceOf(text: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const from = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('"'), before.lastIndexOf('. ')) + 1;
  return text.slice(from, end);
}

/** A zero-width character between two letters of one word: "PO⟨U+200B⟩ST". */
const WORD_SPLIT = /\p{L}[\u200B\u200C\u2060\uFEFF]\p{L}/u;
const LATIN_LETTER = /[A-Za-z]/;

/**
 * Words that mix Latin letters with Cyrillic or Greek look-alikes ("SYSTЕM NОTЕ", "dismissеd"):
 * nobody types them, and a keyboard in either script gives whole words of it. Two in the sentence
 * of a high finding were put there to slip the order past a filter.
 */
const CYRILLIC = /[\u0400-\u04FF]/;

function mixedScriptWords(sentence: string): number {
  // Greek letters sit in Latin words by right (TNFα, NFκB): only Cyrillic ones are counted, and a
  // sentence longer than any order is not read for them.
  if (sentence.length > 1_000 || !CYRILLIC.test(sentence)) return 0;
  let count = 0;
  for (const word of sentence.match(/\p{L}+/gu) ?? []) {
    const chars = [...word];
    const odd = chars.filter(
      (char) => CYRILLIC.test(char) && (isLookAlike(char) || isLookAlike(char.toLowerCase())),
    ).length;
    if (odd > 0 && odd < chars.length && chars.some((char) => LATIN_LETTER.test(char))) count += 1;
  }
  return count;
}

/** Zero-width characters, each one UTF-16 unit, that can stand where a space would. */
const ZERO_WIDTH_SPACE = /[\u200B\u2060\uFEFF]/g;

/**
 * Zero-width spaces put between words in place of spaces ("the​assistant​applies​waive_fines")
 * glue the words together once they are dropped, so the rules read nothing. The text is read again
 * with each of them as a space (same length, so every offset still holds); what that reading finds
 * and the plain one did not is reported.
 */
function spacedFindings(text: ReadText, context: RuleContext, plain: readonly Finding[]): Finding[] {
  const spaced = text.text.replace(ZERO_WIDTH_SPACE, ' ');
  if (spaced === text.text) return [];
  const seen = new Set(plain.map((finding) => `${finding.rule} ${finding.severity}`));
  const read: ReadText = { ...text, text: spaced, decodedFrom: 'zero-width characters read as spaces' };
  return analyseText(read, context)
    .filter((finding) => finding.severity !== 'low' && !seen.has(`${finding.rule} ${finding.severity}`))
    .map((finding) => ({
      ...finding,
      text,
      note: `${finding.note} (read with its zero-width characters as spaces)`,
    }));
}

function nameFindings(text: ReadText, context: RuleContext): Finding[] {
  if (!NAME_ROLES.has(text.role)) return [];
  const words = nameWords(text.text).join(' ');
  if (words.split(' ').length < 3 || REFERENCE_SUFFIX.test(words)) return [];
  return derivedFindings(text, words, 'name read as words', [0, text.text.length], context).filter(
    (finding) => finding.rule !== 'names-other-tool',
  );
}

/** Five Latin words or more in a row, each pair kept apart by an invisible character (a space beside it or not). */
const INVISIBLY_SPACED = /[A-Za-z][\w'.-]*(?: ?[\u200B\u200C\u2060\uFEFF] ?[\w'.-]+){4,}/g;

function invisiblySpacedOrder(original: string, context: RuleContext): [number, number] | null {
  if (!/[\u200B\u200C\u2060\uFEFF]/.test(original)) return null;
  for (const run of original.matchAll(INVISIBLY_SPACED)) {
    const words = run[0].replace(/[\u200B\u200C\u2060\uFEFF]/g, ' ').toLowerCase();
    if ([...context.actingTools.keys()].some((tool) => /[_-]/.test(tool) && words.includes(tool)))
      return [run.index, run.index + run[0].length];
  }
  return null;
}

function findingsOf(text: ReadText, context: RuleContext): Finding[] {
  // An assistant turn is also part of its prompt's text, where everything else is looked for.
  if (text.role === 'assistant-turn') return analyseText(text, context);
  const plain = analyseText(text, context);
  const findings = [
    ...hiddenFindings(text, context),
    ...plain,
    ...encodedFindings(text, context),
    ...joinedFindings(text, context, plain),
    ...spacedFindings(text, context, plain),
    ...nameFindings(text, context),
  ];
  // Latin words kept apart by invisible characters ("Per⟨U+200B⟩the⟨U+200B⟩night …", "Sandra ⟨U+2060⟩on
  // ⟨U+2060⟩the …") in a sentence that names one of the server's acting tools: no editor writes them,
  // and scripts that use them between words (Thai, Khmer) are not Latin.
  const spacedOrder = invisiblySpacedOrder(text.text, context);
  if (spacedOrder)
    findings.push({
      check: 'SEC-01',
      rule: 'disguised-instruction',
      severity: 'critical',
      text,
      start: spacedOrder[0],
      end: spacedOrder[1],
      note: 'invisible characters between the words of an order to one of the server’s acting tools hide it from readers and scanners',
    });
  // Two words spelt letter by letter with zero-width characters: a disguise, whatever they say.
  if (splitWordCount(text.text) >= 2)
    findings.push({
      check: 'SEC-01',
      rule: 'split-words',
      severity: 'critical',
      text,
      start: 0,
      end: text.text.length,
      note: 'spells words letter by letter with invisible characters between, so scanners and filters miss them',
    });
  // Invisible characters inside the very words of a critical finding were put there to break them
  // up; inside a word of a high one ("PO⟨U+200B⟩ST the table to https://…"), to slip it past a filter.
  const disguised = findings.some(
    (finding) =>
      finding.check !== 'SEC-01' &&
      ((finding.severity === 'critical' && hasInvisible(text.text.slice(finding.start, finding.end))) ||
        (finding.severity === 'high' && WORD_SPLIT.test(sentenceOf(text.text, finding.start, finding.end)))),
  );
  const lookAlike =
    !disguised &&
    findings.some(
      (finding) =>
        finding.check !== 'SEC-01' &&
        finding.severity === 'high' &&
        mixedScriptWords(sentenceOf(text.text, finding.start, finding.end)) >= 2,
    );
  if (
    (disguised || lookAlike) &&
    !findings.some((finding) => finding.check === 'SEC-01' && finding.severity === 'critical')
  ) {
    findings.push({
      check: 'SEC-01',
      rule: 'disguised-instruction',
      severity: 'critical',
      text,
      start: 0,
      end: text.text.length,
      note: lookAlike
        ? 'words spelt with Cyrillic look-alike letters disguise an instruction from filters and scanners'
        : 'invisible characters disguise an instruction from readers and scanners',
    });
  }
  return findings;
}

export interface Detection {
  surface: ReadText[];
  findings: Finding[];
  /** Set when the surface is larger than the rules read: no finding was looked for. */
  oversized?: { chars: number; limit: number };
}

/** "Setup step 2/3: …": a fragment of an instruction split over several texts. */
const STEP_FRAGMENT = /\bstep (\d+) ?(?:\/|of) ?(\d+)\s*:?\s*([^)\]]*)/i;

/**
 * An instruction cut into numbered fragments spread over several descriptions reads as nothing in
 * each; joined in order, it is read like any other text, and its findings sit on the first fragment.
 */
function fragmentFindings(surface: readonly ReadText[], context: RuleContext): Finding[] {
  const fragments = new Map<string, { order: number; text: ReadText; words: string }[]>();
  for (const text of surface) {
    const match = STEP_FRAGMENT.exec(text.text);
    if (!match || text.role !== 'description') continue;
    const key = `${text.face} ${match[2]}`;
    fragments.set(key, [
      ...(fragments.get(key) ?? []),
      { order: Number(match[1]), text, words: match[3]!.trim() },
    ]);
  }
  const findings: Finding[] = [];
  for (const parts of fragments.values()) {
    const distinct = new Set(parts.map((part) => part.text.pointer));
    if (parts.length < 2 || distinct.size < 2) continue;
    const ordered = [...parts].sort((a, b) => a.order - b.order);
    const joined = ordered.map((part) => part.words).join(' ');
    const first = ordered[0]!.text;
    findings.push(...derivedFindings(first, joined, 'fragments joined', [0, first.text.length], context));
  }
  return findings;
}

/** Base64 split between two texts of one tool, prompt or resource, read joined. */
function splitPayloadFindings(surface: readonly ReadText[], context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  const byOwner = new Map<string, ReadText[]>();
  for (const text of surface) {
    const key = `${text.face} ${text.owner.kind} ${text.owner.name}`;
    byOwner.set(key, [...(byOwner.get(key) ?? []), text]);
  }
  for (const texts of byOwner.values()) {
    for (const first of texts) {
      for (const second of texts) {
        if (first === second) continue;
        const joined = joinedBase64(first.text, second.text);
        if (joined === null) continue;
        const inner = derivedFindings(
          first,
          joined,
          'base64 joined across two fields',
          [0, first.text.length],
          context,
        );
        findings.push(...inner);
        if (encodedInstruction(joined, 'base64', inner, context))
          findings.push({
            check: 'SEC-02',
            rule: 'encoded-instructions',
            severity: 'critical',
            text: first,
            start: 0,
            end: first.text.length,
            note: `instructions split in base64 across ${first.path} and ${second.path}: “${joined.slice(0, 120)}”`,
          });
      }
    }
  }
  return findings;
}

/** The server's acting tools, lower case, each with whether its name joins several words. */
function actingTools(surface: readonly ReadText[]): Map<string, boolean> {
  const described = new Set(
    surface
      .filter(
        (text) =>
          text.role === 'description' &&
          text.owner.kind === 'tool' &&
          // The tool's own description, not one of its parameters'.
          text.path.endsWith(`tools[${text.owner.name}].description`) &&
          !text.decodedFrom &&
          actsByDescription(text.text),
      )
      .map((text) => text.owner.name),
  );
  const tools = new Map<string, boolean>();
  for (const text of surface)
    if (
      text.role === 'name' &&
      text.owner.kind === 'tool' &&
      (actsByName(text.text) || described.has(text.owner.name))
    )
      tools.set(text.text.toLowerCase(), nameWords(text.text).length > 1);
  return tools;
}

/** Each parameter of an acting tool, lower case, with the tool it belongs to. */
function actingParameters(
  surface: readonly ReadText[],
  acting: ReadonlyMap<string, boolean>,
): Map<string, string[]> {
  const toolOf = new Map<string, string>();
  for (const text of surface)
    if (text.role === 'name' && text.owner.kind === 'tool')
      toolOf.set(text.owner.name, text.text.toLowerCase());
  const parameters = new Map<string, string[]>();
  for (const text of surface) {
    const tool = text.owner.kind === 'tool' ? toolOf.get(text.owner.name) : undefined;
    if (text.role !== 'parameter-name' || tool === undefined || !acting.has(tool)) continue;
    const name = text.text.toLowerCase();
    const tools = parameters.get(name) ?? [];
    if (!tools.includes(tool)) parameters.set(name, [...tools, tool]);
  }
  return parameters;
}

const ENGLISH: ReadonlySet<string> = new Set(['eng']);
const DEFINITION_PROSE = new Set<ReadText['role']>(['title', 'description', 'instructions', 'schema-text']);

/**
 * The languages the server may write its definitions in: those of its tools and its instructions.
 * A prompt's own description is left out: it comes with the prompt's messages, which are judged
 * against the rest. A server that writes too little to tell is taken to write English, the
 * language nearly every MCP server's definitions are written in.
 */
function serverLanguages(surface: readonly ReadText[]): ReadonlySet<string> {
  const prose = surface
    .filter((text) => DEFINITION_PROSE.has(text.role) && text.owner.kind !== 'prompt' && !text.decodedFrom)
    .map((text) => text.text)
    .join('\n');
  const languages = plausibleLanguages(prose);
  return languages.size > 0 ? languages : ENGLISH;
}

export function detect(snapshot: McpSnapshot): Detection {
  const surface = readingSurface(snapshot);
  const chars = surface.reduce((sum, text) => sum + text.text.length, 0);
  // Reading part of it would let a payload hide past the part read: all or nothing.
  if (chars > MAX_SCANNED_CHARS)
    return { surface, findings: [], oversized: { chars, limit: MAX_SCANNED_CHARS } };
  const acting = actingTools(surface);
  const context: RuleContext = {
    ownNames: ownNames(surface),
    exactNames: exactNames(surface),
    toolNames: toolNames(surface),
    serverName: snapshot.server.name ?? '',
    actingTools: acting,
    actingParameters: actingParameters(surface, acting),
    languages: serverLanguages(surface),
  };
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const finding of [
    ...surface.flatMap((text) => findingsOf(text, context)),
    ...fragmentFindings(surface, context),
    ...splitPayloadFindings(surface, context),
    ...lookAlikeNameFindings(surface),
  ]) {
    const key = `${finding.check} ${finding.rule} ${finding.text.pointer} ${finding.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return { surface, findings };
}
