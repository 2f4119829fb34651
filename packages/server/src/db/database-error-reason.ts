/** A Postgres (or PGlite) error somewhere in a cause chain: the ORM wraps it in "Failed query: …". */
interface SqlStateError {
  message: string;
  code: string;
}

/**
 * The database's own reason for a failure, in one line ("permission denied for database app (SQLSTATE 42501)"),
 * or null when the error did not come from the database. Never includes query parameters.
 */
export function databaseReason(error: unknown): string | null {
  const found = sqlStateError(error);
  if (!found) return null;
  return `${oneLine(valueFreeMessage(found.message, found.code))} (SQLSTATE ${found.code})`;
}

/**
 * A database message without the input it quotes: data exceptions (SQLSTATE class 22) name the offending value
 * ('invalid input syntax for type integer: "…"'), which may be a secret bound as a parameter.
 */
export function valueFreeMessage(message: string, code: string): string {
  if (!code.startsWith('22')) return message;
  const colon = message.indexOf(': ');
  return colon === -1 ? message : message.slice(0, colon);
}

/** SQLSTATE of a unique index refusing a row. */
export const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a database error somewhere in a cause chain, or null. */
export function sqlStateOf(error: unknown): string | null {
  return sqlStateError(error)?.code ?? null;
}

function sqlStateError(error: unknown): SqlStateError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { message: current.message, code };
    current = current.cause;
  }
  return null;
}

/** The first line of a text, shortened: statement texts and messages can be long. */
export function oneLine(text: string, max = 300): string {
  const line = text.split('\n', 1)[0]!.trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
