import type { Queryable } from '../db/types.ts';

/** What the REST layer knows about one exposed schema (from pg_catalog). */
export interface Column {
  name: string;
  /** format_type() output: safe to splice after `::`. */
  type: string;
  notNull: boolean;
  /** Default expression (pg_get_expr), trusted catalog text. */
  default: string | null;
  generated: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  /** r table, v view, m matview, f foreign, p partitioned, c composite type */
  kind: string;
  columns: Map<string, Column>;
  columnList: Column[];
  pk: string[];
  /** Unique constraints/PK as column sets (to detect one-to-one). */
  uniques: string[][];
  /** Computed fields: functions taking this relation's row and returning a scalar (PostgREST "computed columns"). */
  computed?: Map<string, { fn: string; type: string }>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

interface FunctionArg {
  name: string;
  type: string;
  /** i in, o out, b inout, v variadic, t table column */
  mode: string;
}

export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  /** Input args (modes i, b, v) in order. */
  inArgs: FunctionArg[];
  /** Number of trailing input args with defaults. */
  nDefaults: number;
  retType: string;
  retSet: boolean;
  /** Estimated rows of a set-returning function (ROWS n): 1 makes a computed relationship to-one. */
  rows: number;
  volatility: 'i' | 's' | 'v';
  /** The relation (table/view/composite type) the function returns rows of, if any. */
  retRel: string | null;
  /** OUT/TABLE columns when the function returns a record. */
  outColumns: FunctionArg[];
}

