/**
 * The shared store: PostgreSQL (`AFSCORE_DATABASE_URL`), for several instances behind a load
 * balancer. Same methods as the embedded store, with the guarantees several processes need: a
 * lease is taken in a transaction holding the row lock, so exactly one of two simultaneous claims
 * wins; the outbox is claimed with `FOR UPDATE SKIP LOCKED`, so one instance delivers each
 * submission; claims expire rather than being freed at start, since another instance may be
 * delivering. A database that is down answers StoreUnavailableError (503) and is used again as
 * soon as it is back; the schema is migrated on first contact, under an advisory lock.
 */
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { isPgConfigurationError, isPgUnavailable } from './pg-failure.ts';
import { MIGRATION_LOCK_KEY, PG_MIGRATIONS } from './pg-migrations.ts';
import { createPgPool } from './pg-pool.ts';
import type { ClaimOutcome, KeyRecord, Lease, Store, SubmissionRecord } from './store.ts';
import { StoreUnavailableError } from './store-errors.ts';

/** How soon after a failed attempt to reach the database the next request may try again. */
const RECONNECT_PAUSE_MS = 1_000;

type Row = QueryResultRow;

const iso = (value: unknown): string => (value as Date).toISOString();
/** Error texts come from elsewhere (GitHub, git); PostgreSQL text cannot hold NUL. */
const storable = (text: string): string => text.replaceAll('\u0000', '\uFFFD');
const isoOrNull = (value: unknown): string | null => (value === null ? null : iso(value));

function toKey(row: Row | undefined): KeyRecord | null {
  if (!row) return null;
  return {
    id: row.id,
    hash: row.hash,
    login: row.login,
    avatar_url: row.avatar_url,
    created_at: iso(row.created_at),
    revoked_at: isoOrNull(row.revoked_at),
  };
}

function toSubmission(row: Row | undefined): SubmissionRecord | null {
  if (!row) return null;
  return {
    id: row.id,
    key_id: row.key_id,
    login: row.login,
    package_id: row.package_id,
    evaluation_id: row.evaluation_id,
    run_key: (row.run_key as Buffer).toString('utf8'),
    document: row.document,
    spot_check: row.spot_check,
    self_evaluation: row.self_evaluation === 'disclosed' ? 'disclosed' : 'none',
    tier: row.tier,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: iso(row.next_attempt_at),
    last_error: row.last_error,
    review_url: row.review_url,
    received_at: iso(row.received_at),
    delivered_at: isoOrNull(row.delivered_at),
  };
}

function toLease(row: Row | undefined): Lease | null {
  if (!row) return null;
  return {
    package_id: row.package_id,
    holder: row.holder,
    claimed_at: iso(row.claimed_at),
    claimed_until: iso(row.claimed_until),
  };
}

/** A database failure as the rest of the server sees it. */
function mapped(error: unknown): Error {
  if (error instanceof StoreUnavailableError) return error;
  if (isPgUnavailable(error))
    return new StoreUnavailableError(`PostgreSQL is unavailable: ${(error as Error).message}`);
  return error instanceof Error ? error : new Error(String(error));
}

