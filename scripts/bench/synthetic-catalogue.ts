/**
 * A synthetic but realistic repository for benchmarks: ~20 categories, MCP servers and skills (about
 * 4 to 1), maintainers, version histories, and evaluations by a pool of a few hundred contributors
 * with varied outcomes (fails, partials, model-judged ratings, the occasional critical finding or
 * server that does not start, disclosed self-evaluations, older versions, embedded snapshots).
 * Everything follows from the seed: the same options write the same bytes. Every file it writes
 * passes `afscore validate`.
 *
 * Run directly to write one: node scripts/bench/synthetic-catalogue.ts DIR [--packages N]
 * [--per-package N] [--seed N] [--no-snapshots]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type CheckDefinition, checksFor } from '../../src/core/rubric/checks.ts';
import type { CheckResult, EvaluationDocument, PackageKind } from '../../src/core/types.ts';
import { buildEvaluation, uuidFor } from '../../test/support/evaluation-builder.ts';
import { type Random, seededRandom } from './seeded-random.ts';

/** The clock the synthetic data is written for: evaluations fall in the year before it. */
export const SYNTHETIC_AS_OF = '2026-11-01T00:00:00Z';

export interface SyntheticOptions {
  packages: number;
  /** Average evaluations per package; the total is exactly packages × this. */
  evaluationsPerPackage: number;
  seed: number;
  /** Embed the tools list or skill file manifest in each evaluation, as real runs do (default true). */
  snapshots?: boolean;
}

export interface SyntheticSummary {
  categories: number;
  packages: number;
  evaluations: number;
  spotChecks: number;
  files: number;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** FNV-1a, to derive an independent stream per label: output does not depend on generation order. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function streamFor(seed: number, label: string): Random {
  return seededRandom(hashString(`${seed}:${label}`));
}

const between = (random: Random, min: number, max: number) => min + (max - min) * random();
const intBetween = (random: Random, min: number, max: number) => Math.floor(between(random, min, max + 1));
const chance = (random: Random, p: number) => random() < p;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function normal(random: Random): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function pickWeighted<T>(random: Random, items: readonly T[], cumulative: readonly number[]): T {
  const target = random() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! > target) high = middle;
    else low = middle + 1;
  }
  return items[low]!;
}

