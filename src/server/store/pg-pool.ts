/**
 * Connection pools to the shared PostgreSQL database. Every wait is bounded, so a database that is
 * down or hanging costs a request a few seconds at most, never the server; an idle connection the
 * database drops (a restart) is reported, not thrown, since an unhandled pool error would end the
 * process.
 */
import { Pool } from 'pg';

export interface PgPoolOptions {
  url: string;
  /** Connections this instance may hold. */
  max: number;
  /** Which part of afscore this pool serves, shown in pg_stat_activity. */
  name: string;
  /**
   * Commit without waiting for the disk. Only for the rate-limit counters: a database crash may
   * forget the last fraction of a second of counting, which costs nothing that matters.
   */
  asyncCommit?: boolean;
  log: (line: string) => void;
}

export const PG_CONNECT_TIMEOUT_MS = 3_000;
export const PG_STATEMENT_TIMEOUT_MS = 10_000;

export function createPgPool(options: PgPoolOptions): Pool {
  const pool = new Pool({
    connectionString: options.url,
    max: options.max,
    application_name: `afscore-${options.name}`,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    query_timeout: PG_STATEMENT_TIMEOUT_MS + 2_000,
    idle_in_transaction_session_timeout: PG_STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    ...(options.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
  });
  let reported = 0;
  pool.on('error', (error) => {
    // A restart drops every idle connection at once: one line is enough.
    if (Date.now() - reported < 5_000) return;
    reported = Date.now();
    options.log(`postgres (${options.name}): idle connection lost: ${error.message}`);
  });
  return pool;
}
