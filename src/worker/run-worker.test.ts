import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvaluationDocument } from '../core/types.ts';
import { Journal, writeFileAtomic } from './journal.ts';
import { runWorker, StopControl, workerRetryDelayMs } from './run-worker.ts';
import type { Claim, Delivery, WorkItem, WorkSource } from './work-source.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function journalDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'afscore-journal-'));
  dirs.push(dir);
  return dir;
}

const NOW = Date.parse('2026-11-25T10:00:00Z');

function doc(id: string, evaluationId: string): EvaluationDocument {
  return {
    evaluation_id: evaluationId,
    package: { id, kind: 'mcp-server', version: '1.0.0' },
    contributor: { login: 'ada-evaluates' },
    scores: { status: 'scored', af_score: 90, grade: 'A' },
  } as unknown as EvaluationDocument;
}

/** A queue of ids, as a service would hand them out; records what was delivered and released. */
class FakeSource implements WorkSource {
  readonly description = 'a fake queue';
  readonly delivered: string[] = [];
  readonly released: string[] = [];
  private readonly queue: string[];

  constructor(queue: string[]) {
    this.queue = [...queue];
  }

  private item(id: string): WorkItem {
    return { id, npm: `npm-${id}`, version: '1.0.0', contributor: 'ada-evaluates' };
  }

  async remaining(): Promise<number> {
    return this.queue.length;
  }

  async claimNext(_filter: unknown, exclude: ReadonlySet<string>): Promise<Claim> {
    const id = this.queue.find((candidate) => !exclude.has(candidate));
    if (!id) return { kind: 'empty' };
    this.queue.splice(this.queue.indexOf(id), 1);
    return { kind: 'item', item: this.item(id) };
  }

  async claim(id: string): Promise<Claim> {
    return { kind: 'item', item: this.item(id) };
  }

  async deliver(_item: WorkItem, evaluation: EvaluationDocument): Promise<Delivery> {
    this.delivered.push(evaluation.evaluation_id);
    return { ok: true, reference: `sub_${evaluation.evaluation_id}` };
  }

  async release(id: string): Promise<void> {
    this.released.push(id);
  }
}

function options(
  source: WorkSource,
  journal: Journal,
  evaluated: string[],
  fail: ReadonlySet<string> = new Set(),
) {
  return {
    source,
    journal,
    filter: { kind: null, category: null },
    concurrency: 1,
    limit: null,
    untilMs: null,
    now: () => NOW,
    log: () => {},
    graceMs: 1_000,
    evaluate: async (item: WorkItem, evaluationId: string) => {
      evaluated.push(item.id);
      if (fail.has(item.id)) throw new Error('npm install failed: ETARGET');
      return doc(item.id, evaluationId);
    },
  };
}

describe('runWorker', () => {
  it('delivers an evaluation a killed worker had finished, without evaluating it again', async () => {
    const dir = journalDir();
    const before = new Journal(dir);
    before.record({ t: 'claimed', id: 'pg', evaluation_id: 'e-1', at: '2026-11-25T09:00:00Z' });
    // Killed after writing the evaluation, before the journal said so.
    writeFileAtomic(before.pendingFile('e-1'), JSON.stringify(doc('pg', 'e-1')));
    before.close();

    const journal = new Journal(dir);
    const source = new FakeSource([]);
    const evaluated: string[] = [];
    const summary = await runWorker(options(source, journal, evaluated), new StopControl());
    journal.close();
    expect(evaluated).toEqual([]);
    expect(source.delivered).toEqual(['e-1']);
    expect(summary).toMatchObject({ delivered: 1, waiting: 0, outcomes: { scored: 1 } });
    expect(new Journal(dir).packages.get('pg')?.stage).toBe('submitted');
  });

  it('evaluates again, under the same id, a package a killed worker was still evaluating, and counts it as taken', async () => {
    const dir = journalDir();
    const before = new Journal(dir);
    before.record({ t: 'claimed', id: 'pg', evaluation_id: 'e-1', at: '2026-11-25T09:00:00Z' });
    before.close();

    const journal = new Journal(dir);
    const source = new FakeSource(['pg']);
    const evaluated: string[] = [];
    const summary = await runWorker(options(source, journal, evaluated), new StopControl());
    journal.close();
    expect(evaluated).toEqual(['pg']);
    expect(source.delivered).toEqual(['e-1']);
    expect(summary).toMatchObject({ taken: 1, delivered: 1, outcomes: { scored: 1 } });
  });

  it('gives back a package it could not evaluate, and leaves it alone until its back-off passes', async () => {
    const dir = journalDir();
    let journal = new Journal(dir);
    const evaluated: string[] = [];
    const first = await runWorker(
      options(new FakeSource(['broken', 'fine']), journal, evaluated, new Set(['broken'])),
      new StopControl(),
    );
    journal.close();
    expect(evaluated).toEqual(['broken', 'fine']);
    expect(first.failures).toEqual([{ id: 'broken', reason: 'npm install failed: ETARGET' }]);
    expect(first.outcomes).toEqual({ scored: 1, 'could not evaluate': 1 });

    journal = new Journal(dir);
    expect(journal.packages.get('broken')).toMatchObject({
      stage: 'failed',
      failures: 1,
      retryAfter: new Date(NOW + workerRetryDelayMs(1)).toISOString(),
    });
    const again: string[] = [];
    await runWorker(options(new FakeSource(['broken']), journal, again), new StopControl());
    journal.close();
    expect(again).toEqual([]);
    expect(workerRetryDelayMs(3)).toBe(4 * 3_600_000);
  });

  it('takes no more than --limit packages', async () => {
    const journal = new Journal(journalDir());
    const evaluated: string[] = [];
    const summary = await runWorker(
      { ...options(new FakeSource(['a', 'b', 'c']), journal, evaluated), limit: 2 },
      new StopControl(),
    );
    journal.close();
    expect(evaluated).toEqual(['a', 'b']);
    expect(summary.stoppedBecause).toBe('the limit of 2 was reached');
  });
});
