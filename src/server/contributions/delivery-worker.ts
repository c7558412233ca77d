/**
 * Delivers the outbox. A submission is claimed for a while (so another worker, in this process or
 * another instance, leaves it alone), delivered through the backend, and then marked delivered,
 * retried later with exponential backoff, or failed when retrying cannot help. A crash between the
 * claim and the mark only delays the submission until the claim runs out; the backend is
 * idempotent, so the retry finds the pull request the first attempt opened.
 */
import { randomUUID } from 'node:crypto';
import { pullRequestText } from '../../core/contributions/pull-request.ts';
import type { EvaluationDocument, TierName } from '../../core/types.ts';
import type { DeliveryBackend } from '../../github/delivery-backend.ts';
import { PermanentDeliveryError } from '../../github/delivery-backend.ts';
import type { Store, SubmissionRecord } from '../store/store.ts';

export interface DeliveryPolicy {
  /** First retry delay; doubled per attempt up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  /** How long a claimed submission is left to one worker. */
  claimMs: number;
  /** How often an idle worker looks for due submissions. */
  pollMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  retryMs: 5_000,
  maxRetryMs: 15 * 60_000,
  claimMs: 2 * 60_000,
  pollMs: 2_000,
};

export function retryDelay(policy: DeliveryPolicy, attempts: number): number {
  return Math.min(policy.maxRetryMs, policy.retryMs * 2 ** Math.max(0, attempts - 1));
}

export class DeliveryWorker {
  /** Recorded with each claim, so an operator can tell which instance holds a submission. */
  readonly id = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private outboxDown = false;
  private readonly store: Store;
  private readonly backend: DeliveryBackend;
  private readonly packageName: (id: string) => string;
  private readonly policy: DeliveryPolicy;
  private readonly log: (line: string) => void;

  constructor(options: {
    store: Store;
    backend: DeliveryBackend;
    packageName: (id: string) => string;
    policy?: DeliveryPolicy;
    log: (line: string) => void;
  }) {
    this.store = options.store;
    this.backend = options.backend;
    this.packageName = options.packageName;
    this.policy = options.policy ?? DEFAULT_DELIVERY_POLICY;
    this.log = options.log;
  }

  start(): void {
    this.schedule(0);
  }

  /** Looks at the outbox now, e.g. right after a submission was accepted. */
  nudge(): void {
    if (!this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = null;
        this.schedule(this.policy.pollMs);
      });
    }, delay);
  }

  /** Delivers every due submission, one at a time. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      let submission: SubmissionRecord | null;
      try {
        submission = await this.store.claimDelivery(this.id, new Date().toISOString(), this.policy.claimMs);
      } catch (error) {
        // Said once per outage, not at every poll.
        if (!this.outboxDown) this.log(`delivery: cannot read the outbox: ${(error as Error).message}`);
        this.outboxDown = true;
        return;
      }
      if (this.outboxDown) this.log('delivery: the outbox can be read again');
      this.outboxDown = false;
      if (!submission) return;
      await this.deliverOne(submission);
    }
  }

  private async deliverOne(submission: SubmissionRecord): Promise<void> {
    try {
      await this.attempt(submission);
    } catch (error) {
      // Only the store can fail here (the state folder is unwritable): the claim runs out and the
      // submission is taken again later, so nothing is lost.
      this.log(`delivery: cannot record the outcome of ${submission.id}: ${(error as Error).message}`);
    }
  }

  private async attempt(submission: SubmissionRecord): Promise<void> {
    const doc = JSON.parse(submission.document) as EvaluationDocument;
    const text = pullRequestText({
      doc,
      packageName: this.packageName(submission.package_id),
      submissionId: submission.id,
      tier: submission.tier as TierName,
      spotCheck: submission.spot_check,
      selfEvaluation: submission.self_evaluation,
    });
    try {
      const { reviewUrl } = await this.backend.deliver({ document: submission.document, text });
      await this.store.markDelivered(submission.id, reviewUrl, new Date().toISOString());
      this.log(`delivery: ${submission.id} → ${reviewUrl}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentDeliveryError) {
        await this.store.markFailed(submission.id, reason, new Date().toISOString());
        this.log(`delivery: ${submission.id} failed: ${reason}`);
        return;
      }
      const next = new Date(Date.now() + retryDelay(this.policy, submission.attempts)).toISOString();
      await this.store.markRetry(submission.id, reason, next);
      this.log(
        `delivery: ${submission.id} attempt ${submission.attempts} failed (${reason}); retrying at ${next}`,
      );
    }
  }
}
