import { aggregateEntry, aggregatesNotAllowed, finishLevel, type Entry, type LevelKind } from './aggregates.ts';
import { ApiError, columnNotFound } from './errors.ts';
import { operatorSql } from './operators.ts';
import type { Condition, Filter, ParsedParams } from './parse-filters.ts';
import { parseOrder } from './parse-filters.ts';
import type { Field, SelectItem } from './parse-select.ts';
import { isToOne, type Relationship } from './rel-graph.ts';
import { embedSource, resolveRelationship } from './relationships.ts';
import type { Relation, SchemaCache } from './schema.ts';
import { spreadLateral } from './spreads.ts';
import { Params, q, qualified } from './sql.ts';

/** One level of the select tree bound to a relation and an SQL alias. */
export interface Scope {
  rel: Relation;
  alias: string;
  /** embed name/alias → its join (for `embed=is.null` filters and `order=embed(col)`) */
  embeds: Map<string, EmbedJoin>;
}

interface EmbedJoin {
  joinAlias: string;
  toMany: boolean;
  joinSql: string;
  rel: Relationship;
  /** True when nothing was embedded (the `embed=is.null` filter). */
  isNull: string;
  /** A to-one spread's plain columns by output name (ordered by directly). */
  columns?: Map<string, string>;
}

export interface BuiltSelect {
  columns: string[];
  /** Output columns in order (spreads read them). */
  entries: Entry[];
  /** ` GROUP BY …` when the level aggregates, else empty. */
  groupBy: string;
  joins: string[];
  /** Joins the row count must keep (inner embeds, embeds used by filters). */
  countJoins: string[];
}

export class SqlBuilder {
  readonly params = new Params();
  private n = 0;
  /** Embed paths the select tree defines (to reject filters on unknown embeds). */
  readonly paths = new Set<string>(['']);

  constructor(
    readonly schema: SchemaCache,
    readonly parsed: ParsedParams,
    /** Aggregate functions in `select` allowed (PostgREST's db-aggregates-enabled). */
    readonly aggregates = false,
  ) {}

  nextAlias(prefix = 'pgrst'): string {
    this.n += 1;
    return `${prefix}_${this.n}`;
  }

  /** SQL for a column (with JSON path) and the type to cast compared values to. */
  field(scope: Scope, f: Field): { sql: string; type: string } {
    let col = scope.rel.columns.get(f.name);
    let sql = `${q(scope.alias)}.${q(f.name)}`;
    if (!col) {
      const computed = scope.rel.computed?.get(f.name);
      if (!computed) throw columnNotFound(scope.rel.name, f.name);
      col = { name: f.name, type: computed.type, notNull: false, default: null, generated: true };
      sql = `${qualified({ schema: scope.rel.schema, name: computed.fn })}(${q(scope.alias)})`;
    }
    let type = col.type;
    for (const step of f.path) {
      const isIndex = /^-?\d+$/.test(step.key);
      sql = `${sql}${step.op}${this.params.add(step.key)}::${isIndex ? 'int' : 'text'}`;
      type = step.op === '->>' ? 'text' : col.type === 'json' ? 'json' : 'jsonb';
    }
    return { sql: f.path.length ? `(${sql})` : sql, type };
  }

  /** The select list of one level, with lateral joins for its embeds. */
  select(scope: Scope, items: SelectItem[], path: string, kind: LevelKind = 'plain'): BuiltSelect {
    const entries: Entry[] = [];
    const out = { joins: [] as string[], countJoins: [] as string[] };
    for (const item of items) {
      if (item.kind === 'star') {
        const star = scope.rel.columnList.map((c) => ({ sql: `${q(scope.alias)}.${q(c.name)}`, name: c.name }));
        entries.push({ sql: `${q(scope.alias)}.*`, name: '*', star });
      } else if (item.kind === 'field') {
        entries.push(this.fieldEntry(scope, item, kind));
      } else if (item.kind === 'count') {
        if (!this.aggregates) throw aggregatesNotAllowed();
        entries.push(aggregateEntry(kind, 'count', null, item.alias ?? 'count', item.cast));
      } else {
        entries.push(...this.embed(scope, item, path, out));
      }
    }
    const level = finishLevel(entries, kind);
    const columns = level.entries.map((e) => (e.star ? e.sql : `${e.sql} AS ${q(e.name)}`));
    return { columns, entries: level.entries, groupBy: level.groupBy, ...out };
  }

