import type { Preferences } from './request.ts';

/** Prefer: count=planned|estimated — the planner's row estimate (EXPLAIN) instead of, or above db-max-rows beside, an exact count. */

/**
 * The count query with only the parameters it uses, renumbered from $1: Postgres refuses to plan a
 * statement with parameters it cannot type, and the select list's parameters do not occur in it.
 */
export function countQuery(sql: string, params: unknown[]): { sql: string; params: unknown[] } {
  const used: unknown[] = [];
  const renumber = new Map<number, number>();
  const out = sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const old = Number(n);
    let now = renumber.get(old);
    if (now === undefined) {
      used.push(params[old - 1]);
      renumber.set(old, (now = used.length));
    }
    return `$${now}`;
  });
  return { sql: out, params: used };
}

/** What the statement counts exactly: everything for exact, up to db-max-rows + 1 for estimated, nothing for planned. */
export function exactCountLimit(count: Preferences['count'], maxRows: number): { count: boolean; countLimit?: number } {
  if (count === 'planned') return { count: false };
  if (count === 'estimated' && maxRows) return { count: true, countLimit: maxRows + 1 };
  return { count: count !== undefined };
}

/** The total to answer: the estimate for planned; for estimated the exact count unless it passed db-max-rows. */
export function reportedTotal(
  count: Preferences['count'],
  exact: number | null,
  planned: number | null | undefined,
  maxRows: number,
): number | null {
  if (count === 'planned') return planned ?? null;
  if (count === 'estimated' && exact !== null && (!maxRows || exact > maxRows)) return Math.max(exact, planned ?? 0);
  return exact;
}
