import type { Entry } from './aggregates.ts';
import type { SelectItem } from './parse-select.ts';
import type { Scope, SqlBuilder } from './sql-builder.ts';
import { q } from './sql.ts';

export interface SpreadInput {
  child: Scope;
  items: SelectItem[];
  path: string;
  /** Conditions linking the child rows to the parent row (none for a computed relationship's rows). */
  link: string[];
  from: string;
  joinAlias: string;
  toMany: boolean;
  inner: boolean;
}

export interface SpreadJoin {
  lateral: string;
  /** The parent's columns: the spread's columns read from the lateral join. */
  entries: Entry[];
  isNull: string;
  columns?: Map<string, string>;
}

/**
 * `...rel(cols)`: the lateral join selects the columns typed, under internal names (two spread
 * relations may share column names). To-one: the parent reads them as they are (and aggregates the
 * ones marked to hoist). To-many: every column is aggregated into a JSON array, in the rows' order.
 */
export function spreadLateral(b: SqlBuilder, s: SpreadInput): SpreadJoin {
  const sel = b.select(s.child, s.items, s.path, s.toMany ? 'many' : 'one');
  const conditions = [...s.link, ...b.where(s.child, s.path)];
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const order = b.orderBy(s.child, s.path);
  const limit = b.limitOffset(s.path, s.toMany ? undefined : 1);
  const joins = sel.joins.length ? ' ' + sel.joins.join(' ') : '';
  const internal = (i: number) => q(`pgrst_c${i}`);
  const cols = sel.entries.map((e, i) => `${e.sql} AS ${internal(i)}`);
  const ref = (i: number) => `${q(s.joinAlias)}.${internal(i)}`;
  if (!s.toMany) {
    // The marker tells an unmatched row (all nulls) from a matched one whose columns are null.
    const lateral = `SELECT ${[...cols, 'TRUE AS "pgrst_found"'].join(', ')} FROM ${s.from}${joins}${where}${order}${limit}`;
    const entries = sel.entries.map((e, i) => ({ ...e, sql: ref(i) }));
    const columns = new Map(entries.filter((e) => !e.hoist).map((e) => [e.name, e.sql]));
    return { lateral, entries, isNull: `${q(s.joinAlias)}."pgrst_found" IS NULL`, columns };
  }
  const rows = `SELECT ${cols.length ? cols.join(', ') : 'NULL AS "pgrst_empty"'} FROM ${s.from}${joins}${where}${order}${limit}`;
  const arrays = sel.entries.map((_, i) => `coalesce(json_agg(_e.${internal(i)}), '[]'::json) AS ${internal(i)}`);
  const lateral = `SELECT ${[...arrays, 'count(*) AS "pgrst_n"'].join(', ')} FROM (${rows}) _e${s.inner ? ' HAVING count(*) > 0' : ''}`;
  const entries = sel.entries.map((e, i) => ({ sql: ref(i), name: e.name, json: true }));
  return { lateral, entries, isNull: `${q(s.joinAlias)}."pgrst_n" = 0` };
}