async function applyMigrations(client: PoolClient): Promise<number[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of PG_MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [
          migration.version,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      done.push(migration.version);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

export class PgStore implements Store {
  private readonly pool: Pool;
  private readonly log: (line: string) => void;
  private migrated = false;
  private migrating: Promise<void> | null = null;
  private failedAt = 0;
  private lastFailure: Error | null = null;

  private constructor(pool: Pool, log: (line: string) => void) {
    this.pool = pool;
    this.log = log;
  }

  /**
   * Opens the store. A database that cannot be reached is not fatal when `waitForDatabase` is set
   * (a server keeps serving reads and migrates once it is back); wrong credentials, a missing
   * database and failing migrations always are.
   */
  static async open(
    url: string,
    options: { log: (line: string) => void; waitForDatabase?: boolean; maxConnections?: number },
  ): Promise<PgStore> {
    const pool = createPgPool({ url, max: options.maxConnections ?? 10, name: 'store', log: options.log });
    const store = new PgStore(pool, options.log);
    try {
      await store.ready();
    } catch (error) {
      const cause = error instanceof StoreUnavailableError ? store.lastFailure : error;
      if (
        !options.waitForDatabase ||
        !(error instanceof StoreUnavailableError) ||
        isPgConfigurationError(cause)
      ) {
        await store.close();
        throw error;
      }
      options.log(`${(error as Error).message}; contributions answer 503 until it is reachable`);
    }
    return store;
  }

  /** Migrates on first contact; while the database is unreachable, fails fast for a moment. */
  private async ready(): Promise<void> {
    if (this.migrated) return;
    if (!this.migrating) {
      if (this.lastFailure && Date.now() - this.failedAt < RECONNECT_PAUSE_MS) throw mapped(this.lastFailure);
      this.migrating = this.migrate().finally(() => {
        this.migrating = null;
      });
    }
    await this.migrating;
  }

  private async migrate(): Promise<void> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.noteFailure(error);
      throw mapped(error);
    }
    const quiet = () => {};
    client.on('error', quiet);
    try {
      const applied = await applyMigrations(client);
      if (applied.length > 0) this.log(`postgres: applied migration(s) ${applied.join(', ')}`);
      this.migrated = true;
      this.lastFailure = null;
    } catch (error) {
      this.noteFailure(error);
      throw mapped(error);
    } finally {
      client.off('error', quiet);
      client.release();
    }
  }

  private noteFailure(error: unknown): void {
    this.lastFailure = error instanceof Error ? error : new Error(String(error));
    this.failedAt = Date.now();
  }

  private async query(text: string, values: unknown[] = []): Promise<Row[]> {
    await this.ready();
    try {
      return (await this.pool.query(text, values)).rows;
    } catch (error) {
      throw mapped(error);
    }
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    await this.ready();
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw mapped(error);
    }
    // A connection that dies between two statements is reported here rather than crashing.
    let broken = false;
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw mapped(error);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  async insertKey(record: KeyRecord): Promise<void> {
    await this.query(
      'INSERT INTO api_keys (id, hash, login, avatar_url, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [record.id, record.hash, record.login, record.avatar_url, record.created_at, record.revoked_at],
    );
  }

  async findKey(id: string): Promise<KeyRecord | null> {
    return toKey((await this.query('SELECT * FROM api_keys WHERE id = $1', [id]))[0]);
  }

  async listKeys(): Promise<KeyRecord[]> {
    return (await this.query('SELECT * FROM api_keys ORDER BY created_at, id')).map((row) => toKey(row)!);
  }

  async revokeKey(id: string, at: string): Promise<boolean> {
    const rows = await this.query(
      'UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
      [id, at],
    );
    return rows.length > 0;
  }

  async insertSubmission(record: SubmissionRecord): Promise<void> {
    // Resolves only after the commit is flushed (synchronous_commit stays on for this pool).
    await this.query(
      `INSERT INTO submissions (id, key_id, login, package_id, evaluation_id, run_key, document, spot_check,
         self_evaluation, tier, status, attempts, next_attempt_at, last_error, review_url, received_at, delivered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        record.id,
        record.key_id,
        record.login,
        record.package_id,
        record.evaluation_id,
        Buffer.from(record.run_key, 'utf8'),
        record.document,
        record.spot_check,
        record.self_evaluation,
        record.tier,
        record.status,
        record.attempts,
        record.next_attempt_at,
        record.last_error === null ? null : storable(record.last_error),
        record.review_url,
        record.received_at,
        record.delivered_at,
      ],
    );
  }

  async findSubmission(id: string): Promise<SubmissionRecord | null> {
    return toSubmission((await this.query('SELECT * FROM submissions WHERE id = $1', [id]))[0]);
  }

  async findRun(runKey: string): Promise<SubmissionRecord | null> {
    return toSubmission(
      (
        await this.query("SELECT * FROM submissions WHERE run_key = $1 AND status <> 'failed' LIMIT 1", [
          Buffer.from(runKey, 'utf8'),
        ])
      )[0],
    );
  }

  async claimDelivery(worker: string, now: string, leaseMs: number): Promise<SubmissionRecord | null> {
    // Rows another instance is claiming right now are skipped, not waited for; a row whose claim
    // changed under us fails the re-checked conditions and the next one is taken instead.
    const rows = await this.query(
      `UPDATE submissions SET claimed_by = $1, claimed_until = $2::timestamptz + $3 * interval '1 millisecond',
         attempts = attempts + 1
       WHERE id = (
         SELECT id FROM submissions
         WHERE status = 'queued' AND next_attempt_at <= $2 AND (claimed_until IS NULL OR claimed_until <= $2)
         ORDER BY next_attempt_at, received_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED
       )
       RETURNING *`,
      [worker, now, leaseMs],
    );
    return toSubmission(rows[0]);
  }

  async releaseClaimsAtStart(): Promise<number> {
    // Other instances may be delivering right now: their claims are theirs until they run out.
    return 0;
  }

  async markDelivered(id: string, reviewUrl: string, at: string): Promise<void> {
    await this.query(
      `UPDATE submissions SET status = 'delivered', review_url = $2, delivered_at = $3, last_error = NULL,
         claimed_by = NULL, claimed_until = NULL WHERE id = $1`,
      [id, reviewUrl, at],
    );
  }

  async markRetry(id: string, error: string, nextAttemptAt: string): Promise<void> {
    // A late report from an instance whose claim ran out never undoes another instance's delivery.
    await this.query(
      `UPDATE submissions SET last_error = $2, next_attempt_at = $3, claimed_by = NULL, claimed_until = NULL
       WHERE id = $1 AND status = 'queued'`,
      [id, storable(error), nextAttemptAt],
    );
  }

  async markFailed(id: string, reason: string, at: string): Promise<void> {
    await this.query(
      `UPDATE submissions SET status = 'failed', last_error = $2, delivered_at = $3, claimed_by = NULL,
         claimed_until = NULL WHERE id = $1 AND status = 'queued'`,
      [id, storable(reason), at],
    );
  }

  async claimLease(packageId: string, holder: string, now: string, until: string): Promise<ClaimOutcome> {
    return this.transaction(async (client) => {
      // A new lease is inserted outright; a concurrent insert of the same package waits for ours
      // and then finds the row taken.
      const inserted = await client.query(
        `INSERT INTO leases (package_id, holder, claimed_at, claimed_until) VALUES ($1, $2, $3, $4)
         ON CONFLICT (package_id) DO NOTHING RETURNING *`,
        [packageId, holder, now, until],
      );
      if (inserted.rows[0]) return { ok: true, renewed: false, lease: toLease(inserted.rows[0])! };
      const current = toLease(
        (await client.query('SELECT * FROM leases WHERE package_id = $1 FOR UPDATE', [packageId])).rows[0],
      )!;
      const live = Date.parse(current.claimed_until) > Date.parse(now);
      if (live && current.holder !== holder) return { ok: false, heldBy: current };
      const updated = await client.query(
        'UPDATE leases SET holder = $2, claimed_at = $3, claimed_until = $4 WHERE package_id = $1 RETURNING *',
        [packageId, holder, live ? current.claimed_at : now, until],
      );
      return { ok: true, renewed: live, lease: toLease(updated.rows[0])! };
    });
  }

  async findLease(packageId: string, now: string): Promise<Lease | null> {
    return toLease(
      (
        await this.query('SELECT * FROM leases WHERE package_id = $1 AND claimed_until > $2', [
          packageId,
          now,
        ])
      )[0],
    );
  }

  async releaseLease(
    packageId: string,
    holder: string,
    now: string,
  ): Promise<'released' | 'not-yours' | 'none'> {
    const deleted = await this.query(
      'DELETE FROM leases WHERE package_id = $1 AND holder = $2 AND claimed_until > $3 RETURNING package_id',
      [packageId, holder, now],
    );
    if (deleted.length > 0) return 'released';
    return (await this.findLease(packageId, now)) ? 'not-yours' : 'none';
  }

  async activeLeases(now: string): Promise<Lease[]> {
    return (await this.query('SELECT * FROM leases WHERE claimed_until > $1 ORDER BY package_id', [now])).map(
      (row) => toLease(row)!,
    );
  }

  async packagesAwaitingReview(since: string): Promise<string[]> {
    return (
      await this.query(
        "SELECT DISTINCT package_id FROM submissions WHERE status <> 'failed' AND received_at > $1 ORDER BY package_id",
        [since],
      )
    ).map((row) => String(row.package_id));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