  private fieldEntry(scope: Scope, item: Extract<SelectItem, { kind: 'field' }>, kind: LevelKind): Entry {
    const f = item.field;
    // `select=count` without such a column: Postgres reads `t.count` as count(t), which PostgREST keeps working.
    if (f.name === 'count' && !f.path.length && !item.agg && !scope.rel.columns.has('count') && !scope.rel.computed?.has('count'))
      return aggregateEntry(kind, 'count', null, item.alias ?? 'count', item.cast);
    const { sql } = this.field(scope, f);
    const input = item.cast ? `${sql}::${item.cast}` : sql;
    if (item.agg) {
      if (!this.aggregates) throw aggregatesNotAllowed();
      return aggregateEntry(kind, item.agg, input, item.alias ?? item.agg, item.aggCast);
    }
    return { sql: input, name: item.alias ?? (f.path.length ? f.path[f.path.length - 1]!.key : f.name) };
  }

  private embed(
    scope: Scope,
    item: Extract<SelectItem, { kind: 'embed' }>,
    path: string,
    out: Pick<BuiltSelect, 'joins' | 'countJoins'>,
  ): Entry[] {
    const rel: Relationship = resolveRelationship(this.schema, scope.rel, item.name, item.hint);
    const key = item.alias ?? item.name;
    const childPath = path ? `${path}.${key}` : key;
    this.paths.add(childPath);
    const childAlias = this.nextAlias();
    const joinAlias = `${childAlias}_j`;
    const child: Scope = { rel: rel.target, alias: childAlias, embeds: new Map() };
    const { from, where: link } = embedSource(rel, scope.alias, childAlias, this.nextAlias());
    const toMany = !isToOne(rel);
    const inner = item.join === 'inner';
    const body = `${q(joinAlias)}.body`;
    let isNull = toMany ? `coalesce(json_array_length(${body}), 0) = 0` : `${body} IS NULL`;
    let entries: Entry[] = [];
    let columns: Map<string, string> | undefined;
    let lateral: string;
    if (item.spread) {
      const spread = spreadLateral(this, { child, items: item.children, path: childPath, link, from, joinAlias, toMany, inner });
      ({ lateral, entries, isNull, columns } = spread);
    } else if (item.children.length === 1 && isCountItem(item.children[0]!, rel.target)) {
      const where = whereSql([...link, ...this.where(child, childPath)]);
      const agg = toMany ? `json_build_array(json_build_object('count', count(*)))` : `json_build_object('count', count(*))`;
      lateral = `SELECT ${agg} AS body FROM ${from}${where}${inner ? ' HAVING count(*) > 0' : ''}`;
      entries = [{ sql: body, name: key, json: true }];
    } else {
      const sel = this.select(child, item.children, childPath);
      const where = whereSql([...link, ...this.where(child, childPath)]);
      const order = this.orderBy(child, childPath);
      const limit = this.limitOffset(childPath, toMany ? undefined : 1);
      const cols = sel.columns.length ? sel.columns.join(', ') : 'NULL AS "pgrst_empty"';
      const inner1 = `SELECT ${cols} FROM ${from}${sel.joins.length ? ' ' + sel.joins.join(' ') : ''}${where}${sel.groupBy}${order}${limit}`;
      lateral = toMany
        ? `SELECT coalesce(json_agg(_e), '[]'::json) AS body FROM (${inner1}) _e${inner ? ' HAVING count(*) > 0' : ''}`
        : `SELECT row_to_json(_e) AS body FROM (${inner1}) _e`;
      // An empty embed (`rel()`) only joins (for !inner and is.null filters); it adds no key.
      if (sel.entries.length) entries = [{ sql: body, name: key, json: true }];
    }
    const joinSql = `${inner ? 'INNER' : 'LEFT'} JOIN LATERAL (${lateral}) AS ${q(joinAlias)} ON TRUE`;
    out.joins.push(joinSql);
    if (inner) out.countJoins.push(joinSql);
    scope.embeds.set(key, { joinAlias, toMany, joinSql, rel, isNull, columns });
    return entries;
  }

  /** WHERE conditions of one level; `countJoins` receives joins that filters refer to. */
  where(scope: Scope, path: string, countJoins?: string[]): string[] {
    const filters = this.parsed.filters.get(path);
    if (!filters) return [];
    return filters.map((f) => this.filter(scope, f, countJoins));
  }

