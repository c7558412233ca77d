/**
 * How search reads text: case- and accent-insensitive words, with a light plural stem, so that
 * "Databases", "database" and "DATABASE" meet, and "Zürich" matches "zurich".
 */

/** Lower case without accents: NFKD splits "é" into "e" and a combining mark, which is dropped. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replaceAll('ß', 'ss');
}

/** The words of a text: runs of letters and digits after folding. `@bytebase/dbhub` → bytebase, dbhub. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * A light plural stem, applied alike to indexed words and query words: "databases" → "database",
 * "libraries" → "library", "postgres" → "postgre" (which still begins "postgresql"). Words that
 * end in a double s or in -us/-is keep their s ("access", "status", "analysis").
 */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The stems of a text, in order. */
export function stems(text: string): string[] {
  return words(text).map(stem);
}
