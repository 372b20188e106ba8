import type { Queryable } from '../db/types.ts';

/**
 * The catalog facts the TypeScript generator needs, shaped like postgres-meta's introspection (the
 * service behind `supabase gen types typescript`) so the generated file comes out the same.
 */
export interface PgRelation {
  id: number;
  name: string;
  kind: 'table' | 'view';
  /** Views only: accepts INSERT and UPDATE (simple views); materialised views never. */
  updatable: boolean;
}

interface PgColumn {
  tableId: number;
  /** attnum */
  position: number;
  name: string;
  /** Type name as in pg_type (`int4`, `_text`, an enum's name); a domain's base type. */
  format: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: 'ALWAYS' | 'BY DEFAULT' | null;
  updatable: boolean;
}

export interface PgRelationship {
  name: string;
  relation: string;
  columns: string[];
  oneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
}

interface PgFunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface PgFunction {
  name: string;
  args: PgFunctionArg[];
  /** pg_get_function_arguments / pg_get_function_result: used to order overloads. */
  argumentTypes: string;
  returnType: string;
  returnTypeId: number;
  returnRelationId: number | null;
  returnsSet: boolean;
  /** Estimated rows of a set-returning function (null otherwise). */
  rows: number | null;
}

export interface PgType {
  id: number;
  name: string;
  schema: string;
  /** format_type(): how a relation's row type is named in SetofOptions. */
  format: string;
  enums: string[];
  attributes: { name: string; typeId: number }[];
  relationId: number | null;
}

export interface SchemaMetadata {
  schema: string;
  relations: PgRelation[];
  columns: PgColumn[];
  relationships: PgRelationship[];
  functions: PgFunction[];
  types: PgType[];
}

