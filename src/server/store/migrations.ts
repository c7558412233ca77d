/** Versioned schema of the embedded store; applied in order on start, each exactly once. */
export const SQLITE_MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        hash TEXT NOT NULL,
        login TEXT NOT NULL,
        avatar_url TEXT,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE TABLE submissions (
        id TEXT PRIMARY KEY,
        key_id TEXT NOT NULL,
        login TEXT NOT NULL,
        package_id TEXT NOT NULL,
        evaluation_id TEXT NOT NULL UNIQUE,
        run_key TEXT NOT NULL,
        document TEXT NOT NULL,
        spot_check INTEGER NOT NULL,
        self_evaluation TEXT NOT NULL,
        tier TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        claimed_by TEXT,
        claimed_until TEXT,
        last_error TEXT,
        review_url TEXT,
        received_at TEXT NOT NULL,
        delivered_at TEXT
      );
      CREATE INDEX submissions_due ON submissions (status, next_attempt_at);
      CREATE INDEX submissions_run ON submissions (run_key);
      CREATE TABLE leases (
        package_id TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        claimed_at TEXT NOT NULL,
        claimed_until TEXT NOT NULL
      );
    `,
  },
];
