import { randomUUID } from 'node:crypto';
import type { Plan } from './query.ts';

/**
 * A read's query string without its comparison values (`id=eq.…`, `price=not.gt.…`), so one cached statement serves
 * every id or bound asked for: a library fetching prompt after prompt by id builds its SQL once. Only plain
 * comparisons qualify: their value always becomes one bound parameter, verbatim. Whether that held for a built plan is
 * checked, not assumed (`templateOf`): the plan is built with placeholders and kept as a template only when each
 * placeholder came back as whole parameters and nowhere else.
 */

export interface ReadShape {
  /** The query string, encoded, with each comparison value replaced by a mark (same for every value). */
  key: string;
  /** The comparison values, in query-string order. */
  values: string[];
  /** The query string with each comparison value replaced by its placeholder: what a template is built from. */
  withPlaceholders(): URLSearchParams;
}

export interface PlanTemplate<P extends Plan> {
  plan: P;
  /** For each comparison value, the parameter positions it fills. */
  slots: number[][];
}

/** A plain comparison's value: everything after `[not.]op.`. */
const COMPARISON = /^(not\.)?(eq|neq|gt|gte|lt|lte)\./;
/** Query-string keys that are never filters (their values are parsed, not bound). */
const NOT_FILTERS = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const NOT_FILTER_ENDINGS = new Set(['order', 'limit', 'offset', 'or', 'and']);
/**
 * NUL never occurs in SQL text built from a schema, and the random part keeps a value sent in a request from ever
 * equalling a placeholder.
 */
const PLACEHOLDER_NONCE = randomUUID();
const placeholder = (i: number) => `\u0000${PLACEHOLDER_NONCE}:${i}\u0000`;

function isFilterKey(key: string): boolean {
  if (NOT_FILTERS.has(key)) return false;
  const arrow = key.indexOf('->');
  const last = (arrow < 0 ? key : key.slice(0, arrow)).split('.').pop()!;
  return !NOT_FILTER_ENDINGS.has(last);
}

export function readShape(search: URLSearchParams): ReadShape {
  const parts: string[] = [];
  const values: string[] = [];
  /** Each pair, with its comparison operator when its value is one of `values`. */
  const pairs: [key: string, value: string, operator: string | null][] = [];
  for (const [key, value] of search) {
    const operator = (isFilterKey(key) && COMPARISON.exec(value)?.[0]) || null;
    pairs.push([key, value, operator]);
    if (!operator) {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
      continue;
    }
    // '{}' marks the value: encoded parts never contain a brace, so no two query strings share a key.
    parts.push(`${encodeURIComponent(key)}=${operator}{}`);
    values.push(value.slice(operator.length));
  }
  // Built only when a template is: a cached shape never needs it.
  const withPlaceholders = () => {
    const placed = new URLSearchParams();
    let i = 0;
    for (const [key, value, operator] of pairs) placed.append(key, operator ? operator + placeholder(i++) : value);
    return placed;
  };
  return { key: parts.join('&'), values, withPlaceholders };
}

/** The template of a plan built from `shape.withPlaceholders`, or null when a value did not become whole parameters. */
export function templateOf<P extends Plan>(plan: P, shape: ReadShape): PlanTemplate<P> | null {
  const slots = shape.values.map(() => [] as number[]);
  for (let j = 0; j < plan.params.length; j++) {
    const param = plan.params[j];
    if (typeof param !== 'string' || !param.includes('\u0000')) continue;
    const i = shape.values.findIndex((_, k) => param === placeholder(k));
    // A placeholder inside a longer value (a list, a pattern) means the value was transformed.
    if (i < 0) return null;
    slots[i]!.push(j);
  }
  if (slots.some((s) => s.length === 0)) return null;
  if (plan.sql.includes('\u0000') || plan.countSql?.includes('\u0000')) return null;
  return { plan, slots };
}

/** The template's plan with these values bound. */
export function fillTemplate<P extends Plan>(template: PlanTemplate<P>, values: string[]): P {
  if (!template.slots.length) return template.plan;
  const params = template.plan.params.slice();
  template.slots.forEach((positions, i) => {
    for (const j of positions) params[j] = values[i];
  });
  return { ...template.plan, params };
}
