/**
 * Text from packages and contributors, made inert in Markdown that GitHub renders: HTML cannot
 * open, Markdown syntax cannot take effect, and a table cell stays one cell on one line.
 */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+!|~>-]/g;

export function escapeMarkdown(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(MARKDOWN_SPECIAL, (character) => `\\${character}`)
    .replace(/\r?\n/g, ' ')
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200b');
}
