import type { SelectItem } from './parse-select.ts';
import type { Relation } from './schema.ts';
import { SqlBuilder, type Scope } from './sql-builder.ts';
import { q, qualified } from './sql.ts';

export interface Plan {
  sql: string;
  params: unknown[];
  /** The query the total counts (same parameters): what count=planned|estimated EXPLAIN. */
  countSql?: string;
}

export interface ReadOptions {
  rel: Relation;
  /** FROM item (table, function call or CTE); aliased with `alias`. */
  fromSql: string;
  alias: string;
  select: SelectItem[];
  count: boolean;
  /** Count at most this many rows (count=estimated counts exactly only up to db-max-rows). */
  countLimit?: number;
  single: boolean;
  stripNulls: boolean;
  range: { offset: number; limit?: number };
  /** Apply top-level filters/limits (false for mutation read-backs, where the mutation already filtered). */
  topLevel: boolean;
}

/** Wraps a select list + FROM into the one statement that returns total, page_total and the JSON body. */
export function buildRead(b: SqlBuilder, o: ReadOptions, prefix = ''): Plan {
  const scope: Scope = { rel: o.rel, alias: o.alias, embeds: new Map() };
  const sel = b.select(scope, o.select, '');
  const countJoins = [...sel.countJoins];
  const where = o.topLevel ? b.where(scope, '', countJoins) : [];
  const order = b.orderBy(scope, '');
  const limit = o.topLevel ? b.limitOffset('', undefined, o.range) : '';
  b.checkPaths();
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const from = `${o.fromSql} AS ${q(o.alias)}`;
  const cols = sel.columns.length ? sel.columns.join(', ') : 'NULL AS "pgrst_empty"';
  const inner = `SELECT ${cols} FROM ${from}${sel.joins.length ? ' ' + sel.joins.join(' ') : ''}${whereSql}${sel.groupBy}${order}${limit}`;
  const countSql = `SELECT 1 FROM ${from}${countJoins.length ? ' ' + countJoins.join(' ') : ''}${whereSql}`;
  const counted = o.countLimit === undefined ? countSql : `${countSql} LIMIT ${o.countLimit}`;
  const total = o.count && o.topLevel ? `(SELECT count(*) FROM (${counted}) _postgrest_c)` : 'NULL::bigint';
  let body = o.single ? `(json_agg(_postgrest_t)->0)` : `coalesce(json_agg(_postgrest_t), '[]'::json)`;
  if (o.stripNulls) body = `json_strip_nulls(${body})`;
  const emptySelect = sel.columns.length === 0;
  if (emptySelect) body = o.single ? `'{}'::json` : `coalesce(json_agg('{}'::json), '[]'::json)`;
  return {
    sql: `${prefix}SELECT ${total} AS total, count(*) AS page_total, ${body}::text AS body FROM (${inner}) _postgrest_t`,
    params: b.params.values,
    countSql,
  };
}

export interface Payload {
  /** The raw JSON text (passed to Postgres as is). */
  text: string;
  /** Parsed rows (an object body becomes one row). */
  rows: Record<string, unknown>[];
  isArray: boolean;
}

export interface InsertOptions {
  rel: Relation;
  payload: Payload;
  columns: string[];
  missingDefault: boolean;
  onConflict?: { columns: string[]; resolution: 'merge' | 'ignore' };
}

const table = (rel: Relation) => qualified(rel);

