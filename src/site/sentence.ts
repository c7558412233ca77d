/** Ends a piece of text with a full stop unless it already ends a sentence. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…:)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
