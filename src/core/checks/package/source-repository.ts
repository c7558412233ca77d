/**
 * The GitHub repository a package.json names as its source, read from every form npm accepts:
 * `{ "url": "git+https://github.com/o/r.git", "directory": "src/x" }`, `"github:o/r"`, the bare
 * `"o/r"` shorthand, `git@github.com:o/r.git` and a browser URL with `/tree/<branch>/<dir>`.
 * Other hosts are not read: their licence APIs differ, and a wrong answer is worse than none.
 */

export interface SourceRepository {
  owner: string;
  repo: string;
  /** The package's folder inside the repository (a monorepo), when package.json says it. */
  directory: string | null;
}

const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
const GITHUB_URL =
  /^(?:git\+)?(?:https?|git|ssh):\/\/(?:[^@/]+@)?(?:www\.)?github\.com[/:]([^/]+)\/([^/#?]+?)(?:\.git)?(?:\/tree\/[^/]+\/([^#?]+))?\/?(?:[#?].*)?$/i;
const GITHUB_SCP = /^(?:git@)?github\.com:([^/]+)\/([^/#]+?)(?:\.git)?(?:#.*)?$/i;
const SHORTHAND = /^(?:github:)?([^/:@\s]+)\/([^/#\s]+?)(?:#.*)?$/;

function cleanDirectory(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parts = value.split('/').filter((part) => part !== '' && part !== '.');
  // A folder that climbs out of the repository is not a folder in it.
  if (parts.some((part) => part === '..')) return null;
  return parts.length > 0 ? parts.join('/') : null;
}

function parsed(owner: string, repo: string, directory: string | null): SourceRepository | null {
  return NAME.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..'
    ? { owner, repo, directory }
    : null;
}

function fromUrl(url: string, directory: string | null): SourceRepository | null {
  const trimmed = url.trim();
  const web = GITHUB_URL.exec(trimmed);
  if (web) return parsed(web[1]!, web[2]!, directory ?? cleanDirectory(web[3]));
  const scp = GITHUB_SCP.exec(trimmed);
  if (scp) return parsed(scp[1]!, scp[2]!, directory);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^(?:gitlab|bitbucket|gist):/i.test(trimmed)) return null;
  const short = SHORTHAND.exec(trimmed);
  return short ? parsed(short[1]!, short[2]!, directory) : null;
}

/** The GitHub repository package.json names, or null (none, another host, or not readable). */
export function sourceRepository(manifest: Record<string, unknown> | null): SourceRepository | null {
  const field = manifest?.repository;
  if (typeof field === 'string') return fromUrl(field, null);
  if (field === null || typeof field !== 'object' || Array.isArray(field)) return null;
  const { url, directory } = field as Record<string, unknown>;
  return typeof url === 'string' ? fromUrl(url, cleanDirectory(directory)) : null;
}

/** `github.com/owner/repo`, as a person would write it. */
export function repositoryLabel(repository: SourceRepository): string {
  return `github.com/${repository.owner}/${repository.repo}`;
}