/** `WITH pgrst_source AS (INSERT ... RETURNING ...) ` */
export function insertCte(b: SqlBuilder, o: InsertOptions, returning: string): string {
  const { rel } = o;
  const alias = q(rel.name);
  const cols = o.columns;
  const body = b.params.add(o.payload.isArray ? o.payload.text : `[${o.payload.text}]`);
  let insert: string;
  if (cols.length === 0) {
    // no columns (`{}`, `[{}, {}]`): one row of column defaults per element
    insert = `INSERT INTO ${table(rel)} AS ${alias} SELECT FROM json_array_elements(${body}::json) AS _`;
  } else if (o.missingDefault) {
    const exprs = cols.map((c) => {
      const col = rel.columns.get(c)!;
      const present = o.payload.rows.every((r) => c in r);
      if (present) return `_.${q(c)}`;
      return `CASE WHEN (_j.obj::jsonb) ? ${b.params.add(c)}::text THEN _.${q(c)} ELSE ${col.default ?? 'NULL'} END`;
    });
    insert = `INSERT INTO ${table(rel)} AS ${alias} (${cols.map(q).join(', ')}) SELECT ${exprs.join(', ')} FROM json_array_elements(${body}::json) AS _j(obj) CROSS JOIN LATERAL json_populate_record(NULL::${table(rel)}, _j.obj) AS _`;
  } else {
    insert = `INSERT INTO ${table(rel)} AS ${alias} (${cols.map(q).join(', ')}) SELECT ${cols.map((c) => `_.${q(c)}`).join(', ')} FROM json_populate_recordset(NULL::${table(rel)}, ${body}::json) AS _`;
  }
  if (o.onConflict) {
    const target = `(${o.onConflict.columns.map(q).join(', ')})`;
    // merging rows without columns has nothing to update
    if (o.onConflict.resolution === 'ignore' || cols.length === 0) insert += ` ON CONFLICT ${target} DO NOTHING`;
    else insert += ` ON CONFLICT ${target} DO UPDATE SET ${cols.map((c) => `${q(c)} = EXCLUDED.${q(c)}`).join(', ')}`;
  }
  if (!countsInserted(o)) return `WITH pgrst_source AS (${insert} RETURNING ${returning}) `;
  // xmax is 0 only on rows the INSERT created (not on rows ON CONFLICT updated): the upsert's 201/200
  const columns = returning === '1' ? '1' : rel.columnList.map((c) => q(c.name)).join(', ');
  return `WITH pgrst_mutation AS (${insert} RETURNING ${returning}, (${alias}.xmax = 0) AS pgrst_inserted), pgrst_source AS (SELECT ${columns} FROM pgrst_mutation) `;
}

/** Whether the statement reports how many rows were inserted (merging upserts into tables answer 200 when none were). */
export const countsInserted = (o: InsertOptions) => o.onConflict?.resolution === 'merge' && (o.rel.kind === 'r' || o.rel.kind === 'p');

/**
 * WHERE of an UPDATE/DELETE. With limit/offset (PostgREST's limited updates), the affected rows are
 * chosen by ctid in a subquery that applies the filters, order and limit.
 */
function mutationWhere(b: SqlBuilder, rel: Relation): string {
  const scope: Scope = { rel, alias: rel.name, embeds: new Map() };
  const where = b.where(scope, '');
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const limit = b.parsed.limit.get('');
  const offset = b.parsed.offset.get('');
  if (limit === undefined && !offset) return whereSql;
  const order = b.orderBy(scope, '');
  const limitSql = b.limitOffset('');
  return ` WHERE ${q(rel.name)}.ctid IN (SELECT ${q(rel.name)}.ctid FROM ${table(rel)} AS ${q(rel.name)}${whereSql}${order}${limitSql})`;
}

export function updateCte(b: SqlBuilder, rel: Relation, payloadText: string, columns: string[], returning: string): string {
  const whereSql = mutationWhere(b, rel);
  const set = columns.map((c) => `${q(c)} = _.${q(c)}`).join(', ');
  const body = b.params.add(payloadText);
  return `WITH pgrst_source AS (UPDATE ${table(rel)} AS ${q(rel.name)} SET ${set} FROM (SELECT * FROM json_populate_record(NULL::${table(rel)}, ${body}::json)) AS _${whereSql} RETURNING ${returning}) `;
}

export function deleteCte(b: SqlBuilder, rel: Relation, returning: string): string {
  const whereSql = mutationWhere(b, rel);
  return `WITH pgrst_source AS (DELETE FROM ${table(rel)} AS ${q(rel.name)}${whereSql} RETURNING ${returning}) `;
}

/** After a mutation CTE: either the representation (with embeds) or just the row count. */
export function mutationResult(
  b: SqlBuilder,
  cte: string,
  rel: Relation,
  representation: boolean,
  select: SelectItem[],
  single: boolean,
  stripNulls: boolean,
  countInserted = false,
): Plan {
  const inserted = countInserted ? '(SELECT count(*) FROM pgrst_mutation WHERE pgrst_inserted)' : 'NULL::bigint';
  if (!representation) {
    return {
      sql: `${cte}SELECT NULL::bigint AS total, count(*) AS page_total, NULL::text AS body, ${inserted} AS inserted FROM pgrst_source`,
      params: b.params.values,
    };
  }
  const read = buildRead(b, {
    rel,
    fromSql: 'pgrst_source',
    alias: rel.name,
    select,
    count: false,
    single,
    stripNulls,
    range: { offset: 0 },
    topLevel: false,
  });
  return { sql: `${cte}SELECT _r.*, ${inserted} AS inserted FROM (${read.sql}) _r`, params: read.params };
}
