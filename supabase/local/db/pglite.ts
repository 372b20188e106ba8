import { PGlite, types } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
      return pg.transaction(async (tx) => {
        if (options.readOnly) await tx.exec('set transaction read only');
        const results: QueryResult[] = [];
        for (const s of statements) {
          const result = await tx.query(s.sql, s.params);
          results.push({ rows: result.rows as Record<string, unknown>[], affectedRows: result.affectedRows ?? 0 });
        }
        if (options.rollback || options.rollbackIf?.(results)) await tx.rollback();
        return results;
      });
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
