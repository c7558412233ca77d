/**
 * Turning what a source lists (an MCP Registry entry, an npm packument, a SKILL.md folder) into a
 * new package file and registry record, or a reason not to. Dedupes against the catalogue and
 * against what the same import already added: same npm or PyPI package, same image, same endpoint,
 * same MCP Registry name, or same repository and folder. Never touches an existing package.
 * Categories come from rules and are marked for review. Pure: the date comes in.
 */
import { isPackageId } from '../ids.ts';
import type { PackageFile, PackageKind, ReviewField } from '../types.ts';
import { validatePackageFile } from '../validation/validate-package.ts';
import { assignCategory } from './category-rules.ts';
import type { McpServerEntry } from './mcp-registry-entry.ts';
import { httpsRepository, plainText } from './normalize.ts';
import type { NpmLatest } from './npm-packument.ts';
import { emptyRecord, type ImportOrigin, type RegistryRecord } from './registry-record.ts';

export type Verdict =
  | {
      kind: 'added';
      ref: string;
      id: string;
      pkg: PackageFile;
      record: RegistryRecord;
      review: ReviewField[];
    }
  | { kind: 'skipped'; ref: string; reason: string }
  | { kind: 'rejected'; ref: string; reason: string };

interface Keys {
  npm?: string;
  pypi?: string;
  oci?: string;
  remote?: string;
  mcpName?: string;
  repository?: string;
}

/** What the catalogue already holds, by every key a duplicate could share. */
export class CatalogueIndex {
  private readonly ids = new Set<string>();
  private readonly keys = new Map<string, string>();
  readonly categories: ReadonlySet<string>;

  constructor(categories: ReadonlySet<string>) {
    this.categories = categories;
  }

  private static keysOf(keys: Keys): string[] {
    return [
      keys.npm ? `npm:${keys.npm}` : null,
      keys.pypi ? `pypi:${keys.pypi.toLowerCase().replace(/[-_.]+/g, '-')}` : null,
      keys.oci ? `oci:${keys.oci.replace(/[:@].*$/, '')}` : null,
      keys.remote ? `remote:${keys.remote.replace(/\/+$/, '').toLowerCase()}` : null,
      keys.mcpName ? `mcp:${keys.mcpName.toLowerCase()}` : null,
      keys.repository ? `repo:${keys.repository.toLowerCase()}` : null,
    ].filter((key): key is string => key !== null);
  }

  add(id: string, keys: Keys): void {
    this.ids.add(id);
    for (const key of CatalogueIndex.keysOf(keys)) if (!this.keys.has(key)) this.keys.set(key, id);
  }

  addPackage(pkg: PackageFile, record: RegistryRecord | undefined): void {
    const folder = pkg.distribution.skill ?? '';
    this.add(pkg.id, {
      npm: pkg.distribution.npm,
      pypi: pkg.distribution.pypi,
      oci: pkg.distribution.oci,
      remote: pkg.distribution.remote,
      mcpName: record?.sources['mcp-registry']?.name ?? record?.sources.npm?.mcp_name ?? undefined,
      repository: `${httpsRepository(pkg.repository) ?? pkg.repository}#${folder}`,
    });
  }

  duplicateOf(keys: Keys): { id: string; by: string } | null {
    for (const key of CatalogueIndex.keysOf(keys)) {
      const id = this.keys.get(key);
      if (id) return { id, by: key.slice(0, key.indexOf(':')) };
    }
    return null;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** The first free id among the candidates, or with a number after the last one. */
  freeId(candidates: readonly string[]): string | null {
    const valid = candidates.map(slug).filter((id) => isPackageId(id));
    for (const id of valid) if (!this.ids.has(id)) return id;
    const base = valid[valid.length - 1];
    if (!base) return null;
    for (let n = 2; n < 100; n += 1) {
      const id = `${base.slice(0, 120)}-${n}`;
      if (!this.ids.has(id)) return id;
    }
    return null;
  }
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/^@/, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/[-._]{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, 128)
    .replace(/[-._]+$/, '');
}

const SPELLINGS: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  openai: 'OpenAI',
  npm: 'npm',
};
const ACRONYMS = new Set([
  'mcp',
  'api',
  'sql',
  'ai',
  'aws',
  'gcp',
  'pdf',
  'ui',
  'db',
  'llm',
  'http',
  'cli',
  'sdk',
]);

