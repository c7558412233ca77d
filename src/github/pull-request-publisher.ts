/**
 * Opens the bot's pull request for a branch, or brings the open one up to date (title, body,
 * labels): the daily sync keeps one pull request, however many days it stays open.
 */
import { Octokit } from 'octokit';

export interface PullRequestOptions {
  /** `owner/name`. */
  repository: string;
  token: string;
  apiUrl?: string;
  base: string;
  branch: string;
  title: string;
  body: string;
  labels: string[];
  throttle?: boolean;
}

export async function upsertPullRequest(
  options: PullRequestOptions,
): Promise<{ number: number; url: string; created: boolean }> {
  const [owner, repo] = options.repository.split('/');
  if (!owner || !repo)
    throw new Error(`the GitHub repository must be owner/name, not "${options.repository}"`);
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl ?? 'https://api.github.com',
    throttle: {
      enabled: options.throttle ?? true,
      onRateLimit: () => false,
      onSecondaryRateLimit: () => false,
    },
    retry: { enabled: false },
  });
  const { data: open } = await octokit.rest.pulls.list({
    owner,
    repo,
    head: `${owner}:${options.branch}`,
    state: 'open',
  });
  let pull: { number: number; html_url: string };
  let created = false;
  if (open[0]) {
    const { data } = await octokit.rest.pulls.update({
      owner,
      repo,
      pull_number: open[0].number,
      title: options.title,
      body: options.body,
    });
    pull = data;
  } else {
    const { data } = await octokit.rest.pulls.create({
      owner,
      repo,
      base: options.base,
      head: options.branch,
      title: options.title,
      body: options.body,
    });
    pull = data;
    created = true;
  }
  await octokit.rest.issues.addLabels({ owner, repo, issue_number: pull.number, labels: options.labels });
  return { number: pull.number, url: pull.html_url, created };
}
