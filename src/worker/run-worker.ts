/**
 * The worker loop: resume what the journal says is unfinished (deliver evaluations not yet
 * delivered, re-take packages claimed but not evaluated), then take packages from the source,
 * `concurrency` at a time, evaluate each in the sandbox, deliver, and journal every step, until
 * the queue is empty, `limit` packages were taken, `until` has passed, or it is told to stop.
 * Told to stop once, it takes nothing new and lets running evaluations finish for `graceMs`;
 * then, or told twice, it stops them and gives their packages back.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { failureLabel, type StartFailure } from '../core/checks/server/start-failure.ts';
import { WORKER_FIRST_RETRY_HOURS, WORKER_MAX_RETRY_HOURS } from '../core/failures/failure-policy.ts';
import type { EvaluationDocument } from '../core/types.ts';
import { EvaluationStopped } from '../evaluator/evaluate.ts';
import { type Journal, writeFileAtomic } from './journal.ts';
import { Progress } from './progress.ts';
import {
  type Claim,
  FatalWorkError,
  type WorkFilter,
  type WorkItem,
  type WorkSource,
} from './work-source.ts';

export type EvaluateItem = (
  item: WorkItem,
  evaluationId: string,
  signal: AbortSignal,
) => Promise<EvaluationDocument>;

export interface WorkerOptions {
  source: WorkSource;
  journal: Journal;
  filter: WorkFilter;
  concurrency: number;
  limit: number | null;
  untilMs: number | null;
  evaluate: EvaluateItem;
  now: () => number;
  log: (line: string) => void;
  /** How long running evaluations may finish after a first stop request. */
  graceMs: number;
  /** The longest a quota wait may last before the worker stops instead. */
  maxWaitMs?: number;
}

export interface WorkerSummary {
  taken: number;
  delivered: number;
  outcomes: Record<string, number>;
  failures: { id: string; reason: string }[];
  /** Evaluations kept in the journal, to be delivered by the next run. */
  waiting: number;
  elapsedMs: number;
  stoppedBecause: string;
}

const HOUR_MS = 3_600_000;
const DEFAULT_MAX_WAIT_MS = 15 * 60_000;

export function workerRetryDelayMs(failures: number): number {
  return (
    Math.min(WORKER_MAX_RETRY_HOURS, WORKER_FIRST_RETRY_HOURS * 2 ** Math.max(0, failures - 1)) * HOUR_MS
  );
}

/** "scored 82 (B)", "partial", "does not start: missing variable X". */
export function outcomeOf(doc: EvaluationDocument): string {
  const { scores } = doc;
  if (scores.status === 'scored') return `scored ${scores.af_score} (${scores.grade})`;
  if (scores.status === 'partial') return 'partial';
  const failure = (doc.inputs as { launch?: { failure?: StartFailure } } | undefined)?.launch?.failure;
  return `does not start${failure ? `: ${failureLabel(failure)}` : ''}`;
}

function outcomeClass(outcome: string): string {
  for (const known of ['scored', 'does not start', 'could not evaluate'])
    if (outcome.startsWith(known)) return known;
  return outcome;
}

/** Lets the CLI ask the worker to stop: `drain` first, `abort` to stop at once. */
export class StopControl {
  draining = false;
  readonly aborter = new AbortController();
  private wake: (() => void)[] = [];

  drain(): void {
    this.draining = true;
    for (const resolve of this.wake.splice(0)) resolve();
  }

  abort(): void {
    this.drain();
    this.aborter.abort();
  }