/** `warehouse-mcp` → `Warehouse MCP`. */
export function displayName(text: string): string {
  return text
    .split(/[-_.\s/]+/)
    .filter((word) => word !== '')
    .map(
      (word) =>
        SPELLINGS[word.toLowerCase()] ??
        (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1)),
    )
    .join(' ')
    .slice(0, 100);
}

const DESCRIPTION_MIN = 10;
const DESCRIPTION_MAX = 280;

interface Draft {
  ref: string;
  ids: string[];
  keys: Keys;
  name: string | null;
  fallbackName: string;
  description: string | null;
  keywords?: readonly string[];
  kind: PackageKind;
  repository: string | null;
  homepage: string | null;
  distribution: PackageFile['distribution'];
  version: string | null;
  license: string | null;
  body: string;
  origin: ImportOrigin;
  record: RegistryRecord;
}

function decide(draft: Draft, index: CatalogueIndex, date: string): Verdict {
  const { ref } = draft;
  const duplicate = index.duplicateOf(draft.keys);
  if (duplicate)
    return { kind: 'skipped', ref, reason: `already catalogued as ${duplicate.id} (same ${duplicate.by})` };
  if (!draft.repository) return { kind: 'rejected', ref, reason: 'names no https source repository' };
  const description = plainText(draft.description, DESCRIPTION_MAX);
  if (description === null || description.length < DESCRIPTION_MIN) {
    return { kind: 'rejected', ref, reason: `its description is under ${DESCRIPTION_MIN} characters` };
  }
  const id = index.freeId(draft.ids);
  if (id === null) return { kind: 'rejected', ref, reason: 'no valid package id can be made from its name' };
  const category = assignCategory(
    { name: draft.name ?? draft.fallbackName, description, keywords: draft.keywords },
    index.categories,
  );
  const review: ReviewField[] = ['category', ...(draft.name === null ? (['name'] as const) : [])];
  const pkg: PackageFile = {
    id,
    name: (draft.name ?? displayName(draft.fallbackName)).slice(0, 100),
    kind: draft.kind,
    category: category.category,
    description,
    repository: draft.repository,
    ...(draft.homepage ? { homepage: draft.homepage } : {}),
    distribution: draft.distribution,
    ...(draft.version ? { version: draft.version } : {}),
    license: draft.license,
    maintainers: [],
    added: date,
    needs_review: review,
    body: draft.body,
  };
  const checked = validatePackageFile(
    Object.fromEntries(Object.entries(pkg).filter(([key]) => key !== 'body')),
    pkg.body,
    { fileId: id, categories: index.categories },
  );
  if (!checked.ok) {
    const first = checked.issues[0]!;
    return { kind: 'rejected', ref, reason: `would not validate: ${first.pointer} ${first.message}` };
  }
  const record = { ...draft.record, package_id: id, imported: draft.origin };
  index.add(id, draft.keys);
  return { kind: 'added', ref, id, pkg, record, review };
}

function firstRemote(entry: McpServerEntry): string | undefined {
  const remote = entry.remotes.find(
    (candidate) =>
      candidate.type === 'streamable-http' &&
      candidate.url.startsWith('https://') &&
      !candidate.url.includes('{'),
  );
  return remote?.url;
}

