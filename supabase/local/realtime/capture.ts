import type { Database } from '../db/types.ts';

/** A table of the publication `supabase_realtime`: its primary key and column types (sent with each change). */
export interface PublishedTable {
  schema: string;
  table: string;
  primaryKey: string[];
  columns: { name: string; type: string }[];
}

/** One row change as the capture trigger sends it. */
export interface CapturedChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  /** Set when the row was too big for a NOTIFY: read it by this primary key. */
  pk?: Record<string, unknown>;
}

export const CHANGES_CHANNEL = '_realtime_changes';
const TRIGGER = '_realtime_changes';
const key = (schema: string, table: string) => `${schema}.${table}`;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Keeps the capture trigger on exactly the tables of the publication. Runs on start and again
 * before each join that asks for changes, so `alter publication … add table` takes effect without
 * a restart.
 */
export async function syncCapture(db: Database): Promise<Map<string, PublishedTable>> {
  const { rows } = await db.query<{ schema: string; table: string; pk: string[] | null; columns: { name: string; type: string }[] }>(
    `select p.schemaname as schema, p.tablename as table,
            (select array_agg(a.attname::text order by array_position(i.indkey, a.attnum))
               from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as pk,
            (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null)::regtype::text) order by a.attnum)
               from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
       from pg_publication_tables p
       join pg_class c on c.relname = p.tablename
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
      where p.pubname = 'supabase_realtime'`,
  );
  const tables = new Map<string, PublishedTable>();
  for (const r of rows) {
    tables.set(key(r.schema, r.table), {
      schema: r.schema,
      table: r.table,
      primaryKey: r.pk ?? [],
      columns: (r.columns ?? []).map((c) => ({ name: c.name, type: c.type.replace(/^"|"$/g, '') })),
    });
  }
  const { rows: triggers } = await db.query<{ schema: string; table: string; args: string }>(
    `select n.nspname as schema, c.relname as table, encode(t.tgargs, 'escape') as args
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where t.tgname = $1`,
    [TRIGGER],
  );
  const statements: string[] = [];
  const installed = new Map(triggers.map((t) => [key(t.schema, t.table), t.args]));
  for (const [name, t] of installed) {
    const wanted = tables.get(name);
    const args = wanted ? wanted.primaryKey.map((c) => c + '\\000').join('') : null;
    if (!wanted || args !== t.replace(/\0/g, '\\000')) {
      const [schema, table] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
      statements.push(`drop trigger if exists ${TRIGGER} on ${ident(schema)}.${ident(table)}`);
      installed.delete(name);
    }
  }
  for (const [name, t] of tables) {
    if (installed.has(name)) continue;
    statements.push(
      `create trigger ${TRIGGER} after insert or update or delete on ${ident(t.schema)}.${ident(t.table)} ` +
        `for each row execute function _realtime.notify_change(${t.primaryKey.map(literal).join(', ')})`,
    );
  }
  if (statements.length > 0) await db.exec(statements.join(';\n'));
  return tables;
}

export const tableKey = key;
export const quoteIdent = ident;
