/**
 * `afscore import mcp-registry|npm|skills`: brings new packages into the catalogue from the
 * official MCP Registry's listing, from a list of npm names, or from a git repository of SKILL.md
 * folders. Every candidate is deduped against the catalogue, validated like any package file, and
 * written with its category marked for review; nothing existing is ever changed. The report says
 * what was added, skipped and rejected, and why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import {
  CatalogueIndex,
  fromMcpServer,
  fromNpmPackage,
  fromSkillFolder,
  type SkillFolder,
  type Verdict,
} from '../../core/registry/import-candidates.ts';
import {
  type ImportReport,
  importLine,
  importMarkdown,
  reportVerdicts,
} from '../../core/registry/import-report.ts';
import { httpsRepository } from '../../core/registry/normalize.ts';
import { packageFileText } from '../../core/requests/package-file-text.ts';
import { parseTimestamp } from '../../core/time/rfc3339.ts';
import { parseMarkdownFile } from '../../core/validation/parse-files.ts';
import {
  IMPORT_STATE_PATH,
  packagePath,
  parseRepositoryPath,
  registryPath,
} from '../../core/validation/repository-paths.ts';
import { type ImportState, validateImportState } from '../../core/validation/validate-registry.ts';
import { validateCategories, validatePackages } from '../../core/validation/validate-repository.ts';
import { readRegistryRecord, registryRecordText, writeAtomically } from '../../data/registry-files.ts';
import { listRepository, readRawFiles } from '../../data/repository-files.ts';
import type { PoliteClient } from '../../registries/polite-client.ts';
import { type Endpoints, readNpm, readServerPage } from '../../registries/sources.ts';
import { type CliIo, EXIT } from '../io.ts';
import {
  politeClient,
  REGISTRY_OPTIONS,
  REGISTRY_OPTIONS_USAGE,
  registrySetup,
} from '../registry-options.ts';

export const importUsage = `Usage: afscore import mcp-registry [--registry-url URL] [--updated-since TIME|last] [--max-pages N]
       afscore import npm <file|->
       afscore import skills <repository> [--repository-url URL] [--ref REF]
       (each also takes --dry-run, --report FILE, --markdown FILE, --root DIR)

mcp-registry  pages through GET /v0.1/servers of the official MCP Registry (cursor by cursor, 100
              a page); --updated-since only what changed since TIME, or since the last import
              (last: the watermark in ${IMPORT_STATE_PATH}, which a full import writes)
npm           one npm name a line (# comments; - reads stdin); each must be an MCP server by its
              packument: it depends on the MCP SDK, declares mcpName, or has a command and MCP
              keywords
skills        clones the git repository (a URL or a local path) and takes every SKILL.md folder;
              --repository-url is the https address people browse (default: the repository, when
              it is one)

Never changes a package already catalogued. Assigned categories are marked needs_review.
  --dry-run                print the files an import would write, and write nothing
  --report FILE            write what was added, skipped and rejected, with reasons, as JSON
  --markdown FILE          the same as Markdown (the daily pull request's body)
  --date YYYY-MM-DD        the added date (default: today, UTC)
${REGISTRY_OPTIONS_USAGE}`;

interface Context {
  root: string;
  io: CliIo;
  index: CatalogueIndex;
  dryRun: boolean;
  now: string;
}

function catalogueIndex(root: string): CatalogueIndex {
  const listing = listRepository(root);
  const categories = new Set(
    validateCategories([...readRawFiles(root, listing.categories)]).values.map((c) => c.slug),
  );
  const packageIds = new Set(listing.packages.flatMap((path) => parseRepositoryPath(path)?.id ?? []));
  const index = new CatalogueIndex(categories);
  // Ids of files that do not validate are taken all the same.
  for (const id of packageIds) index.add(id, {});
  for (const pkg of validatePackages([...readRawFiles(root, listing.packages)], categories).values) {
    const loaded = readRegistryRecord(root, pkg.id, packageIds);
    index.addPackage(pkg, loaded.ok ? loaded.record : undefined);
  }
  return index;
}

/** Writes an added package (or, on a dry run, prints it); says so either way. */
function apply(context: Context, verdict: Verdict): void {
  const { io, root } = context;
  if (verdict.kind !== 'added') {
    io.err(`  ${verdict.kind === 'skipped' ? '–' : '✗'} ${verdict.ref}: ${verdict.reason}`);
    return;
  }
  const text = packageFileText(verdict.pkg);
  const record = registryRecordText(verdict.record);
  if (context.dryRun) {
    io.out(
      createTwoFilesPatch('/dev/null', `b/${packagePath(verdict.id)}`, '', text, '', '', { context: 0 }),
    );
    io.out(
      createTwoFilesPatch('/dev/null', `b/${registryPath(verdict.id)}`, '', record, '', '', { context: 0 }),
    );
  } else {
    writeAtomically(join(root, packagePath(verdict.id)), text);
    writeAtomically(join(root, registryPath(verdict.id)), record);
  }
  io.err(`  + ${verdict.id} (${verdict.pkg.category}, to review) from ${verdict.ref}`);
}

