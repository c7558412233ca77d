/**
 * Delivers a submission as a branch `submissions/<id>` with one commit adding the evaluation file,
 * in a local git repository, without touching its work tree or index: the commit is built with git
 * plumbing on a temporary index. Maintainers review and merge it with plain git.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Delivery, DeliveryBackend } from './delivery-backend.ts';
import { PermanentDeliveryError } from './delivery-backend.ts';

const run = promisify(execFile);

export interface LocalGitBackendOptions {
  repository: string;
  /** The branch submissions start from (default: the repository's HEAD). */
  baseRef?: string;
}

export class LocalGitBackend implements DeliveryBackend {
  readonly name = 'local';
  private readonly repository: string;
  private readonly baseRef: string;

  constructor(options: LocalGitBackendOptions) {
    this.repository = options.repository;
    this.baseRef = options.baseRef ?? 'HEAD';
  }

  private async git(args: string[], env: Record<string, string> = {}, input?: string): Promise<string> {
    const child = run('git', ['-C', this.repository, ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 16 << 20,
    });
    if (input !== undefined) {
      child.child.stdin?.end(input);
    }
    return (await child).stdout.trim();
  }

  private async refExists(ref: string): Promise<string | null> {
    try {
      return await this.git(['rev-parse', '--verify', '--quiet', ref]);
    } catch {
      return null;
    }
  }

  async deliver({ document, text }: Delivery): Promise<{ reviewUrl: string }> {
    const branch = `refs/heads/${text.branch}`;
    const reviewUrl = `git+file://${this.repository}#${text.branch}`;
    if (await this.refExists(branch)) return { reviewUrl };
    const base = await this.refExists(`${this.baseRef}^{commit}`);
    if (!base)
      throw new PermanentDeliveryError(`${this.repository} has no commit at ${this.baseRef} to branch from`);
    const scratch = mkdtempSync(join(tmpdir(), 'afscore-index-'));
    try {
      const index = { GIT_INDEX_FILE: join(scratch, 'index') };
      const blob = await this.git(['hash-object', '-w', '--stdin'], {}, document);
      await this.git(['read-tree', base], index);
      await this.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${text.path}`], index);
      const tree = await this.git(['write-tree'], index);
      const identity = {
        GIT_AUTHOR_NAME: 'afscore',
        GIT_AUTHOR_EMAIL: 'submissions@afscore.invalid',
        GIT_COMMITTER_NAME: 'afscore',
        GIT_COMMITTER_EMAIL: 'submissions@afscore.invalid',
      };
      const commit = await this.git(
        ['commit-tree', tree, '-p', base, '-F', '-'],
        identity,
        `${text.title}\n\n${text.body}\n`,
      );
      try {
        // An empty old value means "create only": a concurrent attempt cannot be overwritten.
        await this.git(['update-ref', branch, commit, '']);
      } catch (error) {
        if (!(await this.refExists(branch))) throw error;
      }
      return { reviewUrl };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}
