import { ApiError, parseError } from './errors.ts';
import { parseFieldOnly, readField, type Field } from './parse-select.ts';

const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);

export interface Condition {
  kind: 'cond';
  field: Field;
  negate: boolean;
  op: string;
  quantifier?: 'any' | 'all';
  ftsConfig?: string;
  /** Scalar value, or the list for `in` and quantified operators. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

/** Splits on commas outside parentheses, braces and double quotes. */
export function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && quoted) {
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** Parses a list value `(a,b,"c,d")` or `{a,b}`. */
function parseList(v: string, raw: string): string[] {
  const open = v[0];
  const close = open === '(' ? ')' : open === '{' ? '}' : '';
  if (!close || !v.endsWith(close)) throw parseError('filter', raw, 'expected a list in parentheses');
  const inner = v.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((x) => unquote(x.trim()));
}

/**
 * Parses the value side of a filter: `[not.]op[(any|all)|(config)].value`.
 * In logic trees (`or=(...)`), double-quoted values are unquoted.
 */
function parseOperation(field: Field, rawValue: string, inLogic: boolean, displayed: string): Condition {
  let rest = rawValue;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw parseError('filter', displayed, 'expected an operator and a value');
  const opToken = rest.slice(0, dot);
  let value = rest.slice(dot + 1);
  const m = /^([a-z]+)(?:\(([^)]*)\))?$/.exec(opToken);
  if (!m || !OPERATORS.has(m[1]!)) throw parseError('filter', displayed, `unknown operator "${opToken}"`);
  const op = m[1]!;
  const cond: Condition = { kind: 'cond', field, negate, op, value };
  if (m[2] !== undefined) {
    if (FTS.has(op)) {
      if (!/^[A-Za-z0-9_.]+$/.test(m[2])) throw parseError('filter', displayed, 'bad text search configuration');
      cond.ftsConfig = m[2];
    } else if ((m[2] === 'any' || m[2] === 'all') && QUANTIFIABLE.has(op)) {
      cond.quantifier = m[2];
    } else throw parseError('filter', displayed, `unknown modifier "${m[2]}"`);
  }
  if (op === 'in') {
    cond.value = parseList(value, displayed);
  } else if (cond.quantifier) {
    cond.value = parseList(value, displayed);
  } else {
    if (inLogic) value = unquote(value);
    if (op === 'is') {
      const v = value.toLowerCase();
      if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v))
        throw parseError('filter', displayed, 'is expects null, not_null, true, false or unknown');
      value = v;
    }
    cond.value = value;
  }
  return cond;
}

/** How deep and/or trees may nest: far beyond any real filter, and keeps parsing bounded. */
const MAX_LOGIC_DEPTH = 64;

/** `(a.eq.1,and(b.gt.2,c.lt.3))` */
export function parseLogic(op: 'and' | 'or', negate: boolean, rawValue: string, displayed: string, depth = 1): Logic {
  if (depth > MAX_LOGIC_DEPTH) throw parseError('filter', displayed, `logic tree nested deeper than ${MAX_LOGIC_DEPTH} levels`);
  const v = rawValue.trim();
  if (!v.startsWith('(') || !v.endsWith(')')) throw parseError('filter', displayed, 'logic tree must be in parentheses');
  const inner = v.slice(1, -1);
  const children: Filter[] = [];
  for (const partRaw of splitTopLevel(inner)) {
    const part = partRaw.trim();
    const lm = /^(not\.)?(and|or)(\(.*\))$/s.exec(part);
    if (lm) {
      children.push(parseLogic(lm[2] as 'and' | 'or', !!lm[1], lm[3]!, displayed, depth + 1));
      continue;
    }
    const fr = readField(part, 0);
    if (!fr || part[fr[1]] !== '.') throw parseError('filter', displayed, `bad expression "${part}"`);
    children.push(parseOperation(fr[0], part.slice(fr[1] + 1), true, displayed));
  }
  if (children.length === 0) throw parseError('filter', displayed, 'empty logic tree');
  return { kind: 'logic', op, negate, children };
}

