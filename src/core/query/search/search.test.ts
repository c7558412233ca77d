import { describe, expect, it } from 'vitest';
import { fold, stem, words } from './fold.ts';
import { categoryHints, parseSearch, searchPackages } from './search.ts';
import { buildSearchIndex, type SearchSource } from './search-index.ts';

function source(overrides: Partial<SearchSource> & Pick<SearchSource, 'id' | 'name'>): SearchSource {
  return {
    kind: 'mcp-server',
    category: 'developer-tools',
    description: 'A server.',
    distribution: {},
    keywords: [],
    tools: [],
    ...overrides,
  };
}

// Shaped like catalogue entries: names, registry names and descriptions as their authors write them.
const SOURCES: SearchSource[] = [
  source({
    id: 'dbhub',
    name: 'DBHub',
    category: 'databases',
    description:
      'Database gateway that connects agents to PostgreSQL, MySQL, MariaDB, SQL Server and SQLite.',
    distribution: { npm: '@bytebase/dbhub' },
    tools: ['execute_sql', 'search_objects'],
  }),
  source({
    id: 'server-postgres',
    name: 'PostgreSQL (reference server)',
    category: 'databases',
    description: 'Read-only access to a PostgreSQL database: schema inspection and queries.',
    distribution: { npm: '@modelcontextprotocol/server-postgres' },
  }),
  source({
    id: 'mcp-server-kubernetes',
    name: 'Kubernetes MCP Server',
    category: 'cloud-infrastructure',
    description: 'Manage pods, deployments and services of a cluster with kubectl and helm.',
    distribution: { npm: 'mcp-server-kubernetes' },
  }),
  source({
    id: 'brave-search-mcp-server',
    name: 'Brave Search',
    category: 'web-search',
    description: 'Web, news and image search through the Brave Search API.',
    distribution: { npm: '@brave/brave-search-mcp-server' },
  }),
  source({
    id: 'server-filesystem',
    name: 'Filesystem (reference server)',
    category: 'file-systems',
    description: 'Reads, writes and searches files in the directories it is given.',
    distribution: { npm: '@modelcontextprotocol/server-filesystem' },
  }),
  source({
    id: 'anthropic-skill-pdf',
    name: 'PDF (Anthropic skill)',
    kind: 'skill',
    category: 'documents',
    description: 'Extracts text and tables from PDFs, fills forms, merges and splits documents.',
    keywords: ['acrobat'],
  }),
  source({
    id: 'cafe-notes',
    name: 'Café Notes',
    category: 'productivity',
    description: 'Keeps notes for a café in Zürich.',
  }),
];

const CATEGORIES = [
  { slug: 'databases', name: 'Databases', package_count: 2 },
  { slug: 'web-search', name: 'Web search and scraping', package_count: 1 },
  { slug: 'file-systems', name: 'Files and storage', package_count: 1 },
  { slug: 'cloud-infrastructure', name: 'Cloud and infrastructure', package_count: 1 },
  { slug: 'documents', name: 'Documents', package_count: 1 },
  { slug: 'developer-tools', name: 'Developer tools', package_count: 0 },
  { slug: 'productivity', name: 'Productivity', package_count: 1 },
];

const index = buildSearchIndex(SOURCES, CATEGORIES);

/** Ids found, best first (ties in catalogue order, as list queries break them). */
function search(q: string): string[] {
  const found = searchPackages(index, q);
  return SOURCES.map((entry) => entry.id)
    .filter((id) => found.has(id))
    .sort((a, b) => found.get(a)! - found.get(b)!);
}

describe('reading text', () => {
  it('folds case and accents, and splits on anything but letters and digits', () => {
    expect(fold('Zürich CAFÉ Straße')).toBe('zurich cafe strasse');
    expect(words('@bytebase/dbhub')).toEqual(['bytebase', 'dbhub']);
    expect(words('execute_sql')).toEqual(['execute', 'sql']);
  });

  it('stems plurals lightly, and alike on both sides', () => {
    expect(stem('databases')).toBe('database');
    expect(stem('libraries')).toBe('library');
    expect(stem('access')).toBe('access');
    expect(stem('status')).toBe('status');
    expect('postgresql'.startsWith(stem('postgres'))).toBe(true);
  });
});

describe('full-text search', () => {
  it('finds a category’s packages by the category’s name, singular or plural', () => {
    expect(search('database')).toEqual(['dbhub', 'server-postgres']);
    expect(search('Databases')).toEqual(['dbhub', 'server-postgres']);
  });

  it('finds a database server by an engine its description names', () => {
    expect(search('mysql')).toEqual(['dbhub']);
    expect(search('postgres')).toEqual(['server-postgres', 'dbhub']);
  });

  it('needs every word to match somewhere, and ranks by where they matched', () => {
    expect(search('postgres mcp')).toEqual(['server-postgres', 'dbhub']);
    expect(search('postgres files')).toEqual([]);
    expect(search('brave web search')).toEqual(['brave-search-mcp-server']);
  });

  it('finds packages through synonyms, kept as data', () => {
    expect(search('k8s')).toEqual(['mcp-server-kubernetes']);
    expect(search('pg')).toEqual(['server-postgres', 'dbhub']);
    expect(search('file system')).toEqual(['server-filesystem']);
  });

  it('finds a package by its registry name, exact matches first', () => {
    expect(search('@bytebase/dbhub')).toEqual(['dbhub']);
    expect(searchPackages(index, 'dbhub').get('dbhub')).toBe(0);
    expect(search('@modelcontextprotocol/server-postgres')[0]).toBe('server-postgres');
  });

  it('reads keywords, tool names and words inside names', () => {
    expect(search('acrobat')).toEqual(['anthropic-skill-pdf']);
    expect(search('execute sql')).toEqual(['dbhub']);
    expect(search('hub')).toEqual(['dbhub']);
  });

  it('is case- and accent-insensitive', () => {
    expect(search('ZURICH')).toEqual(['cafe-notes']);
    expect(search('café')).toEqual(['cafe-notes']);
  });

  it('drops words that say nothing, unless they are all there is', () => {
    expect(search('a server for postgres')).toEqual(['server-postgres', 'dbhub']);
    expect(parseSearch('the').terms.map((term) => term.text)).toEqual(['the']);
  });

  it('finds skills by their kind', () => {
    expect(search('pdf skill')).toEqual(['anthropic-skill-pdf']);
  });

  it('finds nothing for words no package holds', () => {
    expect(search('zzzz-nothing')).toEqual([]);
  });
});

describe('category hints', () => {
  it('names the category a query names, with its package count', () => {
    expect(categoryHints(index, 'database')).toEqual([
      { slug: 'databases', name: 'Databases', package_count: 2 },
    ]);
    expect(categoryHints(index, 'web search')).toEqual([
      { slug: 'web-search', name: 'Web search and scraping', package_count: 1 },
    ]);
  });

  it('names none when a word is not the category’s', () => {
    expect(categoryHints(index, 'postgres database')).toEqual([]);
    expect(categoryHints(index, 'dbhub')).toEqual([]);
  });
});
