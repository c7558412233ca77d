/**
 * SEC-14: names that pass for other names. A tool called `reаd_file` with a Cyrillic "а" or
 * `ｓｅｎｄ_email` in fullwidth letters shows the user one name and shadows another server's tool;
 * an invisible character makes two names look the same; `slack_post_mesage` is one slip of the
 * keyboard from the tool it imitates. Names wholly in another script (a Japanese tool name) are
 * not look-alikes: they are INT-03's business.
 */
import { nameWords } from '../schema-utils.ts';
import type { Finding } from './finding.ts';
import { COMMON_TOOL_NAMES, WELL_KNOWN_SERVICES } from './lexicon.ts';
import { ownNames, type ReadText } from './surface.ts';
import { isLookAlike, matchForm } from './text-form.ts';
import { foreignReferences } from './text-rules.ts';

const LATIN = /[A-Za-z]/;
const INVISIBLE =
  /\p{Cf}|\p{Cc}|\u034F|[\u115F\u1160\u3164\uFFA0\u2800]|[\u{FE00}-\u{FE0F}]|[\u{E0100}-\u{E01EF}]/u;

/** Letters of other scripts inside an otherwise Latin name, which read as Latin. */
function lookAlikeLetters(name: string): string[] {
  if (!LATIN.test(name)) return [];
  return [...name].filter((char) => isLookAlike(char.toLowerCase()) || isLookAlike(char));
}

/** Fullwidth and other compatibility forms of ASCII letters ("ｓ" is "s" to NFKC). */
function compatibilityLetters(name: string): string[] {
  return [...name].filter((char) => {
    const plain = char.normalize('NFKC');
    return plain !== char && /^[\x21-\x7e]+$/.test(plain);
  });
}

/** Whether two names are one edit apart: a letter dropped, added, changed, or two swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA.slice(1) === restB.slice(1) && a.length === b.length) return true;
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true;
  return (
    restA.length > 1 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)
  );
}

/**
 * Words tool names are made of, where one letter makes another ordinary word: `head_file` beside
 * `read_file` (rust-mcp-filesystem), `tail_file`, `post_message`, `host_list`.
 */
const TOOL_WORDS = new Set(
  (
    'read head tail load lead list lint last lost post host most send lend mail main file fine fire fill ' +
    'film find bind mind kind sort port part copy move mode more node note code vote save have make take ' +
    'pull push path patch match watch fetch catch sync link sink wink view edit exit open stop step star ' +
    'start stat state date data rate gate page pane name same game time type tags tabs task mask desk disk ' +
    'risk lock rock dock look book hook cook pool tool tree free feed need seed weed deed user uses used ' +
    'test text next rest best west cast case base vase rule role pole hole sole plan scan span chat chart ' +
    'cart card hard word work fork form norm dump jump bump ping ring sign line lines live give hive drive ' +
    'dive item items query store score share shape scale sale tale table cable label'
  ).split(' '),
);

/** Differences that make a different word, not a slip: plurals, separators or none, short words. */
function meaningfulVariant(name: string, other: string): boolean {
  const [longer, shorter] = name.length >= other.length ? [name, other] : [other, name];
  if (longer === `${shorter}s` || longer === `${shorter}es`) return true;
  // Separators are a naming style (`sendEmail`, `send-email`, `send_email`), not a slip.
  if (name.replace(/[_-]/g, '') === other.replace(/[_-]/g, '')) return true;
  return name.split(/[_-]/).some((word, index) => {
    const otherWord = other.split(/[_-]/)[index];
    if (otherWord === undefined || word === otherWord) return false;
    return (
      Math.max(word.length, otherWord.length) <= 3 || (TOOL_WORDS.has(word) && TOOL_WORDS.has(otherWord))
    );
  });
}

/** Names a tool name may be imitating: well-known ones and those this server's own texts mention. */
function imitatedNames(surface: readonly ReadText[]): Set<string> {
  const own = ownNames(surface);
  const names = new Set(COMMON_TOOL_NAMES);
  for (const text of surface) {
    if (text.role !== 'description' && text.role !== 'instructions') continue;
    const form = matchForm(text.text).text;
    for (const reference of foreignReferences(form, own)) names.add(reference.name);
    for (const identifier of form.match(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g) ?? []) {
      if (!own.has(identifier)) names.add(identifier);
    }
  }
  return names;
}

function typosquatOf(name: string, imitated: ReadonlySet<string>): string | undefined {
  if (name.length < 6 || !/^[a-z0-9_-]+$/i.test(name) || imitated.has(name)) return undefined;
  const lower = name.toLowerCase();
  // `sendEmail` is send_email in another style, not a slip from send_mail.
  if (imitated.has(nameWords(name).join('_'))) return undefined;
  return [...imitated].find((other) => oneEditApart(lower, other) && !meaningfulVariant(lower, other));
}

/** Pairs of characters that pass for each other in a name ("paypa1", "g00gle"). */
const CONFUSED = new Set(['0o', 'o0', '1l', 'l1', '1i', 'i1', 'li', 'il']);

