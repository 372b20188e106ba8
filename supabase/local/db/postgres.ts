import pg from 'pg';
import type { BatchOptions, Database, Queryable, QueryResult, Statement, TransactionOptions } from './types.ts';

/** A real PostgreSQL through a connection pool (DATABASE_URL). */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // Pipeline mode: queries issued without awaiting the previous one go out at once (batch() relies on it);
  // awaited one by one, they behave as without it.
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
        // All sent before any answer arrives. Each carries its own Sync, so after a failure the server still runs
        // the COMMIT, which then rolls the aborted transaction back.
        const end = options.rollback ? 'rollback' : options.rollbackIf ? null : 'commit';
        const sent = [
          client.query(options.readOnly ? 'begin read only' : 'begin'),
          ...statements.map((s) => client.query({ text: s.sql, values: s.params ?? [], name: s.name })),
          ...(end ? [client.query(end)] : []),
        ];
        const settled = await Promise.allSettled(sent);
        const failed = settled.find((r) => r.status === 'rejected');
        if (failed) {
          if (!end) await client.query('rollback').catch(() => undefined);
          throw failed.reason;
        }
        const results = settled
          .slice(1, 1 + statements.length)
          .map((r) =>
            r.status === 'fulfilled' ? { rows: r.value.rows, affectedRows: r.value.rowCount ?? 0 } : { rows: [], affectedRows: 0 },
          );
        if (!end) {
          let rollback: boolean;
          try {
            rollback = options.rollbackIf?.(results) ?? false;
          } catch (error) {
            await client.query('rollback').catch(() => undefined);
            throw error;
          }
          await client.query(rollback ? 'rollback' : 'commit');
        }
        return results;
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