  /** Sleeps, waking early when told to stop. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

export async function runWorker(options: WorkerOptions, stop: StopControl): Promise<WorkerSummary> {
  const { source, journal, log, now } = options;
  const started = now();
  const summary: WorkerSummary = {
    taken: 0,
    delivered: 0,
    outcomes: {},
    failures: [],
    waiting: 0,
    elapsedMs: 0,
    stoppedBecause: 'the queue has nothing more for this worker',
  };
  const exclude = new Set<string>();
  for (const entry of journal.packages.values())
    if (entry.stage === 'failed' && entry.retryAfter && Date.parse(entry.retryAfter) > now())
      exclude.add(entry.id);
  let deliveriesBlocked: string | null = null;
  let graceTimer: NodeJS.Timeout | undefined;

  const progress = new Progress(now);
  const finish = (id: string, outcome: string) => {
    // Done for this run whatever came of it: the queue it reads is not rebuilt as it goes.
    exclude.add(id);
    summary.outcomes[outcomeClass(outcome)] = (summary.outcomes[outcomeClass(outcome)] ?? 0) + 1;
    progress.completed(outcomeClass(outcome) === 'could not evaluate' ? 'failed' : 'done');
    log(`${progress.line()} ${id}: ${outcome}`);
  };

  /** Delivers an evaluation the journal holds; true when delivered (or settled for good). */
  async function deliver(item: WorkItem, doc: EvaluationDocument): Promise<boolean> {
    const delivered = await source.deliver(item, doc);
    if (delivered.ok) {
      journal.record({
        t: 'submitted',
        id: item.id,
        evaluation_id: doc.evaluation_id,
        submission_id: delivered.reference,
        at: new Date(now()).toISOString(),
      });
      summary.delivered += 1;
      await source.release(item.id);
      return true;
    }
    if (delivered.retryable) {
      if (delivered.untilMs !== undefined)
        deliveriesBlocked = `submissions are refused until ${new Date(delivered.untilMs).toISOString()} (${delivered.message})`;
      log(`  ${item.id}: kept for the next run, not delivered: ${delivered.message}`);
      summary.waiting += 1;
      return false;
    }
    journal.record({
      t: 'failed',
      id: item.id,
      evaluation_id: doc.evaluation_id,
      reason: `refused: ${delivered.message}`,
      retry_after: new Date(now() + workerRetryDelayMs(1)).toISOString(),
      at: new Date(now()).toISOString(),
    });
    summary.failures.push({ id: item.id, reason: `refused: ${delivered.message}` });
    await source.release(item.id);
    journal.record({ t: 'released', id: item.id, at: new Date(now()).toISOString() });
    return true;
  }

  async function work(item: WorkItem, evaluationId: string): Promise<void> {
    const pending = journal.pendingFile(evaluationId);
    let doc: EvaluationDocument;
    if (existsSync(pending)) {
      // Evaluated before a kill: the work is done, only the journal line is missing.
      doc = JSON.parse(readFileSync(pending, 'utf8')) as EvaluationDocument;
    } else {
      try {
        doc = await options.evaluate(item, evaluationId, stop.aborter.signal);
      } catch (error) {
        if (error instanceof EvaluationStopped || stop.aborter.signal.aborted) {
          await source.release(item.id);
          journal.record({ t: 'released', id: item.id, at: new Date(now()).toISOString() });
          log(`  ${item.id}: stopped; given back for others to take`);
          return;
        }
        const failures = (journal.packages.get(item.id)?.failures ?? 0) + 1;
        const reason = error instanceof Error ? error.message : String(error);
        const retry = now() + workerRetryDelayMs(failures);
        journal.record({
          t: 'failed',
          id: item.id,
          evaluation_id: evaluationId,
          reason,
          retry_after: new Date(retry).toISOString(),
          at: new Date(now()).toISOString(),
        });
        await source.release(item.id);
        journal.record({ t: 'released', id: item.id, at: new Date(now()).toISOString() });
        exclude.add(item.id);
        summary.failures.push({ id: item.id, reason });
        finish(item.id, `could not evaluate (tried again after ${new Date(retry).toISOString()}): ${reason}`);
        return;
      }
      writeFileAtomic(pending, `${JSON.stringify(doc, null, 2)}\n`);
    }
    const outcome = outcomeOf(doc);
    journal.record({
      t: 'evaluated',
      id: item.id,
      evaluation_id: evaluationId,
      file: pending,
      outcome,
      at: new Date(now()).toISOString(),
    });
    await deliver(item, doc);
    finish(item.id, outcome);
  }

  /** Claims serialize: two loops must not race for the same queue head. */
  let claiming: Promise<unknown> = Promise.resolve();
  function claimNext(): Promise<Claim> {
    const next = claiming.then(() => source.claimNext(options.filter, exclude));
    claiming = next.catch(() => {});
    return next;
  }