export interface ParsedParams {
  /** Filters keyed by embed path ('' = top level, 'a.b' = nested embed). */
  filters: Map<string, Filter[]>;
  order: Map<string, string>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  /** Keys equal to an embed name with an is.null / not.is.null filter (top-level null filtering on embeds). */
  select: string | null;
  columns: string | null;
  onConflict: string | null;
  /** Parameters that were not understood as filters (RPC arguments on GET). */
  extra: Map<string, string>;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

function nonNegativeInt(v: string, what: string): number {
  if (!/^\d+$/.test(v)) throw new ApiError(400, 'PGRST100', `failed to parse ${what} (${v})`);
  return Number(v);
}

/**
 * Splits the query string into select/order/limit/filters. `isArg(name)` marks RPC argument names
 * (which are never filters).
 */
export function parseParams(search: URLSearchParams, isArg: (name: string, value: string) => boolean = () => false): ParsedParams {
  const out: ParsedParams = {
    filters: new Map(),
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    select: null,
    columns: null,
    onConflict: null,
    extra: new Map(),
  };
  const add = (path: string, f: Filter) => {
    const list = out.filters.get(path);
    if (list) list.push(f);
    else out.filters.set(path, [f]);
  };
  for (const [key, value] of search) {
    if (key === 'select') out.select = value;
    else if (key === 'columns') out.columns = value;
    else if (key === 'on_conflict') out.onConflict = value;
    else if (RESERVED.has(key)) continue;
    else if (isArg(key, value)) out.extra.set(key, value);
    else {
      // [embed.]*(order|limit|offset|or|and|not.or|not.and|field)
      const parts = splitKey(key);
      const last = parts.pop()!;
      const path = parts.join('.');
      const displayed = `${key}=${value}`;
      if (last === 'order') out.order.set(path, value);
      else if (last === 'limit') out.limit.set(path, nonNegativeInt(value, 'limit'));
      else if (last === 'offset') out.offset.set(path, nonNegativeInt(value, 'offset'));
      else if (last === 'or' || last === 'and') {
        const negate = parts.length > 0 && parts[parts.length - 1] === 'not';
        if (negate) parts.pop();
        add(negate ? parts.join('.') : path, parseLogic(last, negate, value, displayed));
      } else {
        const field = parseFieldOnly(last);
        if (!field) throw parseError('filter', displayed, `bad column "${last}"`);
        add(path, parseOperation(field, value, false, displayed));
      }
    }
  }
  return out;
}

/** `a.b.col->>x` → ['a','b','col->>x'] (dots inside JSON paths are kept). */
function splitKey(key: string): string[] {
  const arrow = key.indexOf('->');
  const head = arrow < 0 ? key : key.slice(0, arrow);
  const tail = arrow < 0 ? '' : key.slice(arrow);
  const parts = head.split('.');
  parts[parts.length - 1] += tail;
  return parts;
}

export interface OrderTerm {
  /** `embed(col)`: order by a column of an embedded to-one resource. */
  embed?: string;
  field: Field;
  desc: boolean;
  nulls?: 'first' | 'last';
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw).map((term) => {
    let fr = readField(term, 0);
    if (!fr) throw parseError('order', raw);
    let embed: string | undefined;
    if (term[fr[1]] === '(' && fr[0].path.length === 0) {
      embed = fr[0].name;
      const inner = readField(term, fr[1] + 1);
      if (!inner || term[inner[1]] !== ')') throw parseError('order', raw);
      fr = [inner[0], inner[1] + 1];
    }
    const mods = term.slice(fr[1]).split('.').filter(Boolean);
    const t: OrderTerm = { field: fr[0], desc: false };
    if (embed) t.embed = embed;
    for (const m of mods) {
      if (m === 'asc') t.desc = false;
      else if (m === 'desc') t.desc = true;
      else if (m === 'nullsfirst') t.nulls = 'first';
      else if (m === 'nullslast') t.nulls = 'last';
      else throw parseError('order', raw, `unexpected "${m}"`);
    }
    if (term.slice(fr[1]) && !term.slice(fr[1]).startsWith('.')) throw parseError('order', raw);
    return t;
  });
}
