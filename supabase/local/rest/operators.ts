import { ApiError } from './errors.ts';
import type { Condition } from './parse-filters.ts';
import { arrayLiteral, type Params } from './sql.ts';

/** PostgREST's filter operators as SQL: comparisons, patterns, is, in, full-text search, ranges and arrays, with any/all. */

const FTS_FN: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const CMP: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const RANGE_OPS: Record<string, string> = { cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };

/** The SQL of one condition on the expression `e` (of type `type`); every value is bound in `params`. */
export function operatorSql(params: Params, e: string, type: string, c: Condition): string {
  const p = (v: string, t = type) => `${params.add(v)}::${t}`;
  const op = c.op;
  if (c.quantifier) {
    const list = c.value as string[];
    const likeOp = op === 'like' || op === 'ilike' || op === 'match' || op === 'imatch';
    const sqlOp = CMP[op] ?? { like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' }[op]!;
    const vals = likeOp && (op === 'like' || op === 'ilike') ? list.map((v) => v.replace(/\*/g, '%')) : list;
    return `${likeOp ? `${e}::text` : e} ${sqlOp} ${c.quantifier.toUpperCase()}(${params.add(arrayLiteral(vals))}::${likeOp ? 'text' : type}[])`;
  }
  const v = c.value as string;
  if (CMP[op]) return `${e} ${CMP[op]} ${p(v)}`;
  switch (op) {
    case 'like':
      return `${e}::text LIKE ${p(v.replace(/\*/g, '%'), 'text')}`;
    case 'ilike':
      return `${e}::text ILIKE ${p(v.replace(/\*/g, '%'), 'text')}`;
    case 'match':
      return `${e}::text ~ ${p(v, 'text')}`;
    case 'imatch':
      return `${e}::text ~* ${p(v, 'text')}`;
    case 'is':
      return {
        null: `${e} IS NULL`,
        not_null: `${e} IS NOT NULL`,
        true: `${e} IS TRUE`,
        false: `${e} IS FALSE`,
        unknown: `${e} IS UNKNOWN`,
      }[v]!;
    case 'isdistinct':
      return `${e} IS DISTINCT FROM ${p(v)}`;
    case 'in':
      return `${e} = ANY(${params.add(arrayLiteral(c.value as string[]))}::${type}[])`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const cfg = c.ftsConfig ? `${params.add(c.ftsConfig)}::regconfig, ` : '';
      const doc = type === 'tsvector' ? e : `to_tsvector(${cfg}${e})`;
      return `${doc} @@ ${FTS_FN[op]}(${cfg}${params.add(v)}::text)`;
    }
    default: {
      const sqlOp = RANGE_OPS[op];
      if (!sqlOp) throw new ApiError(400, 'PGRST100', `failed to parse filter (${op})`);
      // `cs.[1,2]`-style JSON for json columns stays JSON; `(1,2)` lists become arrays
      let value = v;
      if (type.endsWith('[]') && v.startsWith('(') && v.endsWith(')')) value = `{${v.slice(1, -1)}}`;
      return `${e} ${sqlOp} ${p(value)}`;
    }
  }
}