const RELATIONS = `
select c.oid::int8 as id, c.relname as name, case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
  c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

const COLUMNS = `
select c.oid::int8 as "tableId", a.attnum as position, a.attname as name, coalesce(bt.typname, t.typname) as format,
  not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable, a.atthasdef as "hasDefault",
  case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity,
  c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as updatable
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped`;

// Foreign keys with both ends in the schema; one-to-one when the columns are the table's PK or a unique key.
const FOREIGN_KEYS = `
select con.conname as name, con.conrelid::int8 as "tableId", con.confrelid::int8 as "refId",
  tab.relname as relation, other.relname as "referencedRelation", con.conkey as "colNums", con.confkey as "refNums",
  (select json_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns,
  (select json_agg(a.attname order by k.o) from unnest(con.confkey) with ordinality k(n, o)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as "referencedColumns",
  exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
     and (select array_agg(a.attname order by a.attnum) from pg_attribute a where a.attrelid = u.conrelid and a.attnum = any(u.conkey))
       = (select array_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n)) as "oneToOne"
from pg_constraint con
join pg_class tab on tab.oid = con.conrelid
join pg_namespace tn on tn.oid = tab.relnamespace
join pg_class other on other.oid = con.confrelid
join pg_namespace rn on rn.oid = other.relnamespace
where con.contype = 'f' and con.conparentid = 0 and tn.nspname = $1 and rn.nspname = $1`;

// Each view's output columns that pass a relation's column through unchanged (from the stored rewrite rule).
const VIEW_COLUMNS = `
select c.oid::int8 as "viewId", r.ev_action::text as action
from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_rewrite r on r.ev_class = c.oid
where n.nspname = $1 and c.relkind in ('v', 'm')`;

const FUNCTIONS = `
select p.proname as name, pg_get_function_arguments(p.oid) as "argumentTypes", pg_get_function_result(p.oid) as "returnType",
  p.prorettype::int8 as "returnTypeId", nullif(rt.typrelid::int8, 0) as "returnRelationId", p.proretset as "returnsSet",
  case when p.proretset then nullif(p.prorows, 0) end as rows,
  (select coalesce(json_agg(json_build_object(
     'mode', case coalesce(p.proargmodes[k.o], 'i') when 'i' then 'in' when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' else 'table' end,
     'name', coalesce(p.proargnames[k.o], ''), 'typeId', k.t::int8,
     'hasDefault', k.o > p.pronargs - p.pronargdefaults and k.o <= p.pronargs) order by k.o), '[]')
   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(t, o)) as args
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
left join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f' and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;

// Every type (any schema): enums, composite types and row types a column or function may name.
const TYPES = `
select t.oid::int8 as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
  coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]') as enums,
  coalesce((select json_agg(json_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
            from pg_class c join pg_attribute a on a.attrelid = c.oid
            where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '[]') as attributes,
  nullif(t.typrelid::int8, 0) as "relationId"
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
/** node-postgres parses json columns; PGlite does too, but be tolerant of text. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export async function introspectSchema(db: Queryable, schema = 'public'): Promise<SchemaMetadata> {
  const rows = async (sql: string, params: unknown[] = [schema]) => (await db.query<Record<string, unknown>>(sql, params)).rows;
  const relations = (await rows(RELATIONS)).map((r) => ({ ...r, id: num(r.id) }) as PgRelation);
  const columns = (await rows(COLUMNS)).map((r) => ({ ...r, tableId: num(r.tableId), position: num(r.position) }) as PgColumn);
  const foreignKeys = (await rows(FOREIGN_KEYS)).map((r) => ({
    name: r.name as string,
    relation: r.relation as string,
    columns: json<string[]>(r.columns),
    oneToOne: r.oneToOne as boolean,
    referencedRelation: r.referencedRelation as string,
    referencedColumns: json<string[]>(r.referencedColumns),
  }));
  const viewColumns = (await rows(VIEW_COLUMNS)).map((r) => ({ viewId: num(r.viewId), action: r.action as string }));
  const functions = (await rows(FUNCTIONS)).map((r) => ({
    name: r.name as string,
    argumentTypes: r.argumentTypes as string,
    returnType: r.returnType as string,
    returnTypeId: num(r.returnTypeId),
    returnRelationId: numOrNull(r.returnRelationId),
    returnsSet: r.returnsSet as boolean,
    rows: numOrNull(r.rows),
    args: json<PgFunctionArg[]>(r.args).map((a) => ({ ...a, typeId: num(a.typeId) })),
  }));
  const types = (await rows(TYPES, [])).map((r) => ({
    id: num(r.id),
    name: r.name as string,
    schema: r.schema as string,
    format: r.format as string,
    enums: json<string[]>(r.enums),
    attributes: json<{ name: string; typeId: number }[]>(r.attributes).map((a) => ({ name: a.name, typeId: num(a.typeId) })),
    relationId: numOrNull(r.relationId),
  }));
  const relationships = [...foreignKeys, ...viewRelationships(relations, columns, foreignKeys, viewColumns)];
  return { schema, relations, columns, relationships, functions, types };
}

/**
 * Foreign keys seen through views, as PostgREST and postgres-meta add them: a view exposing all of
 * a key's columns unchanged gets the key (view → table, table → view, view → view). Only views
 * reading a table directly are followed (no views of views).
 */
function viewRelationships(
  relations: PgRelation[],
  columns: PgColumn[],
  foreignKeys: PgRelationship[],
  viewColumns: { viewId: number; action: string }[],
): PgRelationship[] {
  const names = new Map(relations.map((r) => [r.id, r.name]));
  // view name → "table\0column" → the view's columns showing it
  const exposed = new Map<string, Map<string, string[]>>();
  for (const { viewId, action } of viewColumns) {
    const own = new Map(columns.filter((c) => c.tableId === viewId).map((c) => [c.position, c.name]));
    // Top-level target entries come last in the rule's text: the last one for each position wins.
    const byPosition = new Map<number, { table: number; column: number }>();
    for (const m of action.matchAll(/:resno (\d+) :resname \S+ :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) :resjunk false/g)) {
      byPosition.set(Number(m[1]), { table: Number(m[2]), column: Number(m[3]) });
    }
    const map = new Map<string, string[]>();
    for (const [position, origin] of [...byPosition].sort((a, b) => a[0] - b[0])) {
      const viewColumn = own.get(position);
      const table = names.get(origin.table);
      if (!viewColumn || !table) continue;
      const key = `${table}\u0000${origin.column}`;
      map.set(key, [...(map.get(key) ?? []), viewColumn]);
    }
    exposed.set(names.get(viewId)!, map);
  }
  return expandThroughViews(exposed, columns, foreignKeys, new Map(relations.map((r) => [r.name, r.id])));
}

function expandThroughViews(
  exposed: Map<string, Map<string, string[]>>,
  columns: PgColumn[],
  foreignKeys: PgRelationship[],
  ids: Map<string, number>,
): PgRelationship[] {
  const attnum = (table: string, column: string) => columns.find((c) => c.tableId === ids.get(table) && c.name === column)?.position;
  /** Every way `view` shows all of `table`'s `cols` (several when a column appears twice). */
  const through = (view: Map<string, string[]>, table: string, cols: string[]): string[][] =>
    cols.reduce<string[][]>(
      (acc, col) => {
        const shown = view.get(`${table}\u0000${attnum(table, col)}`) ?? [];
        return acc.flatMap((prefix) => shown.map((v) => [...prefix, v]));
      },
      [[]],
    );
  const out: PgRelationship[] = [];
  for (const fk of foreignKeys) {
    const from = [...exposed].flatMap(([view, m]) => through(m, fk.relation, fk.columns).map((cols) => ({ view, cols })));
    const to = [...exposed].flatMap(([view, m]) => through(m, fk.referencedRelation, fk.referencedColumns).map((cols) => ({ view, cols })));
    for (const f of from) out.push({ ...fk, relation: f.view, columns: f.cols });
    for (const t of to) out.push({ ...fk, referencedRelation: t.view, referencedColumns: t.cols });
    for (const f of from)
      for (const t of to) out.push({ ...fk, relation: f.view, columns: f.cols, referencedRelation: t.view, referencedColumns: t.cols });
  }
  return out;
}
