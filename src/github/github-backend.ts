/**
 * Delivers a submission as a pull request: a branch named after the submission, one file, a pull
 * request with labels. Each step first looks for what an earlier attempt left, so a retry after a
 * crash or a timeout never opens a second pull request.
 */
import { Octokit, RequestError } from 'octokit';
import type { Delivery, DeliveryBackend } from './delivery-backend.ts';
import { PermanentDeliveryError } from './delivery-backend.ts';
import { fetchWithTimeout } from './fetch-with-timeout.ts';

export interface GitHubBackendOptions {
  /** `owner/name`. */
  repository: string;
  token: string;
  /** API base, e.g. https://api.github.com or https://ghe.example.com/api/v3. */
  apiUrl?: string;
  /** Branch the pull requests target; the repository's default branch when absent. */
  baseBranch?: string;
  /** Octokit's own retries and write throttling; off in tests, where the worker's retries are enough. */
  throttle?: boolean;
  timeoutMs?: number;
}

/** 5xx, 429, secondary rate limits and network failures pass; anything else will not. */
function isPermanent(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  if (error.status >= 500 || error.status === 429) return false;
  if (error.status === 403 && /rate limit/i.test(error.message)) return false;
  return true;
}

export class GitHubBackend implements DeliveryBackend {
  readonly name = 'github';
  private readonly octokit: Octokit;
  private readonly owner: string;
  private readonly repo: string;
  private readonly baseBranch: string | undefined;

  constructor(options: GitHubBackendOptions) {
    const [owner, repo] = options.repository.split('/');
    if (!owner || !repo)
      throw new Error(`AFSCORE_GITHUB_REPO must be owner/name, not "${options.repository}"`);
    this.owner = owner;
    this.repo = repo;
    this.baseBranch = options.baseBranch;
    const throttle = options.throttle ?? true;
    this.octokit = new Octokit({
      auth: options.token,
      baseUrl: options.apiUrl ?? 'https://api.github.com',
      request: { fetch: fetchWithTimeout(options.timeoutMs ?? 20_000) },
      throttle: { enabled: throttle, onRateLimit: () => false, onSecondaryRateLimit: () => false },
      retry: { enabled: false },
    });
  }

  async deliver(delivery: Delivery): Promise<{ reviewUrl: string }> {
    try {
      return await this.steps(delivery);
    } catch (error) {
      if (isPermanent(error))
        throw new PermanentDeliveryError(`GitHub refused the delivery: ${(error as Error).message}`);
      throw error;
    }
  }

  private async steps({ document, text }: Delivery): Promise<{ reviewUrl: string }> {
    const repo = { owner: this.owner, repo: this.repo };
    const base = this.baseBranch ?? (await this.octokit.rest.repos.get(repo)).data.default_branch;
    let pull = await this.findPullRequest(text.branch);
    if (!pull) {
      await this.ensureBranch(base, text.branch);
      await this.ensureFile(text.branch, text.path, document, text.title);
      pull = await this.openPullRequest(base, text);
    }
    // Adding labels a pull request already has changes nothing, so a retry can always do it.
    await this.octokit.rest.issues.addLabels({ ...repo, issue_number: pull.number, labels: text.labels });
    return { reviewUrl: pull.html_url };
  }

  private async findPullRequest(branch: string): Promise<{ number: number; html_url: string } | null> {
    const { data } = await this.octokit.rest.pulls.list({
      owner: this.owner,
      repo: this.repo,
      head: `${this.owner}:${branch}`,
      state: 'all',
    });
    return data[0] ?? null;
  }

  private async ensureBranch(base: string, branch: string): Promise<void> {
    const { data } = await this.octokit.rest.git.getRef({
      owner: this.owner,
      repo: this.repo,
      ref: `heads/${base}`,
    });
    try {
      await this.octokit.rest.git.createRef({
        owner: this.owner,
        repo: this.repo,
        ref: `refs/heads/${branch}`,
        sha: data.object.sha,
      });
    } catch (error) {
      // An earlier attempt made the branch; carry on from there.
      if (!(error instanceof RequestError && error.status === 422)) throw error;
    }
  }

  private async ensureFile(branch: string, path: string, document: string, message: string): Promise<void> {
    try {
      await this.octokit.rest.repos.getContent({ owner: this.owner, repo: this.repo, path, ref: branch });
      return;
    } catch (error) {
      if (!(error instanceof RequestError && error.status === 404)) throw error;
    }
    await this.octokit.rest.repos.createOrUpdateFileContents({
      owner: this.owner,
      repo: this.repo,
      path,
      branch,
      message,
      content: Buffer.from(document).toString('base64'),
    });
  }

  private async openPullRequest(
    base: string,
    text: Delivery['text'],
  ): Promise<{ number: number; html_url: string }> {
    try {
      const { data } = await this.octokit.rest.pulls.create({
        owner: this.owner,
        repo: this.repo,
        base,
        head: text.branch,
        title: text.title,
        body: text.body,
      });
      return data;
    } catch (error) {
      // "A pull request already exists": an earlier attempt opened it after our lookup.
      if (error instanceof RequestError && error.status === 422) {
        const { data } = await this.octokit.rest.pulls.list({
          owner: this.owner,
          repo: this.repo,
          head: `${this.owner}:${text.branch}`,
          state: 'all',
        });
        if (data[0]) return data[0];
      }
      throw error;
    }
  }
}
