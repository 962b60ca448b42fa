/**
 * Errors in the log without the data of the request (docs/SECURITY.md "V16 Security logging").
 *
 * A failed database statement reaches the log as drizzle's `DrizzleQueryError`, whose message is
 * `Failed query: <sql>\nparams: <every parameter>` (e-mails, password hashes, token hashes), with
 * the driver's error as its `cause`, whose `detail` repeats values too (`Key (email)=(…) already
 * exists`). The logger's `err` serializer ({@link serializeError}) writes such an error as its
 * SQLSTATE code, the statement's name (`insert auth_accounts`), the table, column and constraint
 * names and the stack frames: never the SQL's parameters, the message or the detail. The
 * `logMethod` hook ({@link redactLogArguments}) does the same for an error passed as the log call's
 * first argument (`log.error(err)`, whose message pino would otherwise copy into `msg`).
 */

/** What the log keeps of a database error. */
interface LoggedDbError {
  type: string;
  /** SQLSTATE, e.g. `23505` (unique violation); `unknown` when the driver gave none. */
  code: string;
  /** `<verb> <table>` of the failed statement, e.g. `insert auth_accounts`; `unknown` without its SQL. */
  statement: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  /** Stack frames only (the first line of a stack repeats the message). */
  stack?: string;
}

/** What the log keeps of any other error (pino's standard fields). */
interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError | LoggedDbError;
}

type ErrorLike = Error & Record<string, unknown>;

const isObject = (v: unknown): v is ErrorLike => typeof v === 'object' && v !== null;

/** drizzle's DrizzleQueryError: the failed SQL and its parameters. */
const isQueryError = (e: ErrorLike): boolean => typeof e.query === 'string' && 'params' in e;
/** A PostgreSQL error of node-postgres or PGlite: a severity and a five-character SQLSTATE. */
const isDriverError = (e: ErrorLike): boolean =>
  typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);

/**
 * `<verb> <table>` of an SQL statement (`insert auth_accounts`, `select auth_sessions`,
 * `update auth_device_challenges`); the verb alone when no table is found.
 */
export function statementName(query: string): string {
  const q = query.replace(/\s+/g, ' ').trim();
  const verb = /^(\w+)/.exec(q)?.[1]?.toLowerCase() ?? 'unknown';
  const ident = String.raw`"?([A-Za-z_][A-Za-z0-9_]*)"?(?:\."?([A-Za-z_][A-Za-z0-9_]*)"?)?`;
  const table =
    verb === 'insert'
      ? new RegExp(`^insert into ${ident}`, 'i').exec(q)
      : verb === 'update'
        ? new RegExp(`^update ${ident}`, 'i').exec(q)
        : verb === 'delete'
          ? new RegExp(`^delete from ${ident}`, 'i').exec(q)
          : new RegExp(`\\bfrom ${ident}`, 'i').exec(q);
  const name = table ? (table[2] ?? table[1]) : undefined;
  return name ? `${verb} ${name}` : verb;
}

/** The stack without its first line (which is `Type: message`). */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((l) => /^\s+at /.test(l));
  return frames.length ? frames.join('\n') : undefined;
}

/** The database error in an error or its `cause` chain, and the statement it belongs to. */
function findDbError(err: ErrorLike): { query: ErrorLike | null; driver: ErrorLike | null } | null {
  let query: ErrorLike | null = null;
  let driver: ErrorLike | null = null;
  let e: unknown = err;
  for (let depth = 0; depth < 8 && isObject(e); depth++) {
    if (!query && isQueryError(e)) query = e;
    if (!driver && isDriverError(e)) driver = e;
    e = e.cause;
  }
  return query || driver ? { query, driver } : null;
}

function dbErrorRecord(err: ErrorLike, found: { query: ErrorLike | null; driver: ErrorLike | null }): LoggedDbError {
  const d = found.driver;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const record: LoggedDbError = {
    type: err.name || 'Error',
    code: str(d?.code) ?? 'unknown',
    statement: found.query ? statementName(found.query.query as string) : 'unknown',
  };
  const severity = str(d?.severity);
  const table = str(d?.table);
  const column = str(d?.column);
  const constraint = str(d?.constraint);
  if (severity) record.severity = severity;
  if (table) record.table = table;
  if (column) record.column = column;
  if (constraint) record.constraint = constraint;
  const stack = framesOf(err.stack);
  if (stack) record.stack = stack;
  return record;
}

/**
 * pino `err` serializer of the API's logger: a database error (drizzle's query error, a
 * node-postgres or PGlite error, or any error whose `cause` chain holds one) as
 * {@link LoggedDbError}; any other error with pino's usual fields, its cause serialized the same way.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!isObject(err)) return err;
  const found = findDbError(err);
  if (found) return dbErrorRecord(err, found);
  const record: LoggedError = { type: err.name || err.constructor?.name || 'Error', message: String(err.message ?? '') };
  if (typeof err.stack === 'string') record.stack = err.stack;
  if (typeof err.code === 'string') record.code = err.code;
  if (typeof err.statusCode === 'number') record.statusCode = err.statusCode;
  if (isObject(err.cause) && depth < 8) record.cause = serializeError(err.cause, depth + 1) as LoggedError;
  return record;
}

/** The message logged for an error whose own message must not be logged. */
function dbMessage(record: LoggedDbError): string {
  return `database error ${record.code} in ${record.statement}`;
}

/**
 * pino `hooks.logMethod` arguments rewrite: `log.error(err)` and `log.error(err, 'text')` with a
 * database error become `log.error({ err }, 'database error <code> in <statement>')` (pino would
 * copy the error's message, parameters included, into `msg`); a string message carrying drizzle's
 * `params:` part loses that part.
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (isObject(first) && first instanceof Error) {
    const found = findDbError(first as ErrorLike);
    if (found) {
      const text = rest.find((r) => typeof r === 'string') as string | undefined;
      return [{ err: first }, text ?? dbMessage(dbErrorRecord(first as ErrorLike, found))];
    }
  }
  return args.map((a) => (typeof a === 'string' && a.includes('\nparams: ') ? a.slice(0, a.indexOf('\nparams: ')) : a));
}