function cumulate(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((weight) => {
    sum += weight;
    return sum;
  });
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

// ---------------------------------------------------------------------------------------------
// Vocabulary

interface CategorySpec {
  slug: string;
  name: string;
  description: string;
  objects: readonly string[];
  services: readonly string[];
}

const CATEGORIES: readonly CategorySpec[] = [
  {
    slug: 'databases',
    name: 'Databases',
    description: 'Query, inspect and manage relational, document and key-value databases from an agent.',
    objects: ['schemas, tables and query plans', 'read-only SQL queries', 'collections and indexes'],
    services: ['postgres', 'mysql', 'sqlite', 'mongodb', 'redis', 'duckdb', 'clickhouse', 'supabase'],
  },
  {
    slug: 'developer-tools',
    name: 'Developer tools',
    description: 'Version control, code search, package registries and build tooling.',
    objects: ['repositories, branches and diffs', 'issues and pull requests', 'build logs and test runs'],
    services: ['git', 'github', 'gitlab', 'bitbucket', 'npm-registry', 'code-search', 'eslint'],
  },
  {
    slug: 'documents',
    name: 'Documents',
    description: 'Create, read and convert office documents, PDFs and other structured text.',
    objects: ['PDF pages and form fields', 'Word documents and tracked changes', 'spreadsheets and charts'],
    services: ['pdf', 'docx', 'xlsx', 'pptx', 'markdown', 'latex'],
  },
  {
    slug: 'cloud-infrastructure',
    name: 'Cloud infrastructure',
    description: 'Provision and inspect cloud resources, clusters and infrastructure as code.',
    objects: ['clusters, pods and deployments', 'buckets, instances and IAM roles', 'plans and state'],
    services: ['aws', 'gcp', 'azure', 'kubernetes', 'terraform', 'docker', 'cloudflare'],
  },
  {
    slug: 'communication',
    name: 'Communication',
    description: 'Read and send messages across chat, email and SMS services.',
    objects: ['channels, threads and messages', 'mailboxes and drafts', 'conversations and contacts'],
    services: ['slack', 'discord', 'teams', 'imap', 'twilio', 'telegram'],
  },
  {
    slug: 'project-management',
    name: 'Project management',
    description: 'Track issues, sprints and roadmaps in project management tools.',
    objects: ['issues, sprints and boards', 'projects, tasks and comments', 'roadmaps and milestones'],
    services: ['jira', 'linear', 'asana', 'trello', 'clickup', 'monday'],
  },
  {
    slug: 'browser-automation',
    name: 'Browser automation',
    description: 'Drive a real browser: navigate, click, fill forms, take screenshots and scrape pages.',
    objects: ['pages, forms and screenshots', 'accessibility snapshots', 'network requests and cookies'],
    services: ['playwright', 'puppeteer', 'selenium', 'chrome-devtools', 'web-scraper'],
  },
  {
    slug: 'search',
    name: 'Search',
    description: 'Web, academic and encyclopaedic search with citations.',
    objects: ['web results with snippets', 'papers and abstracts', 'articles and citations'],
    services: ['web-search', 'brave-search', 'exa', 'tavily', 'wikipedia', 'arxiv', 'pubmed'],
  },
  {
    slug: 'data-analytics',
    name: 'Data and analytics',
    description: 'Warehouses, notebooks and BI tools for analysing data.',
    objects: ['warehouse tables and saved queries', 'dashboards and metrics', 'models and lineage'],
    services: ['bigquery', 'snowflake', 'databricks', 'metabase', 'looker', 'dbt'],
  },
  {
    slug: 'observability',
    name: 'Observability',
    description: 'Logs, metrics, traces and incidents from monitoring services.',
    objects: ['errors and stack traces', 'metrics, logs and traces', 'alerts and incidents'],
    services: ['sentry', 'datadog', 'grafana', 'prometheus', 'opentelemetry', 'pagerduty'],
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Payments, invoices and accounting data.',
    objects: ['payments, refunds and disputes', 'invoices and ledgers', 'transactions and balances'],
    services: ['stripe', 'plaid', 'quickbooks', 'xero', 'paypal'],
  },
  {
    slug: 'e-commerce',
    name: 'E-commerce',
    description: 'Storefronts, orders, products and inventory.',
    objects: ['products, orders and inventory', 'customers and carts', 'listings and fulfilment'],
    services: ['shopify', 'woocommerce', 'bigcommerce', 'magento'],
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Design files, components, images and visual assets.',
    objects: ['frames, components and tokens', 'images and vector graphics', 'palettes and typography'],
    services: ['figma', 'canva', 'svg', 'imagemagick', 'excalidraw'],
  },
  {
    slug: 'file-systems',
    name: 'Files and storage',
    description: 'Local folders and cloud storage: read, write, search and share files.',
    objects: ['files and folders', 'objects and buckets', 'shared drives and permissions'],
    services: ['filesystem', 's3', 'google-drive', 'dropbox', 'onedrive', 'box'],
  },
  {
    slug: 'knowledge-management',
    name: 'Knowledge management',
    description: 'Notes, wikis and knowledge bases.',
    objects: ['pages, databases and blocks', 'notes, links and backlinks', 'spaces and articles'],
    services: ['notion', 'obsidian', 'confluence', 'logseq', 'outline'],
  },
  {
    slug: 'security',
    name: 'Security',
    description: 'Secrets, vulnerability scanning and static analysis.',
    objects: ['secrets and leases', 'vulnerabilities and advisories', 'findings and SBOMs'],
    services: ['vault', 'semgrep', 'trivy', 'snyk', 'osv', 'gitleaks'],
  },
  {
    slug: 'ai-ml',
    name: 'AI and machine learning',
    description: 'Models, embeddings, vector stores and ML platforms.',
    objects: ['models and datasets', 'embeddings and collections', 'experiments and runs'],
    services: ['huggingface', 'replicate', 'qdrant', 'pinecone', 'chroma', 'mlflow'],
  },
  {
    slug: 'media',
    name: 'Media',
    description: 'Video, audio, transcription and streaming services.',
    objects: ['videos, captions and playlists', 'audio files and transcripts', 'tracks and playlists'],
    services: ['youtube', 'spotify', 'ffmpeg', 'whisper', 'podcast-index'],
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Calendars, email, to-do lists and time tracking.',
    objects: ['events and availability', 'tasks and reminders', 'mail threads and labels'],
    services: ['google-calendar', 'gmail', 'todoist', 'toggl', 'outlook'],
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description: 'CRM, campaigns, ads and web analytics.',
    objects: ['contacts, deals and pipelines', 'campaigns and audiences', 'traffic and conversions'],
    services: ['hubspot', 'mailchimp', 'google-ads', 'plausible', 'salesforce'],
  },
];

const OWNERS = [
  'modelworks',
  'toolsmith',
  'openbridge',
  'datalane',
  'cloudnimbus',
  'bytehive',
  'quietlabs',
  'northwind',
  'contoso',
  'globex',
  'initech',
  'hooli',
  'lambda-forge',
  'agentkit',
  'mcp-community',
  'paperplane',
  'tidewater',
  'stackyard',
  'fernwood',
  'brightline',
  'kestrel-dev',
  'orbital',
  'lumen-io',
  'copperleaf',
  'sparrowhq',
  'ironbark',
  'bluefin',
  'oakridge-labs',
  'saltmarsh',
  'wayfinder',
  'redstart',
  'meridian',
  'pinecrest',
  'hollowtree',
  'zephyr-tools',
  'gridline',
  'larkspur',
  'stonefly',
  'emberline',
  'tessellate',
];

const SKILL_TASKS = [
  'query-tuning',
  'migrations',
  'code-review',
  'release-notes',
  'incident-triage',
  'report-writing',
  'test-writing',
  'onboarding',
  'cost-review',
  'style-guide',
  'handoff',
  'data-cleaning',
];

const TOOL_VERBS = [
  'list',
  'get',
  'search',
  'create',
  'update',
  'delete',
  'run',
  'describe',
  'export',
  'watch',
];
const TOOL_NOUNS = [
  'items',
  'records',
  'projects',
  'files',
  'messages',
  'users',
  'events',
  'reports',
  'queries',
  'logs',
  'tags',
  'comments',
];

const SECOND_SENTENCES = [
  'Runs locally over stdio; no data leaves the machine.',
  'Read-only by default; write tools are opt-in.',
  'Authenticates with a scoped API token from the environment.',
  'Uses OAuth device flow and keeps tokens in the OS keychain.',
  'Supports pagination, filtering and per-tool allowlists.',
  'Results are trimmed to fit comfortably in a context window.',
  'Works with self-hosted and cloud instances.',
  'Ships as a single binary and a container image.',
];

const REMOVAL_REASONS = [
  'The upstream repository was deleted.',
  'Superseded by the maintainers’ official server.',
  'The package was unpublished from its registry.',
  'Removed at the maintainer’s request.',
];

const LICENSES: readonly (string | null)[] = [
  'MIT',
  'MIT',
  'MIT',
  'MIT',
  'Apache-2.0',
  'Apache-2.0',
  'Apache-2.0',
  'BSD-3-Clause',
  'MPL-2.0',
  'GPL-3.0-only',
  'ISC',
  null,
];

const FIRST_NAMES = [
  'ada',
  'grace',
  'alan',
  'linus',
  'margaret',
  'ken',
  'barbara',
  'edsger',
  'frances',
  'donald',
  'radia',
  'guido',
  'hedy',
  'dennis',
  'katherine',
  'tim',
  'sophie',
  'yukihiro',
  'annie',
  'bjarne',
  'joan',
  'niklaus',
  'mary',
  'john',
  'lin',
  'wei',
  'priya',
  'arjun',
  'fatima',
  'omar',
  'ines',
  'mateo',
  'chiara',
  'luca',
  'noor',
  'kofi',
  'amara',
  'sven',
  'freya',
  'olga',
  'ivan',
  'mei',
  'hiro',
  'jin',
  'sara',
  'tomas',
  'elena',
  'diego',
  'zara',
  'felix',
];

const LAST_NAMES = [
  'lovelace',
  'hopper',
  'turing',
  'torvalds',
  'hamilton',
  'thompson',
  'liskov',
  'dijkstra',
  'allen',
  'knuth',
  'perlman',
  'rossum',
  'lamarr',
  'ritchie',
  'johnson',
  'berners',
  'wilson',
  'matsumoto',
  'easley',
  'stroustrup',
  'clarke',
  'wirth',
  'keller',
  'backus',
  'chen',
  'zhang',
  'sharma',
  'patel',
  'haddad',
  'mensah',
  'okafor',
  'larsen',
  'novak',
  'rossi',
  'garcia',
  'tanaka',
  'kim',
  'silva',
  'nowak',
  'berg',
];

const LOGIN_WORDS = ['dev', 'codes', 'evals', 'builds', 'hacks', 'ops', 'tests', 'io', 'labs', 'works'];

const MODELS = [
  { provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' },
  { provider: 'anthropic', model: 'claude-opus-4-1-20250805' },
  { provider: 'openai', model: 'gpt-5-2025-08-07' },
  { provider: 'google', model: 'gemini-2.5-pro-2025-06-17' },
];

const FAIL_MESSAGES = [
  'returned an error for a valid request',
  'timed out after 30000 ms',
  'schema lists a property the tool ignores',
  'no description for 2 of the parameters',
  'README does not say which environment variables are needed',
  'last release is more than a year old',
  'response exceeded the size budget',
  'error message leaks a stack trace',
];

// ---------------------------------------------------------------------------------------------
// Time

const DAY_MS = 86_400_000;
const AS_OF_MS = Date.parse(SYNTHETIC_AS_OF);
const WINDOW_START_MS = AS_OF_MS - 365 * DAY_MS;
const FIRST_ADDED_MS = Date.parse('2024-11-01T00:00:00Z');

const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStartMs = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

// ---------------------------------------------------------------------------------------------
// People

interface Contributor {
  login: string;
  sloppiness: number;
  llmShare: number;
  model: (typeof MODELS)[number];
  evaluator: { kind: 'cli' | 'agent'; name: string; version: string };
  configs: string[];
  os: string;
  arch: string;
}

function makeLogin(random: Random): string {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
  switch (intBetween(random, 0, 4)) {
    case 0:
      return `${first}-${last}`;
    case 1:
      return `${first}${last[0]}${intBetween(random, 1, 99)}`;
    case 2:
      return `${first}-${pick(random, LOGIN_WORDS)}`;
    case 3:
      return `${capital(first)}${capital(last)}`;
    default:
      return `${first[0]}${last}`;
  }
}

/** Unique logins (GitHub compares them case-insensitively). */
function makeLogins(random: Random, count: number, taken: Set<string>): string[] {
  const logins: string[] = [];
  while (logins.length < count) {
    let login = makeLogin(random);
    if (taken.has(login.toLowerCase())) login = `${login}${intBetween(random, 2, 999)}`;
    if (taken.has(login.toLowerCase())) continue;
    taken.add(login.toLowerCase());
    logins.push(login);
  }
  return logins;
}

function makeContributors(seed: number, count: number, taken: Set<string>): Contributor[] {
  const random = streamFor(seed, 'contributors');
  return makeLogins(random, count, taken).map((login) => {
    const agent = chance(random, 0.15);
    return {
      login,
      sloppiness: clamp(Math.abs(normal(random)) * 0.05, 0, 0.3),
      llmShare: pick(random, [0, 0.3, 0.8, 1, 1]),
      model: pick(random, MODELS),
      evaluator: agent
        ? { kind: 'agent', name: 'afscore-guide', version: pick(random, ['2.0', '2.0.1']) }
        : { kind: 'cli', name: 'afscore-cli', version: pick(random, ['0.1.0', '0.2.0', '0.2.1', '0.3.0']) },
      configs: [sha(`config:${login}:a`), sha(`config:${login}:b`)],
      os: pick(random, ['linux', 'linux', 'darwin', 'darwin', 'win32']),
      arch: pick(random, ['x64', 'x64', 'arm64']),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Packages

interface Version {
  label: string;
  releasedMs: number;
}

interface SyntheticPackage {
  id: string;
  name: string;
  kind: PackageKind;
  category: CategorySpec;
  service: string;
  owner: string;
  description: string;
  version?: string;
  license: string | null;
  maintainers: string[];
  addedMs: number;
  removed?: { date: string; reason: string };
  /** Newest last; the last is the latest. */
  versions: Version[];
  quality: number;
  selfEvaluates: boolean;
  file: string;
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((part) => (part.length <= 3 ? part.toUpperCase() : part[0]!.toUpperCase() + part.slice(1)))
    .join(' ');

function packageId(
  random: Random,
  kind: PackageKind,
  owner: string,
  service: string,
  used: Set<string>,
): string {
  const task = pick(random, SKILL_TASKS);
  const base =
    kind === 'skill'
      ? pick(random, [`${service}-${task}`, `${owner}-${service}-${task}`, `${service}-skill`])
      : pick(random, [
          `${service}-mcp`,
          `mcp-${service}`,
          `${owner}-${service}-mcp`,
          `${service}-mcp-server`,
          `${owner}-${service}`,
        ]);
  let id = base;
  for (let suffix = 2; used.has(id); suffix++) id = `${base}-${suffix}`;
  used.add(id);
  return id;
}

function describe(random: Random, kind: PackageKind, category: CategorySpec, service: string): string {
  const title = titleCase(service);
  const first =
    kind === 'skill'
      ? `Teaches an agent ${pick(random, ['a careful workflow for', 'conventions for', 'step-by-step'])} ${pick(random, category.objects)} in ${title}, with checklists and worked examples.`
      : `${pick(random, ['Query and manage', 'Search and inspect', 'Read and write', 'Browse and update', 'Automate'])} ${title} ${pick(random, category.objects)} from an agent.`;
  const sentences = [first];
  const extra = intBetween(random, 0, 2);
  for (let index = 0; index < extra; index++) sentences.push(pick(random, SECOND_SENTENCES));
  let text = [...new Set(sentences)].join(' ');
  while (text.length > 280) text = text.slice(0, text.lastIndexOf('. ') + 1);
  return text;
}

function toolNames(random: Random, service: string, count: number): string[] {
  const names = new Set<string>();
  const prefix = service.replaceAll('-', '_');
  while (names.size < count) {
    const name = `${pick(random, TOOL_VERBS)}_${pick(random, TOOL_NOUNS)}`;
    names.add(names.size % 3 === 0 ? `${prefix}_${name}` : name);
    if (names.size < count && chance(random, 0.05)) names.add(`${prefix}_${name}_${names.size}`);
  }
  return [...names];
}

function packageBody(
  random: Random,
  name: string,
  kind: PackageKind,
  service: string,
  description: string,
): string {
  const title = titleCase(service);
  const paragraphs = [
    `${name} ${kind === 'skill' ? 'is an agent skill for' : 'is a Model Context Protocol server for'} ${title}. ${description}`,
    `It was built for teams who ${pick(random, ['want an agent to answer questions about', 'automate routine work in', 'need a safe, audited way into'])} ${title}, and it ${pick(random, ['keeps every call scoped to the permissions you grant', 'logs every action it takes', 'favours small, predictable responses'])}.`,
  ];
  if (kind === 'mcp-server') {
    const tools = toolNames(random, service, intBetween(random, 3, 8));
    paragraphs.push(
      '## Tools',
      tools
        .map((tool) => `- \`${tool}\`: ${pick(random, SECOND_SENTENCES).replace(/\.$/, '').toLowerCase()}.`)
        .join('\n'),
      '## Configuration',
      `Set \`${service.toUpperCase().replaceAll('-', '_')}_TOKEN\` in the environment, then add the server to your client's configuration.`,
    );
  } else {
    paragraphs.push(
      '## When to use it',
      `Load the skill when the task involves ${title}. It covers ${pick(random, SKILL_TASKS).replaceAll('-', ' ')} and ${pick(random, SKILL_TASKS).replaceAll('-', ' ')}.`,
    );
  }
  if (chance(random, 0.4)) paragraphs.push('## Limitations', pick(random, SECOND_SENTENCES));
  return paragraphs.join('\n\n');
}

function semverHistory(random: Random): string[] {
  let major = pick(random, [0, 0, 1, 1, 1, 2, 3]);
  let minor = intBetween(random, 0, 12);
  let patch = intBetween(random, 0, 9);
  const versions = [`${major}.${minor}.${patch}`];
  const older = intBetween(random, 0, 3);
  for (let index = 0; index < older; index++) {
    if (patch > 0) patch -= intBetween(random, 1, patch);
    else if (minor > 0) {
      minor -= 1;
      patch = intBetween(random, 0, 5);
    } else if (major > 0) {
      major -= 1;
      minor = intBetween(random, 3, 9);
    } else break;
    versions.unshift(`${major}.${minor}.${patch}`);
  }
  return versions;
}

function versionTimeline(
  random: Random,
  labels: readonly string[],
  addedMs: number,
  endMs: number,
): Version[] {
  // The first listed version was out when the package was added; later ones came out since.
  const releases = labels.map((_, index) => (index === 0 ? addedMs : between(random, addedMs, endMs)));
  releases.sort((a, b) => a - b);
  return labels.map((label, index) => ({ label, releasedMs: releases[index]! }));
}

function yaml(value: string): string {
  return JSON.stringify(value);
}

function packageFile(pkg: SyntheticPackage, body: string, homepage: string | null): string {
  const distribution =
    pkg.kind === 'skill'
      ? [`  skill: skills/${pkg.id}`]
      : [
          ...(pkg.owner.length % 5 === 0 ? [`  pypi: ${pkg.id}`] : [`  npm: "@${pkg.owner}/${pkg.id}"`]),
          ...(pkg.owner.length % 3 === 0 ? [`  oci: ghcr.io/${pkg.owner}/${pkg.id}`] : []),
          ...(pkg.service.length % 4 === 0
            ? [`  remote: https://mcp.${pkg.owner}.example/${pkg.service}`]
            : []),
        ];
  return [
    '---',
    `id: ${pkg.id}`,
    `name: ${yaml(pkg.name)}`,
    `kind: ${pkg.kind}`,
    `category: ${pkg.category.slug}`,
    `description: ${yaml(pkg.description)}`,
    `repository: https://github.com/${pkg.owner}/${pkg.kind === 'skill' ? 'skills' : pkg.id}`,
    ...(homepage ? [`homepage: ${homepage}`] : []),
    'distribution:',
    ...distribution,
    ...(pkg.version ? [`version: ${yaml(pkg.version)}`] : []),
    `license: ${pkg.license === null ? 'null' : pkg.license}`,
    `maintainers: [${pkg.maintainers.join(', ')}]`,
    `added: ${dateOnly(pkg.addedMs)}`,
    ...(pkg.removed
      ? ['removed:', `  date: ${pkg.removed.date}`, `  reason: ${yaml(pkg.removed.reason)}`]
      : []),
    '---',
    body,
    '',
  ].join('\n');
}

function makePackage(
  seed: number,
  index: number,
  used: Set<string>,
  maintainerPool: readonly string[],
): { pkg: SyntheticPackage; homepage: string | null; body: string } {
  const random = streamFor(seed, `package/${index}`);
  const kind: PackageKind = chance(random, 0.2) ? 'skill' : 'mcp-server';
  const category = pick(random, CATEGORIES);
  const service = pick(random, category.services);
  const owner = pick(random, OWNERS);
  const id = packageId(random, kind, owner, service, used);
  const name =
    kind === 'skill'
      ? `${titleCase(service)} ${titleCase(id.split('-').slice(-2).join('-'))}`
      : pick(random, [`${titleCase(service)} MCP`, `${titleCase(owner)} ${titleCase(service)}`]);
  const description = describe(random, kind, category, service);
  // Most packages predate the evaluation window; a steady trickle arrive during it.
  const addedMs = dayStartMs(
    chance(random, 0.6)
      ? between(random, FIRST_ADDED_MS, WINDOW_START_MS)
      : between(random, WINDOW_START_MS, AS_OF_MS - 20 * DAY_MS),
  );
  const removedMs =
    chance(random, 0.015) && addedMs + 31 * DAY_MS < AS_OF_MS
      ? dayStartMs(between(random, Math.max(addedMs + 30 * DAY_MS, WINDOW_START_MS), AS_OF_MS - DAY_MS))
      : null;
  const versioned = kind === 'mcp-server' || chance(random, 0.5);
  const labels = versioned
    ? semverHistory(random)
    : Array.from({ length: intBetween(random, 1, 4) }, (_, n) => sha(`${id}/commit/${n}`).slice(0, 7));
  const endMs = removedMs ?? AS_OF_MS;
  const maintainerCount = pick(random, [0, 1, 1, 1, 1, 1, 2, 2, 2, 3]);
  const maintainers = new Set<string>();
  while (maintainers.size < maintainerCount) maintainers.add(pick(random, maintainerPool));
  const pkg: SyntheticPackage = {
    id,
    name: name.slice(0, 100),
    kind,
    category,
    service,
    owner,
    description,
    ...(versioned ? { version: labels[labels.length - 1]! } : {}),
    license: pick(random, LICENSES),
    maintainers: [...maintainers],
    addedMs,
    ...(removedMs !== null
      ? { removed: { date: dateOnly(removedMs), reason: pick(random, REMOVAL_REASONS) } }
      : {}),
    versions: versionTimeline(random, labels, addedMs, endMs),
    quality: clamp(0.86 + 0.09 * normal(random), 0.35, 0.995),
    selfEvaluates: maintainers.size > 0 && chance(random, 0.12),
    file: `data/packages/${id}.md`,
  };
  const homepage = chance(random, 0.3) ? `https://${owner}.example/${service}` : null;
  return { pkg, homepage, body: packageBody(random, pkg.name, kind, service, description) };
}

// ---------------------------------------------------------------------------------------------
// Evaluations

/** Splits `total` evaluations over packages: skewed popularity, a few never evaluated, sum exact. */
function allocate(random: Random, packages: number, total: number): number[] {
  if (packages === 0) return [];
  let weights = Array.from({ length: packages }, () =>
    chance(random, 0.06) ? 0 : Math.exp(0.9 * normal(random)),
  );
  if (weights.every((weight) => weight === 0)) weights = weights.map(() => 1);
  const eligible = weights.filter((weight) => weight > 0).length;
  const cap = Math.max(60, Math.ceil((4 * total) / packages), Math.ceil(total / eligible));
  const shares = weights.map(() => 0);
  let remaining = total;
  let open = weights.map((weight) => weight > 0);
  // Proportional shares, clamped at the cap, with what the cap cuts off spread over the rest.
  for (let round = 0; round < 50 && remaining > 1e-9; round++) {
    const sum = weights.reduce((acc, weight, index) => acc + (open[index] ? weight : 0), 0);
    if (sum === 0) break;
    let spilled = 0;
    weights.forEach((weight, index) => {
      if (!open[index]) return;
      const next = shares[index]! + (remaining * weight) / sum;
      shares[index] = Math.min(cap, next);
      spilled += next - shares[index]!;
    });
    open = open.map((isOpen, index) => isOpen && shares[index]! < cap);
    remaining = spilled;
  }
  const counts = shares.map(Math.floor);
  let missing = total - counts.reduce((acc, count) => acc + count, 0);
  const byFraction = shares
    .map((share, index) => ({ index, fraction: share - Math.floor(share) }))
    .filter((entry) => weights[entry.index]! > 0 && counts[entry.index]! < cap)
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let n = 0; missing > 0 && byFraction.length > 0; n++, missing--) {
    counts[byFraction[n % byFraction.length]!.index]! += 1;
  }
  return counts;
}

type Outcome = Partial<CheckResult> & Pick<CheckResult, 'status'>;

interface Artifact {
  /** Outcomes of checks computed from the snapshot: the same for every run of this artifact. */
  snapshot: Map<string, Outcome>;
  /** What a careful run of the other deterministic checks finds; runs differ from it now and then. */
  runtime: Map<string, Outcome>;
  inputs: Record<string, unknown>;
  metrics: Record<string, number>;
  toolsListSha: string | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function gradedOutcome(random: Random, quality: number): Outcome {
  const u = random();
  if (u < quality) return { status: 'pass' };
  const rest = (u - quality) / (1 - quality);
  if (rest < 0.45) return { status: 'partial', value: round2(between(random, 0.1, 0.9)) };
  if (rest < 0.9) return { status: 'fail', message: pick(random, FAIL_MESSAGES) };
  return { status: 'not_applicable' };
}

function makeArtifact(seed: number, pkg: SyntheticPackage, version: string, withSnapshot: boolean): Artifact {
  const random = streamFor(seed, `artifact/${pkg.id}@${version}`);
  const quality = clamp(pkg.quality + 0.03 * normal(random), 0.3, 0.999);
  const snapshot = new Map<string, Outcome>();
  let inputs: Record<string, unknown> = {};
  let metrics: Record<string, number>;
  let toolsListSha: string | null = null;
  if (pkg.kind === 'mcp-server') {
    const tools = toolNames(
      random,
      pkg.service,
      clamp(Math.round(Math.exp(1.8 + 0.6 * normal(random))), 1, 40),
    ).map((name) => {
      const parameters = toolNames(random, 'x', intBetween(random, 1, 5)).map(
        (parameter) => parameter.replace(/^x_/, '').split('_').pop()!,
      );
      return {
        name,
        description: `${titleCase(name.replaceAll('_', '-'))}. ${pick(random, SECOND_SENTENCES)} ${pick(random, pkg.category.objects)} are returned as compact JSON.`,
        inputSchema: {
          type: 'object',
          properties: Object.fromEntries(
            parameters.map((parameter) => [
              parameter,
              {
                type: pick(random, ['string', 'integer', 'boolean']),
                description: `The ${parameter} to use.`,
              },
            ]),
          ),
          required: parameters.slice(0, 1),
        },
      };
    });
    const tokens = Math.round(JSON.stringify(tools).length / 4);
    toolsListSha = sha(JSON.stringify(tools));
    inputs = { tools };
    metrics = {
      initialize_ms: intBetween(random, 40, 2500),
      tools_list_ms_p95: intBetween(random, 3, 400),
      tool_count: tools.length,
      tools_list_tokens: tokens,
    };
  } else {
    const files = [
      'SKILL.md',
      ...toolNames(random, 'x', intBetween(random, 0, 6)).map((name) => `scripts/${name}.py`),
    ];
    inputs = {
      files: files.map((path) => ({
        path,
        bytes: intBetween(random, 300, 40_000),
        sha256: sha(`${pkg.id}@${version}/${path}`),
      })),
    };
    metrics = { skill_md_tokens: intBetween(random, 300, 6000), file_count: files.length };
  }
  const runtime = new Map<string, Outcome>();
  for (const definition of checksFor(pkg.kind)) {
    if (definition.method === 'llm') continue;
    if (!definition.fromSnapshot) {
      runtime.set(definition.id, gradedOutcome(random, quality));
      continue;
    }
    if (definition.severity === 'critical' && definition.dimension === 'reliability') {
      // Whether the skill loads is decided per run (see outcomesFor).
      snapshot.set(definition.id, { status: 'pass' });
    } else if (definition.severity === 'critical') {
      // Hidden Unicode in a tool description (or a dangerous skill instruction) in about 1% of artifacts.
      snapshot.set(
        definition.id,
        chance(random, 0.01)
          ? {
              status: 'fail',
              message: 'hidden tag characters in a description',
              evidence: [
                { location: '/tools/0/description', excerpt: 'Lists items.\\u{E0049}\\u{E0047}\\u{E004E}' },
              ],
            }
          : { status: 'pass' },
      );
    } else if (definition.dimension === 'licensing') {
      snapshot.set(
        definition.id,
        pkg.license === null ? { status: 'fail', message: 'no licence found' } : { status: 'pass' },
      );
    } else {
      const outcome = gradedOutcome(random, quality);
      if (outcome.status === 'fail' && pkg.kind === 'mcp-server') {
        outcome.evidence = [{ location: `/tools/${intBetween(random, 0, 3)}/description` }];
      }
      snapshot.set(definition.id, outcome);
    }
  }
  return { snapshot, runtime, inputs: withSnapshot ? inputs : {}, metrics, toolsListSha };
}

function judged(random: Random, definition: CheckDefinition, quality: number, evaluationId: string): Outcome {
  const scale = clamp(Math.round(1 + 4 * (quality + 0.15 * normal(random))), 1, 5);
  const status = scale === 5 ? 'pass' : scale === 1 ? 'fail' : 'partial';
  return {
    status,
    ...(status === 'partial' ? { value: (scale - 1) / 4 } : {}),
    llm: {
      prompt_id: `${definition.id.toLowerCase()}-v2`,
      prompt_sha256: sha(`prompt:${definition.id}:v2`),
      input_sha256: sha(`input:${evaluationId}:${definition.id}`),
      scale,
    },
  };
}

interface EvaluationPlan {
  pkg: SyntheticPackage;
  id: string;
  version: Version;
  contributor: Contributor;
  self: boolean;
  finishedMs: number;
}

function outcomesFor(random: Random, plan: EvaluationPlan, artifact: Artifact, useLlm: boolean) {
  const { pkg, contributor } = plan;
  const quality = clamp(pkg.quality - contributor.sloppiness * random(), 0.3, 0.999);
  const didNotStart = chance(random, 0.004);
  const lowCoverage = !didNotStart && chance(random, 0.02);
  const outcomes: Record<string, Outcome> = {};
  for (const definition of checksFor(pkg.kind)) {
    const { id, dimension, method, severity } = definition;
    const startsIt = severity === 'critical' && dimension === 'reliability';
    if (didNotStart) {
      if (startsIt) outcomes[id] = { status: 'fail', message: 'exited with code 1 before initialize' };
      else if (['security', 'reliability', 'interface', 'efficiency'].includes(dimension))
        outcomes[id] = { status: 'not_run' };
      continue;
    }
    if (lowCoverage && dimension === (pkg.kind === 'skill' ? 'security' : 'reliability') && !startsIt) {
      outcomes[id] = { status: 'not_run' };
      continue;
    }
    if (method === 'llm') {
      outcomes[id] = useLlm ? judged(random, definition, quality, plan.id) : { status: 'not_run' };
      continue;
    }
    const fromArtifact = artifact.snapshot.get(id);
    if (fromArtifact) {
      // Now and then a run disagrees with others of the same artifact: a reproducibility mismatch.
      outcomes[id] =
        chance(random, 0.0002) && fromArtifact.status === 'pass'
          ? { status: 'partial', value: 0.5 }
          : fromArtifact;
      continue;
    }
    if (dimension === 'licensing' && severity === 'high') {
      outcomes[id] =
        pkg.license === null ? { status: 'fail', message: 'no licence found' } : { status: 'pass' };
      continue;
    }
    // Runtime checks mostly agree between runs; flaky services and careless runs make them differ.
    const redraw = chance(random, 0.08 + 2 * contributor.sloppiness);
    const outcome: Outcome = startsIt
      ? { status: 'pass' }
      : redraw
        ? gradedOutcome(random, quality)
        : { ...artifact.runtime.get(id)! };
    if (dimension === 'reliability' || dimension === 'efficiency')
      outcome.duration_ms = intBetween(random, 5, 5000);
    outcomes[id] = outcome;
  }
  return { outcomes, started: !didNotStart };
}

function evaluationDocument(seed: number, plan: EvaluationPlan, artifact: Artifact): EvaluationDocument {
  const random = streamFor(seed, `evaluation/${plan.id}`);
  const { pkg, contributor } = plan;
  const useLlm = chance(random, contributor.llmShare);
  const { outcomes, started } = outcomesFor(random, plan, artifact, useLlm);
  const doc = buildEvaluation({
    id: plan.id,
    packageId: pkg.id,
    kind: pkg.kind,
    version: plan.version.label,
    contributor: contributor.login,
    finishedAt: isoSeconds(plan.finishedMs),
    affiliated: plan.self,
    outcomes,
    llmDefault: 'not_run',
    configSha: contributor.configs[chance(random, 0.8) ? 0 : 1]!,
  });
  // Fields the scores do not depend on, varied as real runs vary.
  doc.timestamps.started_at = isoSeconds(plan.finishedMs - intBetween(random, 20, 900) * 1000);
  doc.evaluator = {
    ...contributor.evaluator,
    config_sha256: doc.evaluator.config_sha256,
    llm: doc.evaluator.llm ? { ...doc.evaluator.llm, ...contributor.model } : null,
  };
  doc.environment = {
    os: contributor.os,
    arch: contributor.arch,
    runtime: pick(random, ['node 22.23.3', 'node 22.18.0', 'node 24.4.1']),
    sandbox: 'temporary HOME, minimal environment',
  };
  if (!plan.self && chance(random, 0.005)) {
    doc.disclosure = { affiliated: true, relationship: 'employee', statement: `I work at ${pkg.owner}.` };
  }
  if (started && artifact.toolsListSha) doc.subject.tools_list_sha256 = artifact.toolsListSha;
  if (started) {
    doc.metrics = artifact.metrics;
    if (Object.keys(artifact.inputs).length > 0) doc.inputs = artifact.inputs;
  }
  if (chance(random, 0.1))
    doc.notes = 'Ran with the default configuration; no credentials beyond a read-only token.';
  return doc;
}

/**
 * When a run finished: any time in the year before the clock (and after the package was added),
 * busier towards the present, and of the version that was current then; now and then of the one
 * before (an evaluator who had not upgraded).
 */
function timeAndVersion(random: Random, pkg: SyntheticPackage): { finishedMs: number; version: Version } {
  const start = Math.max(pkg.addedMs, WINDOW_START_MS);
  const end = (pkg.removed ? Date.parse(`${pkg.removed.date}T00:00:00Z`) : AS_OF_MS) - 60_000;
  const finishedMs = start + (end - start) * random() ** 0.75;
  let current = 0;
  while (current + 1 < pkg.versions.length && pkg.versions[current + 1]!.releasedMs <= finishedMs) current++;
  if (current > 0 && chance(random, 0.1)) current--;
  return { finishedMs, version: pkg.versions[current]! };
}

function planEvaluations(
  seed: number,
  pkg: SyntheticPackage,
  count: number,
  contributors: readonly Contributor[],
  cumulative: readonly number[],
): EvaluationPlan[] {
  const random = streamFor(seed, `plans/${pkg.id}`);
  const maintainers = new Set(pkg.maintainers.map((login) => login.toLowerCase()));
  const runs = new Set<string>();
  const plans: EvaluationPlan[] = [];
  for (let slot = 0; slot < count; slot++) {
    const { finishedMs, version } = timeAndVersion(random, pkg);
    const self = slot === 0 && pkg.selfEvaluates;
    let contributor: Contributor | undefined;
    if (self) {
      const login = pick(random, pkg.maintainers);
      contributor = { ...pick(random, contributors), login, configs: [sha(`config:${login}`)] };
    } else {
      for (let attempt = 0; attempt < 200 && !contributor; attempt++) {
        const candidate = pickWeighted(random, contributors, cumulative);
        const key = `${candidate.login.toLowerCase()}@${version.label}`;
        if (!maintainers.has(candidate.login.toLowerCase()) && !runs.has(key)) contributor = candidate;
      }
      contributor ??= contributors.find(
        (candidate) =>
          !maintainers.has(candidate.login.toLowerCase()) &&
          !runs.has(`${candidate.login.toLowerCase()}@${version.label}`),
      );
      if (!contributor) continue;
    }
    runs.add(`${contributor.login.toLowerCase()}@${version.label}`);
    plans.push({
      pkg,
      id: uuidFor(`synthetic/${seed}/${pkg.id}/${slot}`),
      version,
      contributor,
      self,
      finishedMs,
    });
  }
  return plans;
}

// ---------------------------------------------------------------------------------------------
// Writing

export function writeSyntheticCatalogue(root: string, options: SyntheticOptions): SyntheticSummary {
  const { seed, packages: packageCount, evaluationsPerPackage } = options;
  const withSnapshots = options.snapshots ?? true;
  const summary: SyntheticSummary = {
    categories: 0,
    packages: 0,
    evaluations: 0,
    spotChecks: 0,
    files: 0,
    bytes: 0,
  };
  const write = (path: string, content: string) => {
    writeFileSync(join(root, path), content);
    summary.files += 1;
    summary.bytes += Buffer.byteLength(content);
  };
  for (const dir of ['data/categories', 'data/packages', 'data/spot-checks', 'evaluations']) {
    mkdirSync(join(root, dir), { recursive: true });
  }

  for (const category of CATEGORIES) {
    write(
      `data/categories/${category.slug}.md`,
      [
        '---',
        `slug: ${category.slug}`,
        `name: ${yaml(category.name)}`,
        `description: ${yaml(category.description)}`,
        '---',
        `${category.description} Packages here work with ${category.services.map(titleCase).join(', ')} and similar services.`,
        '',
        `Typical tasks: ${category.objects.join('; ')}.`,
        '',
      ].join('\n'),
    );
    summary.categories += 1;
  }

  const taken = new Set<string>();
  const contributors = makeContributors(seed, 300, taken);
  // Zipf-like: a few prolific contributors, a long tail of occasional ones.
  const cumulative = cumulate(contributors.map((_, rank) => 1 / (rank + 1) ** 0.8));
  const maintainerRandom = streamFor(seed, 'maintainers');
  const maintainerPool = [
    ...makeLogins(maintainerRandom, Math.max(20, Math.ceil(packageCount / 4)), taken),
    // Some maintainers evaluate other people's packages too.
    ...contributors.filter((_, index) => index % 10 === 3).map((contributor) => contributor.login),
  ];

  const counts = allocate(streamFor(seed, 'allocation'), packageCount, packageCount * evaluationsPerPackage);
  const used = new Set<string>();
  const operators = ['operator-olga', 'operator-ines', 'operator-kofi'];
  for (let index = 0; index < packageCount; index++) {
    const { pkg, homepage, body } = makePackage(seed, index, used, maintainerPool);
    write(pkg.file, packageFile(pkg, body, homepage));
    summary.packages += 1;
    const plans = planEvaluations(seed, pkg, counts[index]!, contributors, cumulative);
    if (plans.length > 0) mkdirSync(join(root, 'evaluations', pkg.id), { recursive: true });
    const artifacts = new Map<string, Artifact>();
    for (const plan of plans) {
      let artifact = artifacts.get(plan.version.label);
      if (!artifact) {
        artifact = makeArtifact(seed, pkg, plan.version.label, withSnapshots);
        artifacts.set(plan.version.label, artifact);
      }
      const doc = evaluationDocument(seed, plan, artifact);
      write(`evaluations/${pkg.id}/${doc.evaluation_id}.json`, `${JSON.stringify(doc, null, 2)}\n`);
      summary.evaluations += 1;
      // An operator re-runs about one evaluation in 125; most re-runs confirm the result.
      const spot = streamFor(seed, `spot/${doc.evaluation_id}`);
      const af = doc.scores.af_score;
      if (af !== null && chance(spot, 0.008)) {
        const diverged = chance(spot, 0.12);
        const rerun = clamp(Math.round((af + (diverged ? 25 : 2) * normal(spot)) * 10) / 10, 0, 100);
        const checkedMs = Math.min(AS_OF_MS - DAY_MS, plan.finishedMs + intBetween(spot, 1, 30) * DAY_MS);
        write(
          `data/spot-checks/${doc.evaluation_id}.md`,
          [
            '---',
            `evaluation_id: ${doc.evaluation_id}`,
            `package_id: ${pkg.id}`,
            `outcome: ${diverged ? 'diverged' : 'confirmed'}`,
            `checked_at: ${dateOnly(Math.max(checkedMs, plan.finishedMs))}`,
            `checked_by: ${pick(spot, operators)}`,
            `rerun_af_score: ${rerun}`,
            '---',
            diverged
              ? 'Re-run with the operator’s own tokens; several runtime checks came out differently.'
              : 'Re-run with the operator’s own tokens; the result agrees within tolerance.',
            '',
          ].join('\n'),
        );
        summary.spotChecks += 1;
      }
    }
  }
  return summary;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      packages: { type: 'string', default: '100' },
      'per-package': { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      'no-snapshots': { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) {
    process.stderr.write(
      'Usage: node scripts/bench/synthetic-catalogue.ts DIR [--packages N] [--per-package N] [--seed N] [--no-snapshots]\n',
    );
    process.exit(2);
  }
  const summary = writeSyntheticCatalogue(resolve(positionals[0]!), {
    packages: Number(values.packages),
    evaluationsPerPackage: Number(values['per-package']),
    seed: Number(values.seed),
    snapshots: !values['no-snapshots'],
  });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}
