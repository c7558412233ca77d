/**
 * Categories for imported packages, by rule, as data: each rule lists words that point to a
 * category; the category whose words appear most often in a package's name, keywords and
 * description wins (ties go to the earlier rule). An import marks the result for a maintainer's
 * review (`needs_review: [category]`), since words are only a hint.
 */
export interface CategoryRule {
  category: string;
  words: readonly string[];
}

export const CATEGORY_RULES: readonly CategoryRule[] = [
  {
    category: 'databases',
    words: [
      'database',
      'sql',
      'postgres',
      'postgresql',
      'mysql',
      'sqlite',
      'mongodb',
      'redis',
      'clickhouse',
      'warehouse',
      'bigquery',
      'snowflake',
      'supabase',
      'qdrant',
      'chroma',
      'vector',
      'elasticsearch',
      'query',
    ],
  },
  {
    category: 'browser-automation',
    words: [
      'browser',
      'playwright',
      'puppeteer',
      'selenium',
      'chrome',
      'headless',
      'scrape',
      'scraping',
      'crawl',
      'crawler',
    ],
  },
  {
    category: 'web-search',
    words: ['search', 'web', 'serp', 'brave', 'tavily', 'exa', 'perplexity', 'fetch', 'news'],
  },
  {
    category: 'file-systems',
    words: ['filesystem', 'file', 'files', 'directory', 'folder', 'drive', 'storage'],
  },
  {
    category: 'cloud-infrastructure',
    words: [
      'aws',
      'azure',
      'gcp',
      'cloud',
      'kubernetes',
      'k8s',
      'docker',
      'terraform',
      'heroku',
      'cloudflare',
      'serverless',
      'infrastructure',
    ],
  },
  {
    category: 'observability',
    words: [
      'logs',
      'logging',
      'metrics',
      'tracing',
      'traces',
      'sentry',
      'grafana',
      'monitoring',
      'observability',
      'incident',
    ],
  },
  {
    category: 'payments-commerce',
    words: [
      'payment',
      'payments',
      'stripe',
      'shop',
      'shopify',
      'commerce',
      'ecommerce',
      'invoice',
      'checkout',
      'billing',
    ],
  },
  {
    category: 'documents',
    words: [
      'pdf',
      'docx',
      'word',
      'excel',
      'xlsx',
      'pptx',
      'powerpoint',
      'document',
      'documents',
      'spreadsheet',
      'spreadsheets',
      'sheets',
    ],
  },
  {
    category: 'design-creative',
    words: [
      'design',
      'figma',
      'image',
      'images',
      'art',
      'canvas',
      'video',
      'audio',
      'music',
      'drawing',
      'diagram',
    ],
  },
  {
    category: 'knowledge-memory',
    words: ['memory', 'knowledge', 'notes', 'wiki', 'documentation', 'rag', 'context', 'embeddings'],
  },
  {
    category: 'reasoning',
    words: ['thinking', 'reasoning', 'planning', 'brainstorm', 'brainstorming', 'plan'],
  },
  {
    category: 'productivity',
    words: [
      'calendar',
      'email',
      'mail',
      'slack',
      'notion',
      'todo',
      'tasks',
      'jira',
      'linear',
      'weather',
      'time',
      'meeting',
    ],
  },
  {
    category: 'developer-tools',
    words: [
      'git',
      'github',
      'gitlab',
      'code',
      'coding',
      'developer',
      'api',
      'testing',
      'debug',
      'debugging',
      'npm',
      'ci',
      'lint',
    ],
  },
];

/** Where a package goes when no word matches: the broadest category. */
export const FALLBACK_CATEGORY = 'developer-tools';

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** The category the rules give, among those that exist in the repository. */
export function assignCategory(
  text: { name: string; description: string | null; keywords?: readonly string[] },
  categories: ReadonlySet<string>,
  rules: readonly CategoryRule[] = CATEGORY_RULES,
): { category: string; rule: string | null } {
  const found = words([text.name, text.description ?? '', ...(text.keywords ?? [])].join(' '));
  let best: { category: string; score: number } | null = null;
  for (const rule of rules) {
    if (!categories.has(rule.category)) continue;
    const score = found.filter((word) => rule.words.includes(word)).length;
    if (score > 0 && (best === null || score > best.score)) best = { category: rule.category, score };
  }
  if (best) return { category: best.category, rule: best.category };
  const fallback = categories.has(FALLBACK_CATEGORY) ? FALLBACK_CATEGORY : [...categories].sort()[0]!;
  return { category: fallback, rule: null };
}
