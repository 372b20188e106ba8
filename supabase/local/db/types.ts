/** The small database surface the local stack needs; implemented by PGlite and node-postgres. */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Number of rows touched by INSERT/UPDATE/DELETE (0 for SELECT in PGlite; use rows.length there). */
  affectedRows: number;
}

export interface Queryable {
  /** One statement with $1.. parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

/** One statement of a batch; a `name` prepares it once per connection (the same name must always carry the same SQL). */
export interface Statement {
  sql: string;
  params?: unknown[];
  name?: string;
}

export interface BatchOptions extends TransactionOptions {
  /** Roll back instead of committing (known before the statements run, so it travels with them). */
  rollback?: boolean;
  /** Decides after the statements ran: true rolls back (costs PostgreSQL a second round trip). */
  rollbackIf?: (results: QueryResult[]) => boolean;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN … COMMIT (ROLLBACK when fn throws). Transactions never interleave on one connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs the statements in order in one transaction, committed unless told otherwise, rolled back when one fails
   * (the first error is thrown). Sent as one stream of protocol messages with a single Sync (db/pipeline.ts): one round trip.
   */
  batch(statements: Statement[], options?: BatchOptions): Promise<QueryResult[]>;
  /** LISTEN on a channel; handler gets each NOTIFY payload. Resolves to a function that stops listening. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers report it (SQLSTATE code plus the server's fields). */
export interface PgError extends Error {
  code: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as unknown as { code: string }).code)
  );
}
