/**
 * Versioned schema of the PostgreSQL store, applied in order on start, each exactly once, under an
 * advisory lock so that instances starting together do not race. Never edit a released migration;
 * add the next version.
 */
export const PG_MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        hash text NOT NULL,
        login text NOT NULL,
        avatar_url text,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE TABLE submissions (
        id text PRIMARY KEY,
        key_id text NOT NULL,
        login text NOT NULL,
        package_id text NOT NULL,
        evaluation_id text NOT NULL UNIQUE,
        -- Bytes, not text: a run key joins its parts with NUL, which PostgreSQL text cannot hold.
        run_key bytea NOT NULL,
        document text NOT NULL,
        spot_check boolean NOT NULL,
        self_evaluation text NOT NULL,
        tier text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        claimed_by text,
        claimed_until timestamptz,
        last_error text,
        review_url text,
        received_at timestamptz NOT NULL,
        delivered_at timestamptz
      );
      CREATE INDEX submissions_due ON submissions (next_attempt_at, received_at) WHERE status = 'queued';
      CREATE INDEX submissions_run ON submissions (run_key);
      CREATE TABLE leases (
        package_id text PRIMARY KEY,
        holder text NOT NULL,
        claimed_at timestamptz NOT NULL,
        claimed_until timestamptz NOT NULL
      );
      CREATE INDEX leases_until ON leases (claimed_until);
      -- rate-limiter-flexible's RateLimiterPostgres layout (key, points, expire in epoch ms), made
      -- here so that its schema is versioned with the rest.
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
      CREATE INDEX rate_limits_expire ON rate_limits (expire);
    `,
  },
];

/** The advisory lock key that serialises migrations across instances ("afscore" in ASCII). */
export const MIGRATION_LOCK_KEY = '27415718516453989';
