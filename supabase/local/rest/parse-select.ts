import type { AggregateFn } from './aggregates.ts';
import { parseError } from './errors.ts';

/** A column reference, possibly with a JSON path: data->a->>b */
export interface Field {
  name: string;
  path: { op: '->' | '->>'; key: string }[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; alias?: string; cast?: string; agg?: AggregateFn; aggCast?: string }
  | { kind: 'count'; alias?: string; cast?: string }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      join?: 'inner' | 'left';
      spread: boolean;
      children: SelectItem[];
    };

const IDENT = /[A-Za-z0-9_$\u00C0-\uFFFF -]/;
const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;
/** `.sum()` etc. after a column (and its cast). */
const AGGREGATE = /^\.(sum|avg|count|max|min)\(\)/;

/** Reads one identifier (bare or "quoted") starting at i. Returns [name, next index] or null. */
function readIdent(s: string, i: number, allowDash = false): [string, number] | null {
  if (s[i] === '"') {
    const end = s.indexOf('"', i + 1);
    if (end < 0) return null;
    return [s.slice(i + 1, end), end + 1];
  }
  let j = i;
  while (j < s.length && IDENT.test(s[j]!) && (s[j] !== '-' || (allowDash && s[j + 1] !== '>'))) j++;
  if (j === i) return null;
  return [s.slice(i, j).trim(), j];
}

/** Parses `name`, `name->a->>b` at i; JSON keys may be quoted or numeric (negative too). */
export function readField(s: string, i: number): [Field, number] | null {
  const head = readIdent(s, i);
  if (!head || !head[0]) return null;
  const field: Field = { name: head[0], path: [] };
  let j = head[1];
  while (s.startsWith('->', j)) {
    const op = s.startsWith('->>', j) ? '->>' : '->';
    j += op.length;
    const key = readIdent(s, j, true);
    if (!key) return null;
    field.path.push({ op, key: key[0] });
    j = key[1];
  }
  return [field, j];
}

export function parseFieldOnly(input: string): Field | null {
  const r = readField(input, 0);
  return r && r[1] === input.length ? r[0] : null;
}

/** Removes whitespace outside double quotes (as postgrest-js does). */
function stripSpaces(s: string): string {
  let out = '';
  let quoted = false;
  for (const c of s) {
    if (c === '"') quoted = !quoted;
    if (!quoted && /\s/.test(c)) continue;
    out += c;
  }
  return out;
}

/** How deep embedded resources may nest: far beyond any real query, and keeps parsing bounded. */
const MAX_SELECT_DEPTH = 32;

export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === '') return [{ kind: 'star' }];
  const s = stripSpaces(raw);
  let i = 0;
  const fail = (msg: string): never => {
    throw parseError('select', raw, `${msg} at position ${i + 1}`);
  };

  let depth = 0;
  function list(nested: boolean): SelectItem[] {
    if (++depth > MAX_SELECT_DEPTH) fail(`embedding nested deeper than ${MAX_SELECT_DEPTH} levels`);
    const items: SelectItem[] = [];
    if (nested && s[i] === ')') return items;
    for (;;) {
      items.push(item());
      if (s[i] === ',') {
        i++;
        continue;
      }
      if (nested ? s[i] === ')' : i >= s.length) {
        depth--;
        return items;
      }
      fail(`unexpected ${s[i] === undefined ? 'end of input' : JSON.stringify(s[i])}`);
    }
  }

  function item(): SelectItem {
    if (s[i] === '*') {
      i++;
      return { kind: 'star' };
    }
    let spread = false;
    if (s.startsWith('...', i)) {
      spread = true;
      i += 3;
    }
    let first = readField(s, i);
    if (!first) fail('expected a column or relation name');
    let alias: string | undefined;
    i = first![1];
    if (s[i] === ':' && s[i + 1] !== ':') {
      if (first![0].path.length) fail('unexpected ":"');
      alias = first![0].name;
      i++;
      first = readField(s, i);
      if (!first) fail('expected a column or relation name');
      i = first![1];
    }
    const field = first![0];
    if (s[i] === '(' && s[i + 1] === ')' && field.name === 'count' && field.path.length === 0 && !spread) {
      i += 2;
      const cast = readCast();
      return cast ? { kind: 'count', alias, cast } : { kind: 'count', alias };
    }
    if (s[i] === '!' || s[i] === '(') {
      if (field.path.length) fail('JSON path on a relation');
      let hint: string | undefined;
      let join: 'inner' | 'left' | undefined;
      while (s[i] === '!') {
        i++;
        const h = readIdent(s, i);
        if (!h) fail('expected a hint after "!"');
        i = h![1];
        if (h![0] === 'inner' || h![0] === 'left') join = h![0];
        else if (hint === undefined) hint = h![0];
        else fail('too many hints');
      }
      if (s[i] !== '(') fail('expected "("');
      i++;
      const children = list(true);
      i++; // ')'
      return { kind: 'embed', name: field.name, alias, hint, join, spread, children };
    }
    if (spread) fail('"..." needs a relation');
    const cast = readCast();
    const agg = AGGREGATE.exec(s.slice(i));
    if (!agg) return { kind: 'field', field, alias, cast };
    i += agg[0].length;
    return { kind: 'field', field, alias, cast, agg: agg[1] as AggregateFn, aggCast: readCast() };
  }

  function readCast(): string | undefined {
    if (!s.startsWith('::', i)) return undefined;
    i += 2;
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i));
    if (!m) fail('expected a type after "::"');
    i += m![0].length;
    if (!CAST.test(m![0])) fail('bad cast');
    return m![0];
  }

  return list(false);
}
