/** The document head's words: the title bar text and the canonical address of a page. */

const SITE_TITLE = 'afscore: quality scores for MCP servers and agent skills';

/** "DBHub: af score 97.5 (A) · afscore"; the home page gets the site's own title. */
export function documentTitle(title: string): string {
  return title === 'afscore' ? SITE_TITLE : `${title} · afscore`;
}

/** Query parameters that name a different page rather than a view of the same one. */
const CANONICAL_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/compare': ['ids'],
  '/packages': ['category', 'kind'],
};

/** The path and the parameters that make it a page of its own; paging, sorting and searches fold into it. */
export function canonicalPath(url: URL): string {
  const keep = CANONICAL_PARAMETERS[url.pathname] ?? [];
  const params = new URLSearchParams();
  for (const name of keep) {
    const value = url.searchParams.get(name);
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query === '' ? url.pathname : `${url.pathname}?${query}`;
}
