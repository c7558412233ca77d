/**
 * Markdown from packages and from the evaluation guide, rendered to HTML that cannot carry markup of
 * its author's: raw HTML is shown as text, links keep only web, mail and same-site targets, and
 * images become links (the site loads no third-party images).
 */
import { Marked, type Tokens } from 'marked';
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
      heading({ tokens, depth }: Tokens.Heading) {
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
