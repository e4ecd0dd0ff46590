/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, its
 * backend terminated, connections refused) rather than that something is wrong with the
 * request or the code. Such a failure is answered as "unavailable, try again", not as an
 * anonymous internal error: the client may retry, and the operator reads a different log line.
 */

/** Node socket errors of a connection that never came up or broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away: admin/crash shutdown, cannot connect now, too many
 * connections — and 57014, a statement cancelled by statement_timeout (DB_STATEMENT_TIMEOUT_MS):
 * the database is too slow or blocked right now, and the statement's transaction rolled back.
 */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * What `pg` itself throws (no SQLSTATE) when the socket ends or a broken client is used again,
 * and its timeouts (config.ts, DatabaseTimeouts): no connection within DB_CONNECT_TIMEOUT_MS
 * ("… due to connection timeout"), no free pool connection within it, no answer to a query
 * within DB_QUERY_TIMEOUT_MS.
 */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect$|Query read timeout$)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps driver errors (DrizzleQueryError) with the driver's error as `cause`.
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, severity } = current as Error & { code?: unknown; severity?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SERVER_GONE.has(code) || code.startsWith('08')) return true;
      // A FATAL error ends the session: e.g. 55000 "database is not currently accepting connections".
      if (severity === 'FATAL' || severity === 'PANIC') return true;
    }
    if (PG_CONNECTION_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