  function why(): string | null {
    if (stop.draining) return 'asked to stop';
    if (deliveriesBlocked) return deliveriesBlocked;
    if (options.limit !== null && summary.taken >= options.limit)
      return `the limit of ${options.limit} was reached`;
    if (options.untilMs !== null && now() >= options.untilMs)
      return `it is past ${new Date(options.untilMs).toISOString()} (--until)`;
    return null;
  }

  async function loop(): Promise<string> {
    for (;;) {
      const reason = why();
      if (reason) return reason;
      let claim: Claim;
      try {
        claim = await claimNext();
      } catch (error) {
        if (error instanceof FatalWorkError) throw error;
        log(`  could not take a package: ${(error as Error).message}; trying again in a minute`);
        await stop.sleep(60_000);
        continue;
      }
      if (claim.kind === 'empty') return 'the queue has nothing more for this worker';
      if (claim.kind === 'skip') {
        exclude.add(claim.id);
        log(`  ${claim.id}: skipped: ${claim.reason}`);
        continue;
      }
      if (claim.kind === 'wait') {
        const waitMs = claim.untilMs - now();
        const maxWait = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
        if (waitMs > maxWait || (options.untilMs !== null && claim.untilMs > options.untilMs))
          return `the service asks to wait until ${new Date(claim.untilMs).toISOString()}: ${claim.reason}`;
        log(`  waiting ${Math.ceil(waitMs / 1000)} s: ${claim.reason}`);
        await stop.sleep(waitMs);
        continue;
      }
      // Taken after the stop request came in while it was being claimed: give it back.
      if (stop.draining) {
        await source.release(claim.item.id);
        return 'asked to stop';
      }
      summary.taken += 1;
      const evaluationId = randomUUID();
      journal.record({
        t: 'claimed',
        id: claim.item.id,
        evaluation_id: evaluationId,
        at: new Date(now()).toISOString(),
      });
      log(
        `  ${claim.item.id}: evaluating npm:${claim.item.npm}${claim.item.version ? `@${claim.item.version}` : ''}`,
      );
      await work(claim.item, evaluationId);
    }
  }

  // Unfinished work from a run that was killed comes first.
  const unfinished = [...journal.packages.values()].filter(
    (entry) => entry.stage === 'claimed' || entry.stage === 'evaluated',
  );
  progress.expect(
    (await source.remaining(options.filter).catch(() => null)) ?? null,
    options.limit,
    unfinished.length,
  );
  log(`Taking packages from ${source.description}.`);
  if (unfinished.length > 0)
    log(`Resuming ${unfinished.length} unfinished package(s) from the journal ${journal.file}.`);
  for (const entry of unfinished) {
    if (stop.draining) break;
    const claim = await source.claim(entry.id).catch(() => null);
    if (claim?.kind === 'item') {
      summary.taken += 1;
      await work(claim.item, entry.evaluationId);
    } else if (entry.stage === 'evaluated' && existsSync(journal.pendingFile(entry.evaluationId))) {
      // The lease went to someone else or expired: the evaluation is still worth delivering.
      const doc = JSON.parse(
        readFileSync(journal.pendingFile(entry.evaluationId), 'utf8'),
      ) as EvaluationDocument;
      await deliver({ id: entry.id, npm: '', version: null, contributor: doc.contributor.login }, doc);
      finish(entry.id, outcomeOf(doc));
    } else {
      journal.record({ t: 'released', id: entry.id, at: new Date(now()).toISOString() });
      log(
        `  ${entry.id}: no longer ours (${claim?.kind === 'skip' ? claim.reason : 'not claimable'}); left to others`,
      );
    }
  }

  const onDrain = () => {
    graceTimer = setTimeout(() => stop.abort(), options.graceMs);
    graceTimer.unref();
  };
  const drainWatch = setInterval(() => {
    if (stop.draining && graceTimer === undefined) onDrain();
  }, 200);
  drainWatch.unref();
  try {
    const reasons = await Promise.all(Array.from({ length: options.concurrency }, () => loop()));
    summary.stoppedBecause =
      reasons.find((reason) => reason !== 'the queue has nothing more for this worker') ?? reasons[0]!;
  } finally {
    clearInterval(drainWatch);
    clearTimeout(graceTimer);
  }
  summary.elapsedMs = now() - started;
  summary.waiting = [...journal.packages.values()].filter((entry) => entry.stage === 'evaluated').length;
  return summary;
}