  filter(scope: Scope, f: Filter, countJoins?: string[]): string {
    if (f.kind === 'logic') {
      const body = f.children.map((c) => this.filter(scope, c, countJoins)).join(f.op === 'and' ? ' AND ' : ' OR ');
      return `${f.negate ? 'NOT ' : ''}(${body})`;
    }
    const sql = this.condition(scope, f, countJoins);
    return f.negate ? `NOT (${sql})` : sql;
  }

  private condition(scope: Scope, c: Condition, countJoins?: string[]): string {
    const embed = c.field.path.length === 0 && !scope.rel.columns.has(c.field.name) ? scope.embeds.get(c.field.name) : undefined;
    if (embed) {
      if (c.op !== 'is' || (c.value !== 'null' && c.value !== 'not_null')) {
        throw new ApiError(
          400,
          'PGRST100',
          `failed to parse filter (${c.field.name}=${c.op}.${String(c.value)})`,
          'Only is.null or not.is.null filters are allowed on embedded resources',
        );
      }
      if (countJoins && !countJoins.includes(embed.joinSql)) countJoins.push(embed.joinSql);
      return c.value === 'null' ? embed.isNull : `NOT (${embed.isNull})`;
    }
    const { sql, type } = this.field(scope, c.field);
    return operatorSql(this.params, sql, type, c);
  }

  orderBy(scope: Scope, path: string): string {
    const raw = this.parsed.order.get(path);
    if (!raw) return '';
    const terms = parseOrder(raw).map((t) => {
      const { sql } = t.embed ? this.embeddedField(scope, t.embed, t.field) : this.field(scope, t.field);
      return `${sql} ${t.desc ? 'DESC' : 'ASC'}${t.nulls ? ` NULLS ${t.nulls === 'first' ? 'FIRST' : 'LAST'}` : ''}`;
    });
    return ` ORDER BY ${terms.join(', ')}`;
  }

  /** `embed(col)` in order: a correlated subquery on the to-one relationship (typed, unlike the JSON body). */
  private embeddedField(scope: Scope, name: string, f: Field): { sql: string; type: string } {
    const e = scope.embeds.get(name);
    if (!e)
      throw new ApiError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    if (e.toMany)
      throw new ApiError(
        400,
        'PGRST118',
        `A related order on '${name}' is not possible`,
        `'${scope.rel.name}' and '${name}' do not form a many-to-one or one-to-one relationship`,
      );
    const spreadColumn = f.path.length ? undefined : e.columns?.get(f.name);
    if (spreadColumn) return { sql: spreadColumn, type: e.rel.target.columns.get(f.name)?.type ?? 'text' };
    const alias = this.nextAlias();
    const inner = this.field({ rel: e.rel.target, alias, embeds: new Map() }, f);
    const src = embedSource(e.rel, scope.alias, alias, this.nextAlias());
    return { sql: `(SELECT ${inner.sql} FROM ${src.from}${whereSql(src.where)} LIMIT 1)`, type: inner.type };
  }

  limitOffset(path: string, forcedLimit?: number, override?: { limit?: number; offset: number }): string {
    const limit = override ? override.limit : (forcedLimit ?? this.parsed.limit.get(path));
    const offset = override ? override.offset : (this.parsed.offset.get(path) ?? 0);
    let sql = '';
    if (limit !== undefined) sql += ` LIMIT ${this.params.add(String(limit))}::bigint`;
    if (offset) sql += ` OFFSET ${this.params.add(String(offset))}::bigint`;
    return sql;
  }

  /** Filters/order/limit on embeds the select does not define → PGRST108-like error. */
  checkPaths(): void {
    for (const map of [this.parsed.filters, this.parsed.order, this.parsed.limit, this.parsed.offset] as Map<string, unknown>[]) {
      for (const path of map.keys()) {
        if (!this.paths.has(path)) {
          throw new ApiError(
            400,
            'PGRST108',
            `'${path}' is not an embedded resource in this request`,
            null,
            `Verify that '${path}' is included in the 'select' query parameter.`,
          );
        }
      }
    }
  }
}

const whereSql = (conds: string[]) => (conds.length ? ` WHERE ${conds.join(' AND ')}` : '');

/** `rel(count)`: the row count of the embed (an old PostgREST form that needs no aggregates). */
function isCountItem(item: SelectItem, target: Relation): boolean {
  return (
    item.kind === 'field' &&
    item.field.name === 'count' &&
    !item.field.path.length &&
    !item.cast &&
    !item.agg &&
    !item.alias &&
    !target.columns.has('count')
  );
}