/** One entry of the MCP Registry's listing. */
export function fromMcpServer(entry: McpServerEntry, index: CatalogueIndex, now: string): Verdict {
  const ref = entry.name;
  if (!entry.isLatest) return { kind: 'skipped', ref, reason: `not the latest version (${entry.version})` };
  if (entry.status === 'deleted') return { kind: 'skipped', ref, reason: 'deleted from the registry' };
  if (entry.status === 'deprecated') return { kind: 'skipped', ref, reason: 'deprecated in the registry' };
  const npm = entry.packages.find((pkg) => pkg.registry_type === 'npm');
  const pypi = entry.packages.find((pkg) => pkg.registry_type === 'pypi');
  const oci = entry.packages.find((pkg) => pkg.registry_type === 'oci');
  const remote = firstRemote(entry);
  const distribution = {
    ...(npm ? { npm: npm.identifier } : {}),
    ...(pypi ? { pypi: pypi.identifier } : {}),
    ...(oci ? { oci: oci.identifier.toLowerCase() } : {}),
    ...(remote ? { remote } : {}),
  };
  if (Object.keys(distribution).length === 0) {
    return {
      kind: 'rejected',
      ref,
      reason: 'has no npm, PyPI or OCI package and no https Streamable HTTP endpoint',
    };
  }
  const [namespace, short] = entry.name.split('/') as [string, string];
  const owner = namespace.split('.').pop() ?? namespace;
  const record = emptyRecord('pending');
  record.sources['mcp-registry'] = {
    name: entry.name,
    status: 'ok',
    latest_version: entry.version,
    published_at: entry.publishedAt,
    deprecated: null,
    registry_status: entry.status,
    title: entry.title,
    description: entry.description,
    repository: entry.repository,
    website: entry.website,
    packages: entry.packages,
    remotes: entry.remotes,
    checked_at: now,
    changed_at: now,
    etag: null,
    last_modified: null,
    previous_version: null,
    last_error: null,
  };
  const folder = entry.repositorySubfolder ?? '';
  return decide(
    {
      ref,
      ids: [short, `${owner}-${short}`],
      keys: {
        npm: npm?.identifier,
        pypi: pypi?.identifier,
        oci: oci?.identifier,
        remote,
        mcpName: entry.name,
        repository: entry.repository ? `${entry.repository}#${folder}` : undefined,
      },
      name: entry.title,
      fallbackName: short,
      description: entry.description,
      kind: 'mcp-server',
      repository: entry.repository,
      homepage: entry.website,
      distribution,
      version: npm?.version ?? pypi?.version ?? entry.version,
      license: null,
      body: `${entry.description ?? ''}\n\nListed in the official MCP Registry as \`${entry.name}\`; imported on ${now.slice(0, 10)}.`,
      origin: { source: 'mcp-registry', ref: entry.name, at: now },
      record,
    },
    index,
    now.slice(0, 10),
  );
}

/** Why npm metadata says this is an MCP server, or null when nothing does. */
export function mcpEvidence(latest: NpmLatest): string | null {
  if (latest.mcpName) return `declares mcpName ${latest.mcpName}`;
  if (latest.sdkDependency) return `depends on ${latest.sdkDependency}`;
  const words = latest.keywords.map((word) => word.toLowerCase());
  if (
    latest.hasBin &&
    words.some((word) =>
      ['mcp', 'mcp-server', 'modelcontextprotocol', 'model-context-protocol'].includes(word),
    )
  ) {
    return 'has a command and MCP keywords';
  }
  return null;
}