function withoutAt(word: string, index: number): string {
  return word.slice(0, index) + word.slice(index + 1);
}

/**
 * Whether `word` is a squatter's slip of `brand`: a letter doubled ("twittter"), two letters swapped
 * ("gihtub"), a look-alike character ("paypa1") or "rn" for "m". Not a letter dropped or a plain
 * letter changed, which make other real names ("clade", "motion" beside "notion"), and not an "s"
 * added at the end ("postgress"), a plural or a common misspelling. Among the 22,700 MCP server
 * names in the npm and PyPI lists, these slips match none.
 */
function slipOf(word: string, brand: string): boolean {
  if (word === brand) return false;
  if (word.replace('rn', 'm') === brand) return true;
  if (word.length === brand.length + 1) {
    if (word === `${brand}s`) return false;
    return [...word].some((char, i) => i > 0 && char === word[i - 1] && withoutAt(word, i) === brand);
  }
  if (word.length === brand.length) {
    const diff = [...word].flatMap((char, i) => (char === brand[i] ? [] : [i]));
    if (diff.length === 1) return CONFUSED.has(word[diff[0]!]! + brand[diff[0]!]!);
    return (
      diff.length === 2 &&
      diff[1] === diff[0]! + 1 &&
      word[diff[0]!] === brand[diff[1]!] &&
      word[diff[1]!] === brand[diff[0]!]
    );
  }
  return false;
}

/** The well-known service a server's name passes for by one slip, if any ("twittter-mcp" → twitter). */
export function squattedService(serverName: string): string | undefined {
  const words = serverName.toLowerCase().split(/[^a-z0-9]+/);
  for (const word of words) {
    if (word.length < 4 || WELL_KNOWN_SERVICES.includes(word)) continue;
    const brand = WELL_KNOWN_SERVICES.find((service) => slipOf(word, service));
    if (brand) return brand;
  }
  return undefined;
}

/** Words that dress a copy of a tool up as the better one: `add_numbers_secure`, `verified_send_email`. */
const BAIT_QUALIFIER =
  /^(?:secure|safe|safer|verified|official|trusted|enhanced|encrypted|protected|pro|plus|premium|improved|better|v2)$/;
/** The copy recommends itself. */
const SELF_RECOMMENDED =
  /\b(?:recommended|preferred|always use this|use this (?:one|version|tool) (?:instead|for)|best choice)\b/i;
/** …on the strength of a vague safety claim, not a stated difference ("read-only", "dry run"). */
const TRUST_CLAIM = /\b(?:secure(?:ly)?|encrypt\w*|enhanced security|protected|trusted|verified|safer)\b/i;
const STATED_DIFFERENCE =
  /\b(?:read-?only|dry[- ]run|sandbox\w*|no side effects|without (?:writing|modifying|changing))\b/i;

function parametersOf(surface: readonly ReadText[], tool: string): string {
  return surface
    .filter(
      (text) => text.role === 'parameter-name' && text.owner.kind === 'tool' && text.owner.name === tool,
    )
    .map((text) => text.text)
    .sort()
    .join(',');
}

/** The tool a name copies with a qualifier, if it is one of this server's or a well-known name. */
function baitedTool(name: string, siblings: ReadonlySet<string>): string | undefined {
  const words = name.split(/[_-]/);
  if (words.length < 2) return undefined;
  const [first, last] = [words[0]!, words.at(-1)!];
  const base = BAIT_QUALIFIER.test(last)
    ? words.slice(0, -1)
    : BAIT_QUALIFIER.test(first)
      ? words.slice(1)
      : [];
  if (base.length === 0) return undefined;
  const plain = base.join('_');
  return siblings.has(plain) || COMMON_TOOL_NAMES.includes(plain) ? plain : undefined;
}

/**
 * A copy of a tool under a "secure" or "official" name that recommends itself with a vague claim
 * of safety (the tool-baiting of tristanhausermannpernet/mcp-hacking, MPMA's preference
 * manipulation): it takes what the plain tool takes and is there to be picked instead of it.
 */
function baitFindings(surface: readonly ReadText[]): Finding[] {
  const names = surface.filter((text) => text.role === 'name' && text.owner.kind === 'tool');
  const siblings = new Set(names.map((text) => text.text));
  const findings: Finding[] = [];
  for (const name of names) {
    const base = baitedTool(name.text, siblings);
    if (!base) continue;
    const description = surface.find(
      (text) =>
        text.role === 'description' && text.owner.kind === 'tool' && text.owner.name === name.owner.name,
    )?.text;
    if (!description || !SELF_RECOMMENDED.test(description) || !TRUST_CLAIM.test(description)) continue;
    if (STATED_DIFFERENCE.test(description)) continue;
    if (siblings.has(base) && parametersOf(surface, base) !== parametersOf(surface, name.text)) continue;
    findings.push(
      finding(
        name,
        'bait-name',
        `"${name.text}" copies "${base}" and recommends itself on a vague claim of safety`,
      ),
    );
  }
  return findings;
}

