/** Retry back-off for packages that do not start, as data: 1, 2, 4, 8, 16, then every 30 days. */
export const FIRST_RETRY_DAYS = 1;
export const MAX_RETRY_DAYS = 30;
