/**
 * The embedded store: one SQLite database (node:sqlite) in the state folder. WAL with full
 * synchronisation, so a submission is on disk before its 202 is sent; a busy timeout, so the
 * operator's `afscore keys` commands can write while the server runs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync as DatabaseSyncType, SQLInputValue } from 'node:sqlite';
import { sqlite } from '../../data/node-sqlite.ts';
import { SQLITE_MIGRATIONS } from './migrations.ts';
import type { ClaimOutcome, KeyRecord, Lease, Store, SubmissionRecord } from './store.ts';
import { StoreUnavailableError } from './store-errors.ts';

type Row = Record<string, SQLInputValue>;

export const STATE_DATABASE = 'afscore.sqlite';

async function openDatabase(path: string): Promise<DatabaseSyncType> {
  const { DatabaseSync } = sqlite();
  const db = new DatabaseSync(path);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  return db;
}

function migrate(db: DatabaseSyncType): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (row) => row.version,
    ),
  );
  for (const migration of SQLITE_MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        migration.version,
        new Date().toISOString(),
      );
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

/**
 * Submission columns. node:sqlite stores text with NUL intact but reads it back only up to the
 * first NUL, and run keys join their parts with NUL: read the run key as bytes.
 */
const SUBMISSION = 'SELECT *, CAST(run_key AS BLOB) AS run_key_bytes FROM submissions';

function toSubmission(row: Row | undefined): SubmissionRecord | null {
  if (!row) return null;
  return {
    id: String(row.id),
    key_id: String(row.key_id),
    login: String(row.login),
    package_id: String(row.package_id),
    evaluation_id: String(row.evaluation_id),
    run_key: Buffer.from(row.run_key_bytes as Uint8Array).toString('utf8'),
    document: String(row.document),
    spot_check: Number(row.spot_check) === 1,
    self_evaluation: row.self_evaluation === 'disclosed' ? 'disclosed' : 'none',
    tier: String(row.tier),
    status: row.status as SubmissionRecord['status'],
    attempts: Number(row.attempts),
    next_attempt_at: String(row.next_attempt_at),
    last_error: row.last_error === null ? null : String(row.last_error),
    review_url: row.review_url === null ? null : String(row.review_url),
    received_at: String(row.received_at),
    delivered_at: row.delivered_at === null ? null : String(row.delivered_at),
  };
}

function toKey(row: Row | undefined): KeyRecord | null {
  if (!row) return null;
  return {
    id: String(row.id),
    hash: String(row.hash),
    login: String(row.login),
    avatar_url: row.avatar_url === null ? null : String(row.avatar_url),
    created_at: String(row.created_at),
    revoked_at: row.revoked_at === null ? null : String(row.revoked_at),
  };
}

function toLease(row: Row | undefined): Lease | null {
  if (!row) return null;
  return {
    package_id: String(row.package_id),
    holder: String(row.holder),
    claimed_at: String(row.claimed_at),
    claimed_until: String(row.claimed_until),
  };
}

export class SqliteStore implements Store {
  private readonly db: DatabaseSyncType;

  private constructor(db: DatabaseSyncType) {
    this.db = db;
  }

  static async open(stateDir: string): Promise<SqliteStore> {
    try {
      mkdirSync(stateDir, { recursive: true });
      const db = await openDatabase(join(stateDir, STATE_DATABASE));
      migrate(db);
      return new SqliteStore(db);
    } catch (error) {
      throw new StoreUnavailableError(
        `the state folder ${stateDir} cannot be used: ${(error as Error).message}`,
      );
    }
  }

