import { PGlite, protocol, types, type messages } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BatchResults, PreparedNames, runBatch, settlePrepared, writeBatch, type SendStatements } from './pipeline.ts';
import type { BatchOptions, Database, Queryable, QueryResult, Statement, TransactionOptions } from './types.ts';

/**
 * Embedded Postgres (WASM). One connection: PGlite queues queries and a transaction holds the
 * connection until it ends, so requests are serialised — enough for a developer's machine.
 * Values come back as the same JS types node-postgres gives (int8/numeric as strings).
 */
const parsers = {
  [types.INT8]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
};

/** PGlite's own extra: its whole data folder as one archive, which `loadDataDir` opens again. */
export interface PgliteDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

/**
 * `loadDataDir` starts from an archive made by `dumpDataDir` (an in-memory copy of a prepared
 * database) instead of running initdb, which costs a few seconds each time.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
  // pg_trgm: the library search's trigram index, as on PostgreSQL and hosted Supabase.
  const pg = await PGlite.create({ dataDir, extensions: { pgcrypto, pg_trgm }, parsers, loadDataDir: options.loadDataDir });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await q.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  const prepared = new PreparedNames();
  const parserFor = (oid: number) => (text: string) => types.parseType(text, oid, pg.parsers) as unknown;
  /** A batch in one execProtocol call: PGlite's query() makes six per statement (parse, describe, bind, describe, execute, sync). */
  const send: SendStatements = async (stream) => {
    const chunks: Uint8Array[] = [];
    const { serialize } = protocol;
    writeBatch(
      {
        parse: (m) => chunks.push(serialize.parse(m)),
        bind: (m) => chunks.push(serialize.bind(m)),
        describe: (m) => chunks.push(serialize.describe(m)),
        execute: (m) => chunks.push(serialize.execute(m)),
        close: (m) => chunks.push(serialize.close(m)),
        sync: () => chunks.push(serialize.sync()),
      },
      stream,
      prepared,
    );
    const messages = await pg.execProtocolStream(Buffer.concat(chunks), { throwOnError: false });
    const sink = new BatchResults(parserFor);
    let error: unknown;
    for (const m of messages) {
      if (m.name === 'rowDescription') sink.rowDescription((m as messages.RowDescriptionMessage).fields);
      else if (m.name === 'dataRow') sink.dataRow((m as messages.DataRowMessage).fields);
      else if (m.name === 'commandComplete') sink.commandComplete((m as messages.CommandCompleteMessage).text);
      else if (m.name === 'emptyQuery') sink.emptyQuery();
      else if (m.name === 'error') error ??= m;
    }
    settlePrepared(stream, sink.results.length, error !== undefined, prepared);
    return { results: sink.results, error };
  };
  return {
    kind: 'pglite',
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      return pg.transaction(async (tx) => {
        if (options.readOnly) await tx.exec('set transaction read only');
        return fn(wrap(tx));
      });
    },
    async batch(statements: Statement[], options: BatchOptions = {}): Promise<QueryResult[]> {
      // Both of PGlite's locks, as its own query() takes them: a batch must not land inside someone's transaction.
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => runBatch(send, statements, options)));
    },
    async listen(channel: string, handler: (payload: string) => void) {
      return pg.listen(channel, handler);
    },
    async close() {
      await pg.close();
    },
    async dumpDataDir() {
      return pg.dumpDataDir('none');
    },
  };
}