function readImportState(root: string): ImportState {
  const path = join(root, IMPORT_STATE_PATH);
  if (!existsSync(path)) return {};
  const result = validateImportState(JSON.parse(readFileSync(path, 'utf8')));
  if (!result.ok) throw new Error(`${IMPORT_STATE_PATH} does not validate; fix or delete it`);
  return result.value;
}

async function importMcpRegistry(
  context: Context,
  client: PoliteClient,
  endpoints: Endpoints,
  options: { updatedSince: string | null; maxPages: number },
): Promise<{ verdicts: Verdict[]; incomplete: string | null }> {
  const verdicts: Verdict[] = [];
  let cursor: string | null = null;
  let newest = options.updatedSince;
  for (let page = 1; ; page += 1) {
    if (page > options.maxPages)
      return { verdicts, incomplete: `stopped after --max-pages ${options.maxPages}` };
    const answer = await readServerPage(client, endpoints, {
      cursor,
      updatedSince: options.updatedSince,
      limit: 100,
    });
    if (!answer.ok) {
      const message = 'message' in answer ? answer.message : answer.issues[0]!.message;
      return { verdicts, incomplete: `page ${page} failed: ${message}` };
    }
    context.io.err(`afscore import: page ${page}: ${answer.value.servers.length} servers`);
    for (const result of answer.value.servers) {
      if (!result.ok) {
        const first = result.issues[0]!;
        verdicts.push({
          kind: 'rejected',
          ref: `(page ${page})`,
          reason: `${first.pointer} ${first.message}`,
        });
      } else {
        const updated = result.value.updatedAt;
        if (updated && (newest === null || updated > newest)) newest = updated;
        verdicts.push(fromMcpServer(result.value, context.index, context.now));
      }
      apply(context, verdicts[verdicts.length - 1]!);
    }
    cursor = answer.value.nextCursor;
    if (cursor === null) break;
  }
  if (!context.dryRun && newest !== null) {
    const state = readImportState(context.root);
    state['mcp-registry'] = { updated_since: newest, imported_at: context.now };
    writeAtomically(join(context.root, IMPORT_STATE_PATH), `${JSON.stringify(state, null, 2)}\n`);
  }
  return { verdicts, incomplete: null };
}

const NPM_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

async function importNpm(
  context: Context,
  client: PoliteClient,
  endpoints: Endpoints,
  names: readonly string[],
): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (const name of [...new Set(names)]) {
    let verdict: Verdict;
    if (!NPM_NAME.test(name) || name.length > 214)
      verdict = { kind: 'rejected', ref: name, reason: 'is not an npm package name' };
    else {
      const observation = await readNpm(client, endpoints, name, undefined);
      if (observation.outcome === 'fresh' && observation.facts.status === 'ok') {
        verdict = fromNpmPackage(observation.facts, context.index, context.now);
      } else {
        const reason =
          observation.outcome === 'not-found'
            ? 'npm has no such package'
            : observation.outcome === 'error'
              ? `could not be read: ${observation.message}`
              : 'is unpublished';
        verdict = { kind: 'rejected', ref: name, reason };
      }
    }
    verdicts.push(verdict);
    apply(context, verdict);
  }
  return verdicts;
}

/** SKILL.md folders under `dir`, never following a link out of the clone. */
function skillFolders(dir: string): SkillFolder[] {
  const found: SkillFolder[] = [];
  const walk = (folder: string, depth: number) => {
    if (depth > 8) return;
    for (const name of readdirSync(folder).sort()) {
      if (name === '.git' || name === 'node_modules') continue;
      const path = join(folder, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path, depth + 1);
      else if (name === 'SKILL.md' && stat.isFile() && stat.size <= 256 * 1024) {
        const parsed = parseMarkdownFile(readFileSync(path, 'utf8'));
        const frontmatter = parsed.ok ? (parsed.value.frontmatter as Record<string, unknown>) : {};
        found.push({ path: relative(dir, folder).split(sep).join('/'), frontmatter });
      }
    }
  };
  walk(dir, 0);
  return found.filter((folder) => folder.path !== '');
}

