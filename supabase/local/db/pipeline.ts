import type { BatchOptions, QueryResult, Statement } from './types.ts';

/**
 * A batch of statements as one stream of extended-protocol messages ending in a single Sync: the
 * database runs them in one implicit transaction (committed at the Sync, rolled back by any error)
 * and answers once. Both drivers use it: node-postgres writes the messages to its socket, PGlite
 * takes them in one execProtocol call.
 */

/** The message writers of pg's Connection and PGlite's serializer share these shapes. */
export interface ProtocolWriter {
  parse(m: { text: string; name: string }): void;
  bind(m: { statement: string; values: (string | null)[] }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string }): void;
  close(m: { type: 'S'; name: string }): void;
  sync(): void;
}

/** The backend messages a batch answers with (field names as both drivers parse them). */
interface ResultSink {
  rowDescription(fields: readonly { name: string; dataTypeID: number }[]): void;
  dataRow(fields: readonly (string | null)[]): void;
  commandComplete(text: string): void;
  emptyQuery(): void;
}

/** Statements that end an explicit transaction, prepared once per connection like the others. */
const TX = {
  begin: { sql: 'begin', name: 'tx_begin' },
  beginReadOnly: { sql: 'begin read only', name: 'tx_begin_read_only' },
  commit: { sql: 'commit', name: 'tx_commit' },
  rollback: { sql: 'rollback', name: 'tx_rollback' },
} satisfies Record<string, Statement>;

/**
 * Named statements a connection has prepared, by name. A name is recorded only once its statement
 * has run: after an error the ones not confirmed may or may not exist, so they are closed and parsed
 * again next time (closing a statement that does not exist is not an error).
 */
export class PreparedNames {
  private readonly sqlByName = new Map<string, string>();

  has(s: Statement): boolean {
    return s.name !== undefined && this.sqlByName.get(s.name) === s.sql;
  }

  confirm(s: Statement): void {
    if (s.name !== undefined) this.sqlByName.set(s.name, s.sql);
  }

  forget(s: Statement): void {
    if (s.name !== undefined) this.sqlByName.delete(s.name);
  }
}

/** Parameters go as text: bytes in bytea's hex form, other non-strings as their JSON or string form. */
function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Writes the statements and one Sync: each parsed once per connection when named, bound, described and executed. */
export function writeBatch(writer: ProtocolWriter, statements: readonly Statement[], prepared: PreparedNames): void {
  for (const s of statements) {
    const name = s.name ?? '';
    if (!prepared.has(s)) {
      if (name) writer.close({ type: 'S', name });
      writer.parse({ text: s.sql, name });
    }
    writer.bind({ statement: name, values: (s.params ?? []).map(textValue) });
    writer.describe({ type: 'P', name: '' });
    writer.execute({ portal: '' });
  }
  writer.sync();
}

type TextParser = (oid: number) => (text: string) => unknown;

/** Collects each statement's rows and row count from the answer's messages, in order. */
export class BatchResults implements ResultSink {
  readonly results: QueryResult[] = [];
  private fields: { name: string; parse: (text: string) => unknown }[] = [];
  private rows: Record<string, unknown>[] = [];

  constructor(private readonly parserFor: TextParser) {}

  rowDescription(fields: readonly { name: string; dataTypeID: number }[]): void {
    this.fields = fields.map((f) => ({ name: f.name, parse: this.parserFor(f.dataTypeID) }));
  }

  dataRow(values: readonly (string | null)[]): void {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < this.fields.length; i++) {
      const field = this.fields[i]!;
      const value = values[i];
      row[field.name] = value === null || value === undefined ? null : field.parse(value);
    }
    this.rows.push(row);
  }

  commandComplete(text: string): void {
    // "INSERT 0 3", "UPDATE 2", "SELECT 5": the last word is the count for the commands that report one
    const words = text.split(' ');
    const count = Number(words[words.length - 1]);
    const touched = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(words[0]!) && Number.isFinite(count) ? count : 0;
    this.end(touched);
  }

  emptyQuery(): void {
    this.end(0);
  }

  private end(affectedRows: number): void {
    this.results.push({ rows: this.rows, affectedRows });
    this.rows = [];
    this.fields = [];
  }
}

/**
 * After the answer: statements that ran are confirmed as prepared; after an error those from the
 * failed one on are forgotten (their Parse may or may not have happened).
 */
export function settlePrepared(statements: readonly Statement[], ran: number, failed: boolean, prepared: PreparedNames): void {
  statements.forEach((s, i) => {
    if (i < ran) prepared.confirm(s);
    else if (failed) prepared.forget(s);
  });
}

/** A plan cached under a prepared name no longer fits the table (its row type changed): parse again and retry once. */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan');
}

/** One connection's way to send a stream of statements: the results of those that ran, and the error that stopped the rest. */
export type SendStatements = (statements: readonly Statement[]) => Promise<{ results: QueryResult[]; error?: unknown }>;

/**
 * Database.batch over one connection. Committed batches are one stream in the implicit transaction;
 * read-only or rolled-back ones add BEGIN and COMMIT/ROLLBACK to the same stream; `rollbackIf` decides
 * after the answer (a second round trip). A failed explicit transaction is rolled back before the error is thrown.
 */
export async function runBatch(send: SendStatements, statements: readonly Statement[], options: BatchOptions = {}): Promise<QueryResult[]> {
  // A known rollback wins over deciding afterwards.
  const rollbackIf = options.rollback ? undefined : options.rollbackIf;
  const explicit = Boolean(options.rollback || rollbackIf || options.readOnly);
  const head = explicit ? [options.readOnly ? TX.beginReadOnly : TX.begin] : [];
  const tail = explicit && !rollbackIf ? [options.rollback ? TX.rollback : TX.commit] : [];
  const stream = [...head, ...statements, ...tail];
  const rollback = async () => {
    await send([TX.rollback]);
  };
  let answer = await send(stream);
  if (answer.error && isStalePlan(answer.error)) {
    if (explicit) await rollback();
    answer = await send(stream);
  }
  if (answer.error) {
    if (explicit) await rollback();
    throw answer.error;
  }
  const results = answer.results.slice(head.length, head.length + statements.length);
  if (rollbackIf) {
    let undo: boolean;
    try {
      undo = rollbackIf(results);
    } catch (error) {
      await rollback();
      throw error;
    }
    const end = await send([undo ? TX.rollback : TX.commit]);
    if (end.error) throw end.error;
  }
  return results;
}
