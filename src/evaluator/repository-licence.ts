/**
 * Asks GitHub for the licence of a package's source repository, for LIC-01 when the package ships
 * none of its own. Runs in the evaluator, never in the sandbox: it reads public metadata and passes
 * no token, so no credential of the contributor is ever involved. The repository counts only when a
 * package.json in it carries the package's name, so a package cannot borrow a famous repository's
 * licence by naming it.
 */
import { Octokit, RequestError } from 'octokit';
import type { RepositoryLicence } from '../core/checks/package/package-facts.ts';
import type { SourceRepository } from '../core/checks/package/source-repository.ts';
import { fetchWithTimeout } from '../github/fetch-with-timeout.ts';

export interface RepositoryLicenceOptions {
  /** API base, e.g. https://api.github.com (AFSCORE_GITHUB_API_URL). */
  apiUrl: string;
  timeoutMs?: number;
}

/** At most this many package.json files of a monorepo are read to find the package's own. */
const MANIFESTS_READ = 12;

function client(options: RepositoryLicenceOptions): Octokit {
  const ms = options.timeoutMs ?? 10_000;
  return new Octokit({
    baseUrl: options.apiUrl,
    request: { fetch: fetchWithTimeout(ms) },
    // One evaluation asks a handful of questions; waiting out a rate limit would stall it for an hour.
    throttle: { enabled: false },
    retry: { enabled: false },
  });
}

function decoded(content: string, encoding: string): string {
  return encoding === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
}

function why(error: unknown): string {
  if (error instanceof RequestError) {
    const limited = error.status === 403 || error.status === 429;
    return limited ? `GitHub answered ${error.status}: its rate limit` : `GitHub answered ${error.status}`;
  }
  const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
  return cause ? `GitHub did not answer: ${cause}` : 'GitHub did not answer';
}

async function manifestName(octokit: Octokit, where: SourceRepository, path: string): Promise<string | null> {
  try {
    const { data } = await octokit.rest.repos.getContent({ owner: where.owner, repo: where.repo, path });
    if (Array.isArray(data) || data.type !== 'file' || typeof data.content !== 'string') return null;
    const parsed: unknown = JSON.parse(decoded(data.content, data.encoding));
    const name = (parsed as Record<string, unknown> | null)?.name;
    return typeof name === 'string' ? name : null;
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) return null;
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/** Whether a package.json's folder is named like the package (src/memory for server-memory). */
function namedLike(path: string, name: string): boolean {
  const folder = path.split('/').at(-2)?.toLowerCase();
  return (
    folder !== undefined &&
    folder.length > 1 &&
    name
      .toLowerCase()
      .replace(/^@[^/]+\//, '')
      .includes(folder)
  );
}

/**
 * package.json paths of the default branch outside dependency folders: those in a folder named like
 * the package first (each read is a request, and unauthenticated GitHub allows 60 an hour), then
 * the shallowest.
 */
async function manifestPaths(octokit: Octokit, where: SourceRepository, name: string): Promise<string[]> {
  let tree: { path?: string }[];
  try {
    const { data } = await octokit.rest.git.getTree({
      owner: where.owner,
      repo: where.repo,
      tree_sha: 'HEAD',
      recursive: 'true',
    });
    tree = data.tree;
  } catch (error) {
    // An empty repository has no tree to list.
    if (error instanceof RequestError && (error.status === 404 || error.status === 409)) return [];
    throw error;
  }
  return tree
    .map((entry) => entry.path ?? '')
    .filter((path) => /(?:^|\/)package\.json$/.test(path) && !/(?:^|\/)node_modules\//.test(path))
    .sort(
      (a, b) =>
        Number(namedLike(b, name)) - Number(namedLike(a, name)) ||
        a.split('/').length - b.split('/').length ||
        (a < b ? -1 : a > b ? 1 : 0),
    );
}

/** The path of a package.json in the repository named `name`: the declared folder's, else any. */
async function manifestNaming(
  octokit: Octokit,
  where: SourceRepository,
  name: string,
): Promise<string | null> {
  const declared = where.directory ? `${where.directory}/package.json` : 'package.json';
  if ((await manifestName(octokit, where, declared)) === name) return declared;
  const paths = (await manifestPaths(octokit, where, name)).filter((path) => path !== declared);
  for (const path of paths.slice(0, MANIFESTS_READ)) {
    if ((await manifestName(octokit, where, path)) === name) return path;
  }
  return null;
}

/** What GitHub says of the repository's licence, and whether the repository holds the package. */
export async function repositoryLicence(
  where: SourceRepository,
  packageName: string,
  options: RepositoryLicenceOptions,
): Promise<RepositoryLicence> {
  const octokit = client(options);
  let licence: { path: string; url: string; text: string };
  try {
    const { data } = await octokit.rest.licenses.getForRepo({ owner: where.owner, repo: where.repo });
    licence = {
      path: data.path,
      url: data.html_url ?? `https://github.com/${where.owner}/${where.repo}/blob/HEAD/${data.path}`,
      text: decoded(data.content, data.encoding),
    };
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) return { outcome: 'none', repository: where };
    return { outcome: 'unreachable', repository: where, reason: why(error) };
  }
  try {
    const namedBy = await manifestNaming(octokit, where, packageName);
    return { outcome: 'found', repository: where, ...licence, namedBy };
  } catch (error) {
    return { outcome: 'unreachable', repository: where, reason: why(error) };
  }
}

/** The GitHub API the evaluator asks: AFSCORE_GITHUB_API_URL (a test's fake, GitHub Enterprise) or GitHub's. */
export function githubApiUrl(env: Readonly<Record<string, string | undefined>>): string {
  return env.AFSCORE_GITHUB_API_URL || 'https://api.github.com';
}
