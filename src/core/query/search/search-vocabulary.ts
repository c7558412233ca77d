/**
 * The search's tunables, as data: which fields count for how much, words that say nothing, and
 * synonyms. Add a synonym group here when people search for a thing by a name the packages do
 * not use ("k8s" for Kubernetes); a test over the bundled catalogue keeps the common searches
 * finding what they should.
 */

/** Where a word matched, best first. A package's rank is the sum over the query's words. */
export const SEARCH_FIELDS = [
  'name',
  'registry',
  'category',
  'keywords',
  'kind',
  'description',
  'tools',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Rank points of a match in each field; lower ranks first. The name and id count the same. */
export const FIELD_RANK: Readonly<Record<SearchField, number>> = {
  name: 1,
  registry: 2,
  category: 3,
  keywords: 4,
  kind: 5,
  description: 6,
  tools: 7,
};

/** The rank of a package whose name, id or registry name is the whole query. */
export const EXACT_RANK = 0;

/** A word inside a name or id ("sql" in "mysql-server"), when no word of the name begins with it. */
export const INFIX_RANK = 3;

/**
 * A word of a longer query that matches more than this share of the catalogue ("mcp", "server")
 * only filters: it adds nothing to the rank, so "postgres mcp" ranks by where "postgres" matched.
 */
export const COMMON_WORD_SHARE = 0.3;

/**
 * Query words shorter than this are matched whole, not as the start of a longer word. At 1 every
 * word is a prefix, as people type: "Filler 1" finds Filler 1 first, then Filler 10 to 19.
 */
export const MIN_PREFIX_LENGTH = 1;

/** Shorter query words are not looked for inside names and ids. */
export const MIN_INFIX_LENGTH = 3;

/** The words a package's kind is found by: "postgres mcp" finds PostgreSQL MCP servers. */
export const KIND_WORDS = {
  'mcp-server': 'MCP server',
  skill: 'agent skill',
} as const;

/** Words that carry no meaning in a search ("a server for postgres"); dropped unless the query is only these. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'by',
  'for',
  'from',
  'in',
  'into',
  'of',
  'on',
  'or',
  'that',
  'the',
  'to',
  'with',
]);

/**
 * Groups of names for the same thing. A query word (or two-word phrase) that is one of a group
 * matches any of them; a member of several words must match all of its words.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['postgres', 'postgresql', 'pg', 'pgsql'],
  ['kubernetes', 'k8s', 'kube'],
  ['database', 'db', 'databases'],
  ['mongodb', 'mongo'],
  ['elasticsearch', 'elastic'],
  ['github', 'gh'],
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['filesystem', 'file system', 'fs'],
  ['mcp', 'model context protocol', 'modelcontextprotocol'],
  ['llm', 'language model'],
  ['aws', 'amazon web services'],
  ['gcp', 'google cloud'],
  ['docs', 'documentation'],
  ['spreadsheet', 'excel', 'xlsx'],
  ['word document', 'docx'],
  ['presentation', 'powerpoint', 'pptx', 'slides'],
  ['scrape', 'scraping', 'scraper', 'crawl', 'crawler'],
  ['observability', 'monitoring'],
  ['vector database', 'vector db', 'vector store', 'vector search'],
  ['headless browser', 'browser automation'],
  ['payments', 'payment'],
  ['ecommerce', 'e commerce', 'commerce'],
  ['kv', 'key value'],
];
