/**
 * Reads the body GitHub writes for an issue form: one `### <field label>` heading per field, then
 * the answer, with `_No response_` for an empty optional field. The body is the requester's text
 * (they can edit it after submitting), so only the known labels count as headings, a label given
 * twice is refused rather than guessed at, and anything else is part of an answer.
 */
export const NO_RESPONSE = '_No response_';

export interface FormSections {
  /** Answers by field label; trimmed, empty for `_No response_`. */
  answers: Map<string, string>;
  /** Labels that appear more than once. */
  duplicated: string[];
}

export function parseIssueForm(body: string, labels: readonly string[]): FormSections {
  const known = new Set(labels);
  const collected = new Map<string, string[]>();
  const duplicated: string[] = [];
  let current: string[] | null = null;
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^###[ \t]+(.+?)[ \t]*$/.exec(line)?.[1];
    if (heading !== undefined && known.has(heading)) {
      if (collected.has(heading)) duplicated.push(heading);
      current = [];
      collected.set(heading, current);
      continue;
    }
    current?.push(line);
  }
  const answers = new Map<string, string>();
  for (const [label, lines] of collected) {
    const answer = lines.join('\n').trim();
    answers.set(label, answer === NO_RESPONSE ? '' : answer);
  }
  return { answers, duplicated: [...new Set(duplicated)] };
}
