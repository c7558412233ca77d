/**
 * The 404 page for a package, category or contributor that does not exist. Pages rewrite to /404,
 * which moves `Astro.url` to /404 (and `Astro.originPathname` gains a trailing slash), so the path
 * the reader asked for travels in `locals`, which a rewrite keeps.
 */

interface PageContext {
  url: URL;
  locals: object;
}

interface NotFoundLocals {
  requestedPath?: string;
}

/** Renders the 404 page in place of the current one. */
export function rewriteToNotFound(
  page: PageContext & { rewrite(path: string): Promise<Response> },
): Promise<Response> {
  (page.locals as NotFoundLocals).requestedPath = page.url.pathname;
  return page.rewrite('/404');
}

/** The path the reader asked for, decoded for reading. */
export function requestedPath(page: PageContext): string {
  const path = (page.locals as NotFoundLocals).requestedPath ?? page.url.pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