export interface SchemaCache {
  /** The exposed schema this cache describes. */
  name: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

const INTROSPECT = `
select json_build_object(
  'relations', (
    select coalesce(json_agg(json_build_object('name', c.relname, 'kind', c.relkind)), '[]')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r','v','m','f','p','c')
  ),
  'columns', (
    select coalesce(json_agg(json_build_object(
      'table', c.relname, 'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', a.attnotnull,
      'default', case when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                      else coalesce(pg_get_expr(d.adbin, d.adrelid), case when t.typtype = 'd' then pg_get_expr(t.typdefaultbin, 0) end) end,
      'generated', a.attgenerated <> '' or a.attidentity = 'a') order by c.relname, a.attnum), '[]')
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = $1 and c.relkind in ('r','v','m','f','p','c') and a.attnum > 0 and not a.attisdropped
  ),
  'constraints', (
    select coalesce(json_agg(json_build_object(
      'name', con.conname, 'type', con.contype, 'table', c.relname,
      'columns', (select json_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
      'refTable', case when fn.nspname = $1 then fc.relname end,
      'refColumns', (select json_agg(a.attname order by k.o) from unnest(con.confkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n))), '[]')
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_class fc on fc.oid = con.confrelid
    left join pg_namespace fn on fn.oid = fc.relnamespace
    where n.nspname = $1 and con.contype in ('p', 'u', 'f')
  ),
  'viewColumns', (
    select coalesce(json_agg(json_build_object('view', c.relname, 'column', m[1], 'table', bt.relname, 'tableColumn', ba.attname)), '[]')
    from pg_rewrite r
    join pg_class c on c.oid = r.ev_class and c.relkind in ('v', 'm')
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = $1
    cross join lateral regexp_matches(r.ev_action::text, ':resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g') m
    join pg_class bt on bt.oid = m[2]::oid and bt.relkind in ('r', 'p', 'f')
    join pg_namespace bn on bn.oid = bt.relnamespace and bn.nspname = $1
    join pg_attribute ba on ba.attrelid = bt.oid and ba.attnum = m[3]::int
  ),
  'functions', (
    select coalesce(json_agg(json_build_object(
      'name', p.proname, 'retSet', p.proretset, 'rows', p.prorows, 'volatility', p.provolatile,
      'retType', format_type(p.prorettype, null), 'nDefaults', p.pronargdefaults,
      'retRel', case when rc.oid is not null and rn.nspname = $1 then rc.relname end,
      'args', (select coalesce(json_agg(json_build_object(
                 'name', coalesce(p.proargnames[k.o], ''), 'type', format_type(k.t, null),
                 'mode', coalesce(p.proargmodes[k.o]::text, 'i')) order by k.o), '[]')
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(t, o)))), '[]')
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    left join pg_type rt on rt.oid = p.prorettype
    left join pg_class rc on rc.oid = rt.typrelid
    left join pg_namespace rn on rn.oid = rc.relnamespace
    where n.nspname = $1 and p.prokind = 'f'
  )
)::text as schema`;

interface Raw {
  relations: { name: string; kind: string }[];
  columns: (Column & { table: string })[];
  constraints: { name: string; type: string; table: string; columns: string[]; refTable: string | null; refColumns: string[] | null }[];
  viewColumns: { view: string; column: string; table: string; tableColumn: string }[];
  functions: {
    name: string;
    retSet: boolean;
    rows: number;
    volatility: 'i' | 's' | 'v';
    retType: string;
    nDefaults: number;
    retRel: string | null;
    args: FunctionArg[];
  }[];
}

async function introspect(db: Queryable, schemaName: string): Promise<SchemaCache> {
  const { rows } = await db.query<{ schema: string }>(INTROSPECT, [schemaName]);
  const raw = JSON.parse(rows[0]!.schema) as Raw;
  const relations = new Map<string, Relation>();
  for (const r of raw.relations)
    relations.set(r.name, { schema: schemaName, name: r.name, kind: r.kind, columns: new Map(), columnList: [], pk: [], uniques: [] });
  for (const c of raw.columns) {
    const rel = relations.get(c.table);
    if (!rel) continue;
    const col: Column = { name: c.name, type: c.type, notNull: c.notNull, default: c.default, generated: c.generated };
    rel.columns.set(c.name, col);
    rel.columnList.push(col);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const con of raw.constraints) {
    const rel = relations.get(con.table);
    if (!rel || !con.columns) continue;
    if (con.type === 'p') {
      rel.pk = con.columns;
      rel.uniques.push(con.columns);
    } else if (con.type === 'u') rel.uniques.push(con.columns);
    else if (con.type === 'f' && con.refTable && con.refColumns) {
      foreignKeys.push({ name: con.name, table: con.table, columns: con.columns, refTable: con.refTable, refColumns: con.refColumns });
    }
  }
  addViewRelationships(relations, foreignKeys, raw.viewColumns);
  const functions = new Map<string, DbFunction[]>();
  for (const f of raw.functions) {
    const inArgs = f.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outColumns = f.args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const fn: DbFunction = { ...f, schema: schemaName, inArgs, outColumns };
    const rowOf =
      inArgs.length >= 1 && inArgs.length - f.nDefaults <= 1
        ? relations.get(inArgs[0]!.type.replace(`${schemaName}.`, '').replace(/^"(.*)"$/, '$1'))
        : undefined;
    if (rowOf && rowOf.kind !== 'c' && !f.retSet && f.retType !== 'void' && f.retType !== 'trigger') {
      rowOf.computed ??= new Map();
      if (!rowOf.columns.has(f.name)) rowOf.computed.set(f.name, { fn: f.name, type: f.retType });
    }
    const list = functions.get(f.name) ?? [];
    list.push(fn);
    functions.set(f.name, list);
  }
  return { name: schemaName, relations, foreignKeys, functions };
}

/**
 * Views inherit their base tables' keys and foreign keys for the columns they expose unchanged
 * (PostgREST does the same from the view definition), so embedding works through views.
 */
function addViewRelationships(relations: Map<string, Relation>, foreignKeys: ForeignKey[], viewColumns: Raw['viewColumns']): void {
  // view → "table.column" → view columns (the outermost target entry wins: it comes last)
  const byView = new Map<string, Map<string, string[]>>();
  const lastByViewColumn = new Map<string, { view: string; column: string; key: string }>();
  for (const vc of viewColumns)
    lastByViewColumn.set(`${vc.view}\u0000${vc.column}`, { view: vc.view, column: vc.column, key: `${vc.table}\u0000${vc.tableColumn}` });
  for (const { view, column, key } of lastByViewColumn.values()) {
    if (!relations.get(view)?.columns.has(column)) continue;
    let m = byView.get(view);
    if (!m) byView.set(view, (m = new Map()));
    m.set(key, [...(m.get(key) ?? []), column]);
  }
  // every combination of view columns standing for `cols` (a view may repeat a base column)
  const mapCols = (m: Map<string, string[]>, table: string, cols: string[]): string[][] => {
    let out: string[][] = [[]];
    for (const c of cols) {
      const options = m.get(`${table}\u0000${c}`) ?? [];
      out = out.flatMap((prefix) => options.map((o) => [...prefix, o]));
    }
    return out;
  };
  for (const fk of [...foreignKeys]) {
    const own: [string, string[]][] = [[fk.table, fk.columns]];
    const ref: [string, string[]][] = [[fk.refTable, fk.refColumns]];
    for (const [view, m] of byView) {
      for (const o of mapCols(m, fk.table, fk.columns)) own.push([view, o]);
      for (const r of mapCols(m, fk.refTable, fk.refColumns)) ref.push([view, r]);
    }
    // every (table|view) → (table|view) pair except the base one, which already exists
    for (const [i, [table, columns]] of own.entries()) {
      for (const [j, [refTable, refColumns]] of ref.entries()) {
        if (i === 0 && j === 0) continue;
        foreignKeys.push({ name: fk.name, table, columns, refTable, refColumns });
      }
    }
  }
  for (const [view, m] of byView) {
    const vrel = relations.get(view)!;
    const tables = new Set([...m.keys()].map((k) => k.split('\u0000')[0]!));
    for (const t of tables) {
      const base = relations.get(t);
      if (!base) continue;
      for (const u of base.uniques) vrel.uniques.push(...mapCols(m, t, u));
      const pk = base.pk.length ? mapCols(m, t, base.pk)[0] : undefined;
      if (pk && vrel.pk.length === 0 && tables.size === 1) vrel.pk = pk;
    }
  }
}

/** Lazily loaded, explicitly reloadable schema cache. */
export class SchemaStore {
  private current: Promise<SchemaCache> | null = null;
  /** When the current (or in-flight) introspection started (performance.now()). */
  private startedAt = -Infinity;
  /** Names a fresh reload confirmed missing → when (so unknown names do not cause a reload per request). */
  private missing = new Map<string, number>();
  constructor(
    private readonly db: Queryable,
    private readonly schemaName: string,
  ) {}

  private inFlight = false;

  get(): Promise<SchemaCache> {
    if (!this.current) {
      this.startedAt = performance.now();
      this.inFlight = true;
      const load = introspect(this.db, this.schemaName);
      this.current = load;
      load.then(
        () => {
          if (this.current === load) this.inFlight = false;
        },
        () => {
          if (this.current === load) {
            this.current = null;
            this.inFlight = false;
          }
        },
      );
    }
    return this.current;
  }

  reload(): Promise<SchemaCache> {
    this.current = null;
    return this.get();
  }

  /**
   * The schema as of no earlier than `since`: reloads unless an introspection started after it
   * (which already saw every change committed before the request) or `key` was confirmed
   * missing by a reload less than a second ago. Returns null when nothing new can be learnt.
   */
  async refreshFor(key: string, since: number): Promise<SchemaCache | null> {
    // A reload that started after the request saw everything: wait for it if it is still running.
    if (this.startedAt >= since) return this.inFlight && this.current ? this.current : null;
    const confirmed = this.missing.get(key);
    if (confirmed !== undefined && performance.now() - confirmed < 1000) return null;
    const schema = await this.reload();
    if (this.missing.size > 1000) this.missing.clear();
    this.missing.set(key, performance.now());
    return schema;
  }
}
