/** Retry back-off for packages that do not start, as data: 1, 2, 4, 8, 16, then every 30 days. */
export const FIRST_RETRY_DAYS = 1;
export const MAX_RETRY_DAYS = 30;

/**
 * A worker that could not evaluate a package at all (the install failed, the registry did not
 * answer) leaves it for an hour, then 2, 4 … up to a week, so it does not retry every run.
 */
export const WORKER_FIRST_RETRY_HOURS = 1;
export const WORKER_MAX_RETRY_HOURS = 7 * 24;