function importSkills(
  context: Context,
  source: string,
  repository: string,
  ref: string | undefined,
): Verdict[] {
  const scratch = mkdtempSync(join(tmpdir(), 'afscore-skills-'));
  try {
    const clone = join(scratch, 'repo');
    // Links are checked out as plain files, and no prompt can hang a workflow.
    execFileSync(
      'git',
      [
        '-c',
        'core.symlinks=false',
        'clone',
        '--quiet',
        '--depth',
        '1',
        ...(ref ? ['--branch', ref] : []),
        '--',
        source,
        clone,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
    );
    const verdicts = skillFolders(clone).map((folder) =>
      fromSkillFolder(folder, repository, context.index, context.now),
    );
    for (const verdict of verdicts) apply(context, verdict);
    return verdicts;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function readNames(cwd: string, file: string): string[] {
  const text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(resolve(cwd, file), 'utf8');
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}

export async function runImport(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      'registry-url': { type: 'string' },
      'updated-since': { type: 'string' },
      'max-pages': { type: 'string' },
      'repository-url': { type: 'string' },
      ref: { type: 'string' },
      'dry-run': { type: 'boolean' },
      report: { type: 'string' },
      markdown: { type: 'string' },
      date: { type: 'string' },
      root: { type: 'string' },
      ...REGISTRY_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(importUsage);
    return EXIT.ok;
  }
  const usage = (message: string) => {
    io.err(`afscore import: ${message}\n\n${importUsage}`);
    return EXIT.usage;
  };
  const [source, target, ...extra] = positionals;
  if (source !== 'mcp-registry' && source !== 'npm' && source !== 'skills') {
    return usage(source === undefined ? 'say where to import from' : `cannot import from "${source}"`);
  }
  if (extra.length > 0 || (source === 'mcp-registry' ? target !== undefined : target === undefined)) {
    return usage(
      source === 'mcp-registry'
        ? 'mcp-registry takes no file'
        : `${source} needs ${source === 'npm' ? 'a file of names (or -)' : 'a repository'}`,
    );
  }
  const setup = registrySetup(
    { ...values, 'mcp-registry-url': values['registry-url'] ?? values['mcp-registry-url'] },
    process.env,
  );
  if (!setup.ok) return usage(setup.message);
  const date = values.date ?? new Date(io.now()).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    return usage('--date must be YYYY-MM-DD');
  const root = resolve(io.cwd, values.root ?? '.');
  const startedAt = new Date(io.now()).toISOString();
  const context: Context = {
    root,
    io,
    index: catalogueIndex(root),
    dryRun: values['dry-run'] === true,
    now: `${date}${startedAt.slice(10)}`,
  };
  const client = politeClient(setup.rate, process.env, (line) => io.err(line));
  let verdicts: Verdict[];
  let incomplete: string | null = null;
  if (source === 'mcp-registry') {
    let updatedSince: string | null = null;
    const since = values['updated-since'];
    if (since === 'last') updatedSince = readImportState(root)['mcp-registry']?.updated_since ?? null;
    else if (since !== undefined) {
      const parsed = parseTimestamp(since);
      if (!parsed.ok) return usage(`--updated-since ${parsed.issues[0]!.message}`);
      updatedSince = parsed.value.iso;
    }
    const maxPages = values['max-pages'] === undefined ? 500 : Number(values['max-pages']);
    if (!(Number.isSafeInteger(maxPages) && maxPages > 0))
      return usage('--max-pages must be a positive whole number');
    io.err(
      `afscore import: listing ${setup.endpoints.mcpRegistry}${updatedSince ? ` updated since ${updatedSince}` : ''}`,
    );
    ({ verdicts, incomplete } = await importMcpRegistry(context, client, setup.endpoints, {
      updatedSince,
      maxPages,
    }));
  } else if (source === 'npm') {
    let names: string[];
    try {
      names = readNames(io.cwd, target!);
    } catch (error) {
      io.err(`afscore import: cannot read ${target}: ${(error as Error).message}`);
      return EXIT.usage;
    }
    verdicts = await importNpm(context, client, setup.endpoints, names);
  } else {
    const isLocal = existsSync(resolve(io.cwd, target!));
    const repository = httpsRepository(values['repository-url'] ?? (isLocal ? null : target));
    if (repository === null) {
      return usage('--repository-url must be the https address of the repository (the source is not one)');
    }
    try {
      verdicts = importSkills(context, isLocal ? resolve(io.cwd, target!) : target!, repository, values.ref);
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
      io.err(`afscore import: git could not clone ${target}: ${stderr || (error as Error).message}`);
      return EXIT.invalid;
    }
  }
  const report: ImportReport = {
    source,
    started_at: startedAt,
    finished_at: new Date(io.now()).toISOString(),
    dry_run: context.dryRun,
    requests: client.stats.requests,
    incomplete,
    ...reportVerdicts(verdicts),
  };
  if (values.report) writeAtomically(resolve(io.cwd, values.report), `${JSON.stringify(report, null, 2)}\n`);
  if (values.markdown) writeAtomically(resolve(io.cwd, values.markdown), `${importMarkdown(report)}\n`);
  if (incomplete) io.err(`afscore import: ⚠ ${incomplete}`);
  io.out(
    `${context.dryRun ? '(dry run) ' : ''}${incomplete ? '✗' : '✓'} import ${source}: ${importLine(report)}`,
  );
  return incomplete ? EXIT.invalid : EXIT.ok;
}
