/**
 * The server's own state: API key hashes, the submission outbox and checkout leases. Handlers see
 * only this interface; the embedded default keeps it in SQLite under the state folder
 * (`sqlite-store.ts`), and PostgreSQL (`pg-store.ts`, `AFSCORE_DATABASE_URL`) stands behind the
 * same methods when several instances run. Every method is async so either engine fits.
 */

export interface KeyRecord {
  id: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  login: string;
  avatar_url: string | null;
  created_at: string;
  revoked_at: string | null;
}

export type SubmissionStatus = 'queued' | 'delivered' | 'failed';

export interface SubmissionRecord {
  id: string;
  key_id: string;
  login: string;
  package_id: string;
  evaluation_id: string;
  run_key: string;
  /** The evaluation document exactly as it will be committed. */
  document: string;
  spot_check: boolean;
  self_evaluation: 'none' | 'disclosed';
  tier: string;
  status: SubmissionStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  review_url: string | null;
  received_at: string;
  delivered_at: string | null;
}

export interface Lease {
  package_id: string;
  holder: string;
  claimed_at: string;
  claimed_until: string;
}

export type ClaimOutcome = { ok: true; lease: Lease; renewed: boolean } | { ok: false; heldBy: Lease };

export interface Store {
  insertKey(record: KeyRecord): Promise<void>;
  findKey(id: string): Promise<KeyRecord | null>;
  listKeys(): Promise<KeyRecord[]>;
  revokeKey(id: string, at: string): Promise<boolean>;

  /** Durable before it resolves: an accepted submission is never lost. */
  insertSubmission(record: SubmissionRecord): Promise<void>;
  findSubmission(id: string): Promise<SubmissionRecord | null>;
  /** A queued or delivered submission of the same run, if any. */
  findRun(runKey: string): Promise<SubmissionRecord | null>;
  /** Takes the next due submission for delivery, so no other worker takes it until `leaseMs` passes. */
  claimDelivery(worker: string, now: string, leaseMs: number): Promise<SubmissionRecord | null>;
  /**
   * Frees the claims of deliveries interrupted by a crash. Only for an engine one process owns: it is
   * called at start, when no other worker can be delivering from this store.
   */
  releaseClaimsAtStart(): Promise<number>;
  markDelivered(id: string, reviewUrl: string, at: string): Promise<void>;
  markRetry(id: string, error: string, nextAttemptAt: string): Promise<void>;
  markFailed(id: string, reason: string, at: string): Promise<void>;

  /** Atomically takes, renews (same holder) or refuses (someone else's live lease) a lease. */
  claimLease(packageId: string, holder: string, now: string, until: string): Promise<ClaimOutcome>;
  findLease(packageId: string, now: string): Promise<Lease | null>;
  releaseLease(packageId: string, holder: string, now: string): Promise<'released' | 'not-yours' | 'none'>;
  activeLeases(now: string): Promise<Lease[]>;
  /**
   * Packages with a submission received after `since` (the catalogue's build time) that did not
   * fail: an evaluation is on its way into the data, so checkout does not hand the package out again.
   */
  packagesAwaitingReview(since: string): Promise<string[]>;

  close(): Promise<void>;
}
