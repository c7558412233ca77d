/**
 * Which PostgreSQL failures mean "the database is not there right now" (answered 503, retried by the
 * worker, recovered from without a restart) and which mean the operator's configuration is wrong.
 * Everything else (a constraint, a bug in a query) is left as it is.
 */

/** Socket-level failures of the connection to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATE classes of an unavailable database: connection exceptions (08), insufficient resources
 * such as a full disk (53), operator intervention such as a restart (57), system errors (58),
 * rollbacks from contention (40), locks not available (55), and the configuration ones below.
 */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58', '40', '55', '28', '3D']);
const UNAVAILABLE_STATES = new Set(['25006', '42501']);

/** Invalid authorization (28), no such database (3D), missing privilege: the operator must act. */
const CONFIGURATION_CLASSES = new Set(['28', '3D']);

/** What node-postgres throws itself when a connection dies or cannot be made in time. */
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end/i;

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

export function isPgUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (NETWORK_CODES.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code))
    return UNAVAILABLE_CLASSES.has(code.slice(0, 2)) || UNAVAILABLE_STATES.has(code);
  return error instanceof Error && CLIENT_MESSAGES.test(error.message);
}

export function isPgConfigurationError(error: unknown): boolean {
  const code = codeOf(error);
  return CONFIGURATION_CLASSES.has(code.slice(0, 2)) || code === '42501';
}
