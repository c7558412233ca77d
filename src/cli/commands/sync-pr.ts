/**
 * `afscore sync-pr`: what the daily workflow runs after sync and import: commits their changes
 * under data/ to the branch registry-sync (rebuilt from the base each time), pushes it, and opens
 * the pull request, or updates the one already open, with the reports as a summary table.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportReport } from '../../core/registry/import-report.ts';
import { SYNC_BRANCH, SYNC_LABELS, syncPullRequestText } from '../../core/registry/sync-pull-request.ts';
import type { SyncReport } from '../../core/registry/sync-report.ts';
import { upsertPullRequest } from '../../github/pull-request-publisher.ts';
import { changedPaths, commitToBranch, pushBranch } from '../../github/sync-branch.ts';
import { type CliIo, EXIT } from '../io.ts';

export const syncPrUsage = `Usage: afscore sync-pr [--sync-report FILE] [--import-report FILE]… [--base BRANCH]
                      [--branch NAME] [--remote NAME] [--root DIR] [--dry-run]

Commits the changes under data/ to --branch (default ${SYNC_BRANCH}) as one commit on the current
HEAD, force-pushes it to --remote (default origin) and opens or updates its pull request against
--base (default AFSCORE_GITHUB_BASE, else main), labelled ${SYNC_LABELS.join(', ')}, with the reports of afscore sync --report and afscore
import --report as its body. Does nothing when data/ has no changes. --dry-run prints the title
and body and touches nothing.

GitHub: AFSCORE_GITHUB_TOKEN (or GITHUB_TOKEN), AFSCORE_GITHUB_REPO (or GITHUB_REPOSITORY),
AFSCORE_GITHUB_API_URL (or GITHUB_API_URL) for GitHub Enterprise.`;

function readJson<T>(cwd: string, file: string): T {
  return JSON.parse(readFileSync(resolve(cwd, file), 'utf8')) as T;
}

export async function runSyncPr(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      'sync-report': { type: 'string' },
      'import-report': { type: 'string', multiple: true },
      base: { type: 'string' },
      branch: { type: 'string' },
      remote: { type: 'string' },
      root: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(syncPrUsage);
    return EXIT.ok;
  }
  const root = resolve(io.cwd, values.root ?? '.');
  let sync: SyncReport | null;
  let imports: ImportReport[];
  try {
    sync = values['sync-report'] ? readJson<SyncReport>(io.cwd, values['sync-report']) : null;
    imports = (values['import-report'] ?? []).map((file) => readJson<ImportReport>(io.cwd, file));
  } catch (error) {
    io.err(`afscore sync-pr: cannot read a report: ${(error as Error).message}`);
    return EXIT.usage;
  }
  const env = process.env;
  const token = env.AFSCORE_GITHUB_TOKEN ?? env.GITHUB_TOKEN;
  const repository = env.AFSCORE_GITHUB_REPO ?? env.GITHUB_REPOSITORY;
  const dryRun = values['dry-run'] === true;
  if (!dryRun && (!token || !repository)) {
    io.err(
      'afscore sync-pr: set AFSCORE_GITHUB_TOKEN and AFSCORE_GITHUB_REPO (owner/name) to open the pull request',
    );
    return EXIT.usage;
  }
  const branch = values.branch ?? SYNC_BRANCH;
  const date = new Date(io.now()).toISOString().slice(0, 10);
  const files = (await changedPaths(root)).length;
  if (files === 0) {
    io.out('✓ sync-pr: nothing under data/ changed; no pull request');
    return EXIT.ok;
  }
  const text = syncPullRequestText({ date, sync, imports, files });
  if (dryRun) {
    io.out(`${text.title}\n\n${text.body}`);
    return EXIT.ok;
  }
  const committed = await commitToBranch({ repository: root, branch, message: text.message });
  if (!committed) {
    io.out('✓ sync-pr: nothing under data/ changed; no pull request');
    return EXIT.ok;
  }
  await pushBranch(root, values.remote ?? 'origin', branch);
  const pull = await upsertPullRequest({
    repository: repository!,
    token: token!,
    apiUrl: env.AFSCORE_GITHUB_API_URL ?? env.GITHUB_API_URL,
    base: values.base ?? env.AFSCORE_GITHUB_BASE ?? 'main',
    branch,
    title: text.title,
    body: text.body,
    labels: SYNC_LABELS,
    throttle: env.AFSCORE_GITHUB_THROTTLE !== 'off',
  });
  io.out(
    `✓ sync-pr: ${committed.files} file(s) on ${branch}; ${pull.created ? 'opened' : 'updated'} ${pull.url}`,
  );
  return EXIT.ok;
}
