/**
 * SEC-14: names that pass for other names. A tool called `reаd_file` with a Cyrillic "а" shows the
 * user one name and shadows another server's tool; an invisible character makes two names look
 * the same. Names wholly in another script (a Japanese tool name) are not look-alikes: they are
 * INT-03's business.
 */
import type { Finding } from './finding.ts';
import type { ReadText } from './surface.ts';
import { isLookAlike, matchForm } from './text-form.ts';

const LATIN = /[A-Za-z]/;
const INVISIBLE =
  /\p{Cf}|\p{Cc}|\u034F|[\u115F\u1160\u3164\uFFA0\u2800]|[\u{FE00}-\u{FE0F}]|[\u{E0100}-\u{E01EF}]/u;

/** Letters of other scripts inside an otherwise Latin name, which read as Latin. */
function lookAlikeLetters(name: string): string[] {
  if (!LATIN.test(name)) return [];
  return [...name].filter((char) => isLookAlike(char.toLowerCase()) || isLookAlike(char));
}

function codePoints(chars: readonly string[]): string {
  return chars
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(', ');
}

function finding(text: ReadText, rule: string, note: string): Finding {
  return { check: 'SEC-14', rule, severity: 'critical', text, start: 0, end: text.text.length, note };
}

export function lookAlikeNameFindings(surface: readonly ReadText[]): Finding[] {
  const names = surface.filter(
    (text) => text.role === 'name' && (text.owner.kind === 'tool' || text.owner.kind === 'prompt'),
  );
  const findings: Finding[] = [];
  const byFolded = new Map<string, ReadText>();
  for (const text of names) {
    const letters = lookAlikeLetters(text.text);
    if (letters.length > 0) {
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