/** One npm package named in a list, from its packument. */
export function fromNpmPackage(latest: NpmLatest, index: CatalogueIndex, now: string): Verdict {
  const ref = latest.name;
  const evidence = mcpEvidence(latest);
  if (evidence === null) {
    return {
      kind: 'rejected',
      ref,
      reason:
        'is not an MCP server as far as npm says: no MCP SDK dependency, no mcpName, no command with MCP keywords',
    };
  }
  const [scope, short] = latest.name.startsWith('@') ? latest.name.slice(1).split('/') : [null, latest.name];
  const record = emptyRecord('pending');
  record.sources.npm = {
    name: latest.name,
    status: 'ok',
    latest_version: latest.version,
    published_at: latest.publishedAt,
    deprecated: latest.deprecated,
    license: latest.license,
    repository: latest.repository,
    homepage: latest.homepage,
    mcp_name: latest.mcpName,
    downloads_monthly: null,
    downloads_checked_at: null,
    checked_at: now,
    changed_at: now,
    etag: null,
    last_modified: null,
    previous_version: null,
    last_error: null,
  };
  record.written = {
    ...(latest.license ? { license: latest.license } : {}),
    ...(latest.repository ? { repository: latest.repository } : {}),
  };
  return decide(
    {
      ref,
      ids: [short!, ...(scope ? [`${scope}-${short}`] : [])],
      keys: {
        npm: latest.name,
        mcpName: latest.mcpName ?? undefined,
        repository: latest.repository ? `${latest.repository}#` : undefined,
      },
      name: null,
      fallbackName: short!,
      description: latest.description,
      keywords: latest.keywords,
      kind: 'mcp-server',
      repository: latest.repository,
      homepage: null,
      distribution: { npm: latest.name },
      version: latest.version,
      license: latest.license,
      body: `${latest.description ?? ''}\n\nPublished on npm as \`${latest.name}\` (${evidence}); imported on ${now.slice(0, 10)}.`,
      origin: { source: 'npm', ref: latest.name, at: now },
      record,
    },
    index,
    now.slice(0, 10),
  );
}

export interface SkillFolder {
  /** Path of the folder in the repository, with `/`. */
  path: string;
  frontmatter: Record<string, unknown>;
}

const SKILL_NAME = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,63}$/;

/** One SKILL.md folder of a skills repository (agentskills.io specification). */
export function fromSkillFolder(
  folder: SkillFolder,
  repository: string,
  index: CatalogueIndex,
  now: string,
): Verdict {
  const ref = `${repository}/${folder.path}`;
  const name = folder.frontmatter.name;
  const dir = folder.path.split('/').pop()!;
  if (typeof name !== 'string' || !SKILL_NAME.test(name)) {
    return {
      kind: 'rejected',
      ref,
      reason: 'SKILL.md has no valid name (lowercase letters, digits and single hyphens, at most 64)',
    };
  }
  if (name !== dir)
    return { kind: 'rejected', ref, reason: `SKILL.md names "${name}" but its folder is "${dir}"` };
  const description = folder.frontmatter.description;
  if (typeof description !== 'string' || description.trim() === '') {
    return { kind: 'rejected', ref, reason: 'SKILL.md has no description' };
  }
  const repoName = repository.split('/').pop()!;
  const metadata = folder.frontmatter.metadata;
  const version =
    metadata !== null &&
    typeof metadata === 'object' &&
    typeof (metadata as { version?: unknown }).version === 'string'
      ? ((metadata as { version: string }).version as string)
      : null;
  const license =
    typeof folder.frontmatter.license === 'string' ? plainText(folder.frontmatter.license, 100) : null;
  return decide(
    {
      ref,
      ids: [name.startsWith(slug(repoName)) ? name : `${repoName}-${name}`],
      keys: { repository: `${repository}#${folder.path}` },
      name: null,
      fallbackName: name,
      description,
      kind: 'skill',
      repository,
      homepage: null,
      distribution: { skill: folder.path },
      version,
      license: license && /^[A-Za-z0-9.+\-() ]+$/.test(license) ? license : null,
      body: `${plainText(description, 1024)}\n\nA skill in ${repository} (\`${folder.path}\`); imported on ${now.slice(0, 10)}.`,
      origin: { source: 'skills', ref, at: now },
      record: emptyRecord('pending'),
    },
    index,
    now.slice(0, 10),
  );
}
