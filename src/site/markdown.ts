/**
 * Markdown from packages and from the evaluation guide, rendered to HTML that cannot carry markup of
 * its author's: raw HTML is shown as text, links keep only web, mail and same-site targets, and
 * images become links (the site loads no third-party images).
 */
import { Marked, Renderer, type Tokens } from 'marked';
import { escapeHtml, slugify } from './text.ts';

export interface MarkdownOptions {
  /** Added to every heading level, so a package's `#` sits below the page's own headings. */
  headingOffset?: number;
  /** Give headings ids (for a table of contents). */
  headingIds?: boolean;
}

const SAFE_URL = /^(?:https?:\/\/|mailto:|#|\/(?!\/))/i;

export function isSafeUrl(url: string): boolean {
  return SAFE_URL.test(url.trim());
}

function headingText(tokens: Tokens.Heading['tokens']): string {
  return tokens.map((token) => ('text' in token ? token.text : token.raw)).join('');
}

function markedFor(options: MarkdownOptions): Marked {
  const offset = options.headingOffset ?? 0;
  // Tables are named after the heading they sit under, for the label of their scroll region.
  let section = '';
  let tablesInSection = 0;
  return new Marked({
    gfm: true,
    renderer: {
      html({ text, block }: Tokens.HTML | Tokens.Tag) {
        const shown = escapeHtml(text);
        return block ? `<p>${shown}</p>\n` : shown;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        if (!isSafeUrl(href)) return text;
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(href.trim())}"${titled} rel="nofollow noopener">${text}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        const label = `image: ${escapeHtml(text || href)}`;
        return isSafeUrl(href)
          ? `<a href="${escapeHtml(href.trim())}" rel="nofollow noopener">${label}</a>`
          : label;
      },
      // Code blocks scroll sideways; a tab stop lets keyboard users scroll them too.
      code({ text, lang }: Tokens.Code) {
        const language = lang ? ` class="language-${escapeHtml(lang.split(/\s/)[0]!)}"` : '';
        return `<pre tabindex="0"><code${language}>${escapeHtml(text)}</code></pre>\n`;
      },
      // A table wider than a phone scrolls inside a region that keyboard users can reach and screen
      // readers can name, as the site's own tables do.
      table(token: Tokens.Table) {
        tablesInSection += 1;
        const name = section === '' ? 'Table' : `Table: ${section}`;
        const label = tablesInSection > 1 ? `${name} (${tablesInSection})` : name;
        // Five columns or more scroll on a phone anyway, so their prose column may keep its width.
        const table = Renderer.prototype.table
          .call(this, token)
          .replace(/^<table>/, token.header.length >= 5 ? '<table class="wide">' : '<table>');
        return `<div class="table-scroll" role="region" aria-label="${escapeHtml(label)}" tabindex="0">\n${table}</div>\n`;
      },
      // A cell of one short word (a check id such as SEC-05, a status such as not_applicable) must
      // not break inside it: the browser would split it at its hyphen or anywhere in narrow columns.
      // A cell of long prose asks for a readable width, or the short columns beside it take it all.
      tablecell(token: Tokens.TableCell) {
        const cell = Renderer.prototype.tablecell.call(this, token);
        const text = token.text.trim();
        const kind =
          text !== '' && text.length <= 32 && !/\s/.test(text)
            ? 'unbroken'
            : text.length > 120
              ? 'long-text'
              : null;
        return kind === null ? cell : cell.replace(/^<(td|th)/, `<$1 class="${kind}"`);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        section = headingText(tokens);
        tablesInSection = 0;
        const level = Math.min(6, depth + offset);
        const id = options.headingIds ? ` id="${slugify(headingText(tokens))}"` : '';
        return `<h${level}${id}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
    },
  });
}

export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  return markedFor(options).parse(source, { async: false });
}

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

/** Headings down to `maxDepth`, with the ids `renderMarkdown` gives them. */
export function markdownHeadings(source: string, maxDepth: number): Heading[] {
  return new Marked()
    .lexer(source)
    .filter((token): token is Tokens.Heading => token.type === 'heading' && token.depth <= maxDepth)
    .map((token) => {
      const text = headingText(token.tokens);
      return { depth: token.depth, text, id: slugify(text) };
    });
}
