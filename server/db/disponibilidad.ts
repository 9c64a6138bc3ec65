// Failures that mean "the database (or the disk) is away" (refused, cut, locked past
// busy_timeout, full), not a defect of ours: the error handler answers them 503 with Retry-After instead of 500. The
// pg pool reconnects and SQLite retries on the next request, so recovery needs nothing else.

const CODIGOS_SIN_BASE = new Set([
  // sockets (pg)
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections,
  // connection exceptions, and the database refusing connections (ALLOW_CONNECTIONS false)
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '55000',
  // SQLite (better-sqlite3 reports extended codes, e.g. SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE)
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  // the document store's disk
  'ENOSPC',
  'EDQUOT',
]);

// pg's own messages (no code) when the socket dies or the pool cannot connect in time.
const MENSAJES_SIN_BASE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/;

function codigoBase(codigo: string): string {
  // SQLITE_BUSY_SNAPSHOT → SQLITE_BUSY; other codes stay as they are.
  return codigo.startsWith('SQLITE_') ? codigo.split('_').slice(0, 2).join('_') : codigo;
}

export function baseNoDisponible(error: unknown, profundidad = 0): boolean {
  if (profundidad > 3 || typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && CODIGOS_SIN_BASE.has(codigoBase(e.code))) return true;
  if (typeof e.message === 'string' && MENSAJES_SIN_BASE.test(e.message)) return true;
  // Node reports a refused dual-stack connect as an AggregateError of per-address errors.
  if (Array.isArray(e.errors) && e.errors.some((x) => baseNoDisponible(x, profundidad + 1))) return true;
  return baseNoDisponible(e.cause, profundidad + 1);
}
