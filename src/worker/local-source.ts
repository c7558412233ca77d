/**
 * The repository as a worker's queue, for the operator (`afscore work --local`): the queue is
 * built from data/ and evaluations/ as the site builds it, an evaluation is checked as a
 * submission would be and written straight into evaluations/<package-id>/, and lock files under
 * .state/work-locks keep several local workers on one checkout apart (a lock whose process is gone
 * is taken over).
 */

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { buildCatalogue } from '../core/catalogue/build-catalogue.ts';
import type { PackageRecord, QueueEntry } from '../core/catalogue/catalogue-types.ts';
import type { EvaluationDocument, PackageFile } from '../core/types.ts';
import { validateEvaluation } from '../core/validation/validate-evaluation.ts';
import { loadRepository } from '../data/load-repository.ts';
import { writeFileAtomic } from './journal.ts';
import {
  type Claim,
  type Delivery,
  FatalWorkError,
  type WorkFilter,
  type WorkItem,
  type WorkSource,
} from './work-source.ts';

interface Lock {
  pid: number;
  host: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class LocalSource implements WorkSource {
  readonly description: string;
  private readonly root: string;
  private readonly contributor: string;
  private readonly now: () => number;
  private readonly locks: string;
  private queue: QueueEntry[] = [];
  private records = new Map<string, PackageRecord>();
  private packages = new Map<string, PackageFile>();
  private readonly held = new Set<string>();

  constructor(root: string, contributor: string, now: () => number = Date.now) {
    this.root = root;
    this.contributor = contributor;
    this.now = now;
    this.locks = join(root, '.state', 'work-locks');
    this.description = `the repository at ${root} (evaluations written to evaluations/)`;
    this.load();
  }

  private load(): void {
    const loaded = loadRepository(this.root, { asOf: new Date(this.now()).toISOString() });
    if (loaded.issues.length > 0)
      throw new FatalWorkError(
        `the repository has ${loaded.issues.length} validation problem(s); run afscore validate and fix them first`,
      );
    const catalogue = buildCatalogue(loaded.input);
    this.queue = catalogue.queue;
    this.records = new Map(catalogue.packages.map((record) => [record.id, record]));
    this.packages = new Map(loaded.input.packages.map((pkg) => [pkg.id, pkg]));
  }

  private candidates(filter: WorkFilter, exclude: ReadonlySet<string>): QueueEntry[] {
    return this.queue.filter(
      (entry) =>
        !exclude.has(entry.id) &&
        !this.held.has(entry.id) &&
        (filter.kind === null || entry.kind === filter.kind) &&
        (filter.category === null || entry.category === filter.category) &&
        this.records.get(entry.id)?.distribution.npm !== undefined,
    );
  }

  async remaining(filter: WorkFilter): Promise<number> {
    return this.candidates(filter, new Set()).length;
  }

  private lockFile(id: string): string {
    return join(this.locks, `${id}.lock`);
  }

  /** Takes the package's lock file; a lock left by a process that is gone (on this host) is taken over. */
  private lock(id: string): boolean {
    mkdirSync(this.locks, { recursive: true });
    const file = this.lockFile(id);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Lock));
        closeSync(fd);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        let owner: Lock | null = null;
        try {
          owner = JSON.parse(readFileSync(file, 'utf8')) as Lock;
        } catch {
          // being written, or cut by a kill: treat it as held this time
        }
        const mine = owner?.pid === process.pid && owner.host === hostname();
        if (mine) return true;
        if (!owner || owner.host !== hostname() || alive(owner.pid)) return false;
        rmSync(file, { force: true });
      }
    }
    return false;
  }

  private item(id: string): WorkItem | null {
    const record = this.records.get(id);
    if (!record?.distribution.npm) return null;
    return {
      id,
      npm: record.distribution.npm,
      version: record.version,
      ...(Object.keys(record.configuration).length > 0 ? { configuration: record.configuration } : {}),
      contributor: this.contributor,
    };
  }

  async claimNext(filter: WorkFilter, exclude: ReadonlySet<string>): Promise<Claim> {
    for (const entry of this.candidates(filter, exclude)) {
      if (!this.lock(entry.id)) continue;
      this.held.add(entry.id);
      return { kind: 'item', item: this.item(entry.id)! };
    }
    return { kind: 'empty' };
  }

  async claim(id: string): Promise<Claim> {
    const item = this.item(id);
    if (!item) return { kind: 'skip', id, reason: 'not in the catalogue as an npm package' };
    if (!this.lock(id)) return { kind: 'skip', id, reason: 'another local worker holds it' };
    this.held.add(id);
    return { kind: 'item', item };
  }

  async deliver(item: WorkItem, doc: EvaluationDocument): Promise<Delivery> {
    const checked = validateEvaluation(doc, { packages: this.packages, mode: 'admission', now: this.now() });
    if (!checked.ok) {
      const first = checked.issues
        .slice(0, 3)
        .map((found) => `${found.pointer || '(document)'}: ${found.message}`);
      return {
        ok: false,
        retryable: false,
        message: `the evaluation does not validate: ${first.join('; ')}`,
      };
    }
    const relative = join('evaluations', item.id, `${doc.evaluation_id}.json`);
    writeFileAtomic(join(this.root, relative), `${JSON.stringify(doc, null, 2)}\n`);
    return { ok: true, reference: relative };
  }

  async release(id: string): Promise<void> {
    this.held.delete(id);
    rmSync(this.lockFile(id), { force: true });
  }
}
