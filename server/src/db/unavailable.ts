// Tells "the database cannot be reached" apart from every other failure, so the API can answer 503
// with a reason an operator can act on instead of a bare 500. The reason names the kind of failure,
// never the database's address (sign-in answers strangers too).

// Node socket errors and PostgreSQL's connection-exception (08xxx) and operator-intervention
// (57P01-57P03: shutdown, crash, cannot connect now) SQLSTATEs.
const REASON_BY_CODE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'database host not found',
  EHOSTUNREACH: 'database host unreachable',
  EPIPE: 'connection lost',
  '08000': 'connection lost',
  '08001': 'could not connect',
  '08003': 'connection lost',
  '08004': 'connection refused by the database',
  '08006': 'connection lost',
  '57P01': 'the database is shutting down',
  '57P02': 'the database crashed',
  '57P03': 'the database is not accepting connections yet',
};
const REASON_BY_MESSAGE: [RegExp, string][] = [
  [/Connection terminated/i, 'connection lost'],
  [/timeout exceeded when trying to connect/i, 'connection timed out'],
  [/Client has encountered a connection error/i, 'connection lost'],
  [/PGlite is closed/i, 'the embedded database is closed'],
  [/Cannot use a pool after calling end/i, 'the database connection is closed'],
  [/the database system is (shutting down|starting up)/i, 'the database is restarting'],
];

function unreachableKind(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && REASON_BY_CODE[code]) return REASON_BY_CODE[code];
  if (typeof message === 'string') {
    const match = REASON_BY_MESSAGE.find(([pattern]) => pattern.test(message));
    if (match) return match[1];
  }
  // AggregateError from a connect to several addresses (localhost -> ::1 and 127.0.0.1).
  if (Array.isArray(errors))
    for (const inner of errors) {
      const kind = unreachableKind(inner, depth + 1);
      if (kind) return kind;
    }
  return undefined;
}

/** The reason to give when `error` means the database is unreachable; undefined for any other error. */
export function databaseUnavailableReason(error: unknown): string | undefined {
  const kind = unreachableKind(error);
  return kind ? `The server cannot reach its database (${kind}).` : undefined;
}

// A full disk: the write cannot be stored until an operator frees space. 53100 is PostgreSQL's disk_full,
// ENOSPC the file system's (PGlite writes its files itself), EDQUOT a quota reached; PGlite can also
// surface it as PostgreSQL's message "could not extend file ... No space left on device".
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);
const DISK_FULL_MESSAGE = /No space left on device|disk quota exceeded/i;

function isDiskFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
  if (typeof message === 'string' && DISK_FULL_MESSAGE.test(message)) return true;
  return isDiskFull(cause, depth + 1);
}

/** The reason to give when `error` means the database's disk is full (answered 507); undefined otherwise. */
export function diskFullReason(error: unknown): string | undefined {
  return isDiskFull(error)
    ? 'The database has no disk space left: nothing was saved. Free disk space on the server (or raise its quota), then try again.'
    : undefined;
}

/**
 * PostgreSQL cancelled a statement that ran past statement_timeout (DB_STATEMENT_TIMEOUT_MS, db/postgres.ts): the
 * request is answered 503 with this reason rather than a bare 500. SQLSTATE 57014 is also a cancel by an operator
 * (pg_cancel_backend), which the message tells apart.
 */
export function statementTimeoutReason(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== '57014' || typeof message !== 'string' || !/statement timeout/i.test(message)) return undefined;
  return 'The database took longer than the server allows for one statement. Try again, or ask for less at once.';
}
