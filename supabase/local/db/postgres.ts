import pg from 'pg';
import { BatchResults, PreparedNames, runBatch, settlePrepared, writeBatch, type ProtocolWriter } from './pipeline.ts';
import type { BatchOptions, Database, Queryable, QueryResult, Statement, TransactionOptions } from './types.ts';

/** A real PostgreSQL through a connection pool (DATABASE_URL). */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // Pipeline mode: queries issued without awaiting the previous one go out at once; awaited one by one,
  // they behave as without it.
  const pool = new pg.Pool({ connectionString, max: poolSize, pipeline: true });
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it */
  });
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await client.query(sql, params);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const listeners = new Set<pg.Client>();
  // Fail fast with a clear message when the server is unreachable.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async batch(statements: Statement[], options: BatchOptions = {}): Promise<QueryResult[]> {
      const client = await pool.connect();
      try {
        return await runBatch((stream) => sendBatch(client, stream), statements, options);
      } finally {
        client.release();
      }
    },
    // NOTIFY reaches only the session that LISTENs, so listening takes a client of its own.
    async listen(channel: string, handler: (payload: string) => void) {
      const client = new pg.Client({ connectionString });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) handler(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** Named statements each pooled connection has prepared. */
const preparedByClient = new WeakMap<pg.PoolClient, PreparedNames>();

const textParser = (oid: number) => pg.types.getTypeParser(oid, 'text') as (text: string) => unknown;

/** Sends a batch as one write and collects its answer (pg's own Query class would add a Sync after each statement). */
function sendBatch(client: pg.PoolClient, statements: readonly Statement[]): Promise<{ results: QueryResult[]; error?: unknown }> {
  let prepared = preparedByClient.get(client);
  if (!prepared) preparedByClient.set(client, (prepared = new PreparedNames()));
  const names = prepared;
  return new Promise((resolve) => {
    const query = new BatchQuery(statements, names, (results, error) => {
      settlePrepared(statements, results.length, error !== undefined, names);
      resolve({ results, error });
    });
    void client.query(query);
  });
}

/**
 * A batch as pg's client sees one query: it writes every message (corked: one write), the client hands
 * it the backend's messages until the single ReadyForQuery. It extends pg's Query because a pipelined
 * client accepts only those.
 */
class BatchQuery extends pg.Query {
  private readonly sink = new BatchResults(textParser);
  private settled = false;

  constructor(
    private readonly statements: readonly Statement[],
    private readonly prepared: PreparedNames,
    private readonly done: (results: QueryResult[], error?: unknown) => void,
  ) {
    super({ text: statements[0]?.sql ?? '' });
  }

  override submit = (connection: pg.Connection): void => {
    const writer: ProtocolWriter = {
      parse: (m) => connection.parse({ ...m, types: [] }, false),
      bind: (m) => connection.bind(m, false),
      describe: (m) => connection.describe(m, false),
      execute: (m) => connection.execute(m, false),
      close: (m) => connection.close(m, false),
      sync: () => connection.sync(),
    };
    connection.stream.cork();
    try {
      writeBatch(writer, this.statements, this.prepared);
    } finally {
      connection.stream.uncork();
    }
  };

  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }): void {
    this.sink.rowDescription(msg.fields);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    this.sink.dataRow(msg.fields);
  }

  handleCommandComplete(msg: { text: string }): void {
    this.sink.commandComplete(msg.text);
  }

  handleEmptyQuery(): void {
    this.sink.emptyQuery();
  }

  handleError(error: unknown): void {
    this.settle(error);
  }

  handleReadyForQuery(): void {
    this.settle();
  }

  private settle(error?: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.done(this.sink.results, error);
  }
}