  /** Runs a statement, turning a disk or permission failure into StoreUnavailableError. */
  private run<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw StoreUnavailableError.from(error);
    }
  }

  private transaction<T>(work: () => T): T {
    return this.run(() => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = work();
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        this.db.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async insertKey(record: KeyRecord): Promise<void> {
    this.run(() =>
      this.db
        .prepare(
          'INSERT INTO api_keys (id, hash, login, avatar_url, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(record.id, record.hash, record.login, record.avatar_url, record.created_at, record.revoked_at),
    );
  }

  async findKey(id: string): Promise<KeyRecord | null> {
    return this.run(() =>
      toKey(this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as Row | undefined),
    );
  }

  async listKeys(): Promise<KeyRecord[]> {
    return this.run(() =>
      (this.db.prepare('SELECT * FROM api_keys ORDER BY created_at, id').all() as Row[]).map(
        (row) => toKey(row)!,
      ),
    );
  }

  async revokeKey(id: string, at: string): Promise<boolean> {
    const result = this.run(() =>
      this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id),
    );
    return Number(result.changes) > 0;
  }

  async insertSubmission(record: SubmissionRecord): Promise<void> {
    this.run(() =>
      this.db
        .prepare(
          `INSERT INTO submissions (id, key_id, login, package_id, evaluation_id, run_key, document, spot_check, self_evaluation, tier,
             status, attempts, next_attempt_at, last_error, review_url, received_at, delivered_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.id,
          record.key_id,
          record.login,
          record.package_id,
          record.evaluation_id,
          record.run_key,
          record.document,
          record.spot_check ? 1 : 0,
          record.self_evaluation,
          record.tier,
          record.status,
          record.attempts,
          record.next_attempt_at,
          record.last_error,
          record.review_url,
          record.received_at,
          record.delivered_at,
        ),
    );
  }

  async findSubmission(id: string): Promise<SubmissionRecord | null> {
    return this.run(() =>
      toSubmission(this.db.prepare(`${SUBMISSION} WHERE id = ?`).get(id) as Row | undefined),
    );
  }

  async findRun(runKey: string): Promise<SubmissionRecord | null> {
    return this.run(() =>
      toSubmission(
        this.db.prepare(`${SUBMISSION} WHERE run_key = ? AND status != 'failed' LIMIT 1`).get(runKey) as
          | Row
          | undefined,
      ),
    );
  }

  async claimDelivery(worker: string, now: string, leaseMs: number): Promise<SubmissionRecord | null> {
    const until = new Date(Date.parse(now) + leaseMs).toISOString();
    return this.transaction(() => {
      const row = this.db
        .prepare(
          `${SUBMISSION} WHERE status = 'queued' AND next_attempt_at <= ?
             AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, received_at LIMIT 1`,
        )
        .get(now, now) as Row | undefined;
      if (!row) return null;
      this.db
        .prepare(
          'UPDATE submissions SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1 WHERE id = ?',
        )
        .run(worker, until, row.id as string);
      return toSubmission({ ...row, attempts: Number(row.attempts) + 1 });
    });
  }

  async releaseClaimsAtStart(): Promise<number> {
    const result = this.run(() =>
      this.db
        .prepare(
          "UPDATE submissions SET claimed_by = NULL, claimed_until = NULL WHERE status = 'queued' AND claimed_by IS NOT NULL",
        )
        .run(),
    );
    return Number(result.changes);
  }

  async markDelivered(id: string, reviewUrl: string, at: string): Promise<void> {
    this.run(() =>
      this.db
        .prepare(
          "UPDATE submissions SET status = 'delivered', review_url = ?, delivered_at = ?, last_error = NULL, claimed_by = NULL, claimed_until = NULL WHERE id = ?",
        )
        .run(reviewUrl, at, id),
    );
  }

  async markRetry(id: string, error: string, nextAttemptAt: string): Promise<void> {
    this.run(() =>
      this.db
        .prepare(
          'UPDATE submissions SET last_error = ?, next_attempt_at = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ?',
        )
        .run(error, nextAttemptAt, id),
    );
  }

  async markFailed(id: string, reason: string, at: string): Promise<void> {
    this.run(() =>
      this.db
        .prepare(
          "UPDATE submissions SET status = 'failed', last_error = ?, delivered_at = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ?",
        )
        .run(reason, at, id),
    );
  }

  async claimLease(packageId: string, holder: string, now: string, until: string): Promise<ClaimOutcome> {
    return this.transaction(() => {
      const current = toLease(
        this.db.prepare('SELECT * FROM leases WHERE package_id = ?').get(packageId) as Row | undefined,
      );
      if (current && current.claimed_until > now && current.holder !== holder)
        return { ok: false, heldBy: current };
      const renewed = current !== null && current.claimed_until > now;
      const claimedAt = renewed ? current.claimed_at : now;
      this.db
        .prepare(
          'INSERT INTO leases (package_id, holder, claimed_at, claimed_until) VALUES (?, ?, ?, ?) ON CONFLICT (package_id) DO UPDATE SET holder = excluded.holder, claimed_at = excluded.claimed_at, claimed_until = excluded.claimed_until',
        )
        .run(packageId, holder, claimedAt, until);
      return {
        ok: true,
        renewed,
        lease: { package_id: packageId, holder, claimed_at: claimedAt, claimed_until: until },
      };
    });
  }

  async findLease(packageId: string, now: string): Promise<Lease | null> {
    return this.run(() =>
      toLease(
        this.db
          .prepare('SELECT * FROM leases WHERE package_id = ? AND claimed_until > ?')
          .get(packageId, now) as Row | undefined,
      ),
    );
  }

  async releaseLease(
    packageId: string,
    holder: string,
    now: string,
  ): Promise<'released' | 'not-yours' | 'none'> {
    return this.transaction(() => {
      const current = toLease(
        this.db
          .prepare('SELECT * FROM leases WHERE package_id = ? AND claimed_until > ?')
          .get(packageId, now) as Row | undefined,
      );
      if (!current) return 'none';
      if (current.holder !== holder) return 'not-yours';
      this.db.prepare('DELETE FROM leases WHERE package_id = ?').run(packageId);
      return 'released';
    });
  }

  async activeLeases(now: string): Promise<Lease[]> {
    return this.run(() =>
      (
        this.db.prepare('SELECT * FROM leases WHERE claimed_until > ? ORDER BY package_id').all(now) as Row[]
      ).map((row) => toLease(row)!),
    );
  }

  async packagesAwaitingReview(since: string): Promise<string[]> {
    return this.run(() =>
      (
        this.db
          .prepare(
            "SELECT DISTINCT package_id FROM submissions WHERE status != 'failed' AND received_at > ? ORDER BY package_id",
          )
          .all(since) as Row[]
      ).map((row) => String(row.package_id)),
    );
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