/** Look-alike letters inside words that are otherwise Latin ("Gοogle"): whole words of another script are fine. */
function mixedScriptWordLetters(text: string): string[] {
  const letters: string[] = [];
  for (const word of text.match(/[\p{L}]+/gu) ?? []) {
    const chars = [...word];
    const odd = chars.filter((char) => isLookAlike(char.toLowerCase()) || isLookAlike(char));
    if (odd.length > 0 && odd.length < chars.length && chars.some((char) => LATIN.test(char)))
      letters.push(...odd);
  }
  return letters;
}

function codePoints(chars: readonly string[]): string {
  return chars
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(', ');
}

/**
 * The words of a name with a capital I standing in for an l inside a lowercase word
 * ("amadeus-seIf-service", "snowfIake-reports"), spelled with the l: in most fonts the two look the
 * same. A word counts only when the server's own
 * text spells that word with an l ("Amadeus Self-Service"), which camelCase names never do
 * ("createIssue" is not "createlssue").
 */
function capitalIForL(name: string): string[] {
  return name
    .split(/[^A-Za-z]+/)
    .filter((word) => /[a-z]I[a-z]/.test(word) && word.replace(/[^A-Z]/g, '') === 'I')
    .map((word) => word.replace('I', 'l').toLowerCase());
}

function caseConfusableFindings(surface: readonly ReadText[]): Finding[] {
  const suspects = surface
    .filter((text) => text.role === 'name' || text.role === 'title')
    .map((text) => ({ text, meant: capitalIForL(text.text) }))
    .filter(({ meant }) => meant.length > 0);
  // The server's own prose is joined only when some name has such a word, which few do.
  if (suspects.length === 0) return [];
  const prose = surface
    .filter((text) => text.role !== 'name')
    .map((text) => text.text.toLowerCase())
    .join('\n');
  return suspects.flatMap(({ text, meant }) => {
    const spelled = meant.find((word) => new RegExp(`(?<![a-z])${word}(?![a-z])`).test(prose));
    return spelled
      ? [finding(text, 'capital-i-for-l', `"${text.text}" spells "${spelled}" with a capital I for the l`)]
      : [];
  });
}

function finding(text: ReadText, rule: string, note: string): Finding {
  return { check: 'SEC-14', rule, severity: 'critical', text, start: 0, end: text.text.length, note };
}

export function lookAlikeNameFindings(surface: readonly ReadText[]): Finding[] {
  const names = surface.filter(
    (text) => text.role === 'name' && (text.owner.kind === 'tool' || text.owner.kind === 'prompt'),
  );
  const findings: Finding[] = [];
  // A title or the server's name spelled with look-alikes ("gοogle-drive") passes for a brand.
  for (const text of surface) {
    const shown =
      (text.role === 'title' && text.owner.kind !== 'server') ||
      (text.role === 'name' && text.owner.kind === 'server');
    if (!shown) continue;
    const letters = mixedScriptWordLetters(text.text);
    if (letters.length > 0)
      findings.push(
        finding(
          text,
          'mixed-script-name',
          `"${matchForm(text.text).text}" is spelled with look-alike letters (${codePoints(letters)})`,
        ),
      );
  }
  const serverName = surface.find((text) => text.role === 'name' && text.owner.kind === 'server');
  const service = serverName && squattedService(serverName.text);
  if (serverName && service)
    findings.push(
      finding(
        serverName,
        'squatted-service',
        `the server's name "${serverName.text}" is one slip from "${service}"`,
      ),
    );
  findings.push(...baitFindings(surface), ...caseConfusableFindings(surface));
  const byFolded = new Map<string, ReadText>();
  const imitated = imitatedNames(surface);
  for (const text of names) {
    const letters = lookAlikeLetters(text.text);
    const compatibility = compatibilityLetters(text.text);
    const squatted = text.owner.kind === 'tool' ? typosquatOf(text.text, imitated) : undefined;
    if (compatibility.length > 0) {
      findings.push(
        finding(
          text,
          'compatibility-letters',
          `"${text.text.normalize('NFKC')}" is spelled with fullwidth or other compatibility letters (${codePoints(compatibility)})`,
        ),
      );
    } else if (squatted) {
      findings.push(finding(text, 'typosquat', `"${text.text}" is one slip from "${squatted}"`));
    } else if (letters.length > 0) {
      findings.push(
        finding(
          text,
          'mixed-script-name',
          `"${matchForm(text.text).text}" is spelled with look-alike letters (${codePoints(letters)})`,
        ),
      );
    } else if (INVISIBLE.test(text.text)) {
      findings.push(finding(text, 'invisible-in-name', 'the name holds invisible characters'));
    }
    const folded = matchForm(text.text).text;
    const other = byFolded.get(folded);
    if (other && other.text !== text.text && other.owner.name !== text.owner.name) {
      findings.push(
        finding(text, 'same-looking-names', `looks the same as "${other.text}" but is a different name`),
      );
    } else if (!other) byFolded.set(folded, text);
  }
  return findings;
}
