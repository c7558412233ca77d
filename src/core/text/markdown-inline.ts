/**
 * Contributor text inside Markdown that GitHub renders, bounded so one long value cannot crowd out
 * the rest of a comment: escaped text, or a code span when the value is a plain path, id or URL
 * that a code span shows exactly (and a backtick could not end early).
 */
import { escapeMarkdown } from './markdown-escape.ts';

/** Longest text kept from one value; past it the reader opens the file. */
export const MAX_INLINE_TEXT = 300;

const PLAIN = /^[A-Za-z0-9._/@+:=?&%#~-]{1,300}$/;

export function inlineText(value: string): string {
  const clipped = value.length > MAX_INLINE_TEXT ? `${value.slice(0, MAX_INLINE_TEXT)}…` : value;
  return escapeMarkdown(clipped);
}

export function inlineCode(value: string): string {
  return PLAIN.test(value) ? `\`${value}\`` : inlineText(value);
}
