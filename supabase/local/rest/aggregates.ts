import { ApiError } from './errors.ts';

export type AggregateFn = 'sum' | 'avg' | 'count' | 'max' | 'min';

/**
 * How one select level is read: `plain` (the top, or an embed: aggregates apply here and group by the
 * other columns), `one` (a to-one spread: its aggregates move up to the parent, which groups), or
 * `many` (a to-many spread: each column becomes an array; no aggregates).
 */
export type LevelKind = 'plain' | 'one' | 'many';

/** One output column of a select level. */
export interface Entry {
  /** SQL expression, without its `AS name`. */
  sql: string;
  name: string;
  /** `sql` applies an aggregate. */
  aggregated?: boolean;
  /** An aggregate still to apply to `sql`, at the nearest level that is not a to-one spread. */
  hoist?: { fn: AggregateFn; cast?: string };
  /** A JSON value (embed body): grouped as jsonb, since json has no equality. */
  json?: boolean;
  /** `rel.*`: its columns, used instead when the level groups or is a spread. */
  star?: Entry[];
}

export const aggregatesNotAllowed = (): ApiError => new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

const applyAggregate = (fn: AggregateFn, input: string, cast?: string): string => {
  const call = `${fn}(${input})`;
  return cast ? `(${call})::${cast}` : call;
};

/**
 * An aggregate select item (`col.sum()`, `count()` when `input` is null). A to-one spread passes the
 * input up (count() as a marker that is null when no row joined) for its parent to aggregate.
 */
export function aggregateEntry(kind: LevelKind, fn: AggregateFn, input: string | null, name: string, cast?: string): Entry {
  if (kind === 'one') return { sql: input ?? 'TRUE', name, hoist: cast ? { fn, cast } : { fn } };
  return { sql: applyAggregate(fn, input ?? '*', cast), name, aggregated: true };
}

/** The final columns of a level and its GROUP BY (every column that is not an aggregate). */
export function finishLevel(entries: Entry[], kind: LevelKind): { entries: Entry[]; groupBy: string } {
  let list = kind === 'plain' ? entries : entries.flatMap((e) => e.star ?? [e]);
  if (kind === 'one') return { entries: list, groupBy: '' };
  list = list.map((e) => (e.hoist ? { sql: applyAggregate(e.hoist.fn, e.sql, e.hoist.cast), name: e.name, aggregated: true } : e));
  if (!list.some((e) => e.aggregated)) return { entries: list, groupBy: '' };
  if (kind === 'many')
    throw new ApiError(
      400,
      'PGRST127',
      'Feature not implemented',
      'Aggregates are not implemented for one-to-many or many-to-many spreads.',
    );
  list = list.flatMap((e) => e.star ?? [e]).map((e) => (e.json ? { ...e, sql: `(${e.sql})::jsonb` } : e));
  const terms = list.filter((e) => !e.aggregated).map((e) => e.sql);
  return { entries: list, groupBy: terms.length ? ` GROUP BY ${terms.join(', ')}` : '' };
}
