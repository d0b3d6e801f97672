/**
 * SQLSTATE codes that mean the server cannot reach or use its database now, whatever the query:
 * the database is down, closed to connections, full, or refuses this server's credentials.
 */
const UNREACHABLE_STATES = new Set([
  '55000', // object_not_in_prerequisite_state: the database refuses connections (ALLOW_CONNECTIONS false)
  '57P01', // admin_shutdown: the connection was terminated (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database is starting up or shutting down
  '53300', // too_many_connections
  '28000', // invalid_authorization_specification: the role may no longer log in (pg_hba, NOLOGIN)
  '28P01', // invalid_password: the password was rotated under a running server
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const MESSAGES = [
  'Connection terminated',
  'connection error',
  'not queryable',
  'timeout exceeded when trying to connect',
  'The database connection is not open',
  'Cannot use a pool after calling end',
  // The server is closing its connections (shutdown) while a request still asks for one.
  'driver has already been destroyed',
];

/**
 * Whether an error means the database is unreachable rather than that a query was wrong: such a
 * request gets 503 "Database unreachable", and the next one is tried on a fresh connection.
 * SQLSTATE class 08 (connection exception) counts whole.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNREACHABLE_STATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code))
  )
    return true;
  return MESSAGES.some((message) => error.message.includes(message));
}
