import { describe, expect, it } from 'vitest';
import { parseLogic, parseOrder, parseParams, splitTopLevel } from '@/supabase/local/rest/parse-filters.ts';
import { parseSelect } from '@/supabase/local/rest/parse-select.ts';
import { requestedRange, parsePrefer, parseAccept } from '@/supabase/local/rest/request.ts';
import { arrayLiteral } from '@/supabase/local/rest/sql.ts';
import { statusForSqlState } from '@/supabase/local/rest/errors.ts';

const fails = (fn: () => unknown, code = 'PGRST100') => {
  try {
    fn();
  } catch (e) {
    expect((e as { code: string }).code).toBe(code);
    return;
  }
  throw new Error('expected a parse error');
};

describe('parseSelect', () => {
  it('parses columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id, label:title, pages::text, data->a->>b, x:data->0')).toEqual([
      { kind: 'field', field: { name: 'id', path: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'title', path: [] }, alias: 'label', cast: undefined },
      { kind: 'field', field: { name: 'pages', path: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'data',
          path: [
            { op: '->', key: 'a' },
            { op: '->>', key: 'b' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      { kind: 'field', field: { name: 'data', path: [{ op: '->', key: '0' }] }, alias: 'x', cast: undefined },
    ]);
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseSelect('"my col"')).toEqual([{ kind: 'field', field: { name: 'my col', path: [] }, alias: undefined, cast: undefined }]);
  });

  it('parses embeds with hints, join types, spreads and counts', () => {
    expect(parseSelect('*,author:users!author_id!inner(name,posts(count)),...profile(bio),count()')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'users',
        alias: 'author',
        hint: 'author_id',
        join: 'inner',
        spread: false,
        children: [
          { kind: 'field', field: { name: 'name', path: [] }, alias: undefined, cast: undefined },
          {
            kind: 'embed',
            name: 'posts',
            alias: undefined,
            hint: undefined,
            join: undefined,
            spread: false,
            children: [{ kind: 'field', field: { name: 'count', path: [] }, alias: undefined, cast: undefined }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'profile',
        alias: undefined,
        hint: undefined,
        join: undefined,
        spread: true,
        children: [{ kind: 'field', field: { name: 'bio', path: [] }, alias: undefined, cast: undefined }],
      },
      { kind: 'count', alias: undefined },
    ]);
  });

  it('parses aggregate functions with aliases and casts before and after', () => {
    expect(parseSelect('total:amount::int.sum()::text,n:count()::text,data->>k.max()')).toEqual([
      { kind: 'field', field: { name: 'amount', path: [] }, alias: 'total', cast: 'int', agg: 'sum', aggCast: 'text' },
      { kind: 'count', alias: 'n', cast: 'text' },
      { kind: 'field', field: { name: 'data', path: [{ op: '->>', key: 'k' }] }, agg: 'max' },
    ]);
    for (const bad of ['amount.total()', 'amount.sum(', 'amount.sum()::', '...rel(a).sum()']) fails(() => parseSelect(bad));
  });

  it('rejects malformed selects', () => {
    for (const bad of ['a(', 'a,,b', 'a::', 'a::text;drop', 'a)', '...a', 'a!(b)', '(a)', 'a:b:c', 'a::int)'])
      fails(() => parseSelect(bad));
  });
});

describe('filters', () => {
  it('parses operators, modifiers and lists', () => {
    const p = parseParams(
      new URLSearchParams(
        'id=eq.1&name=not.in.(a,"b,c")&tags=cs.{x,y}&t=eq(any).{1,2}&doc=fts(english).cat&books.pages=gt.5&select=*&limit=3&books.order=id.desc',
      ),
    );
    expect(p.select).toBe('*');
    expect(p.limit.get('')).toBe(3);
    expect(p.order.get('books')).toBe('id.desc');
    const top = p.filters.get('')!;
    expect(top).toEqual([
      { kind: 'cond', field: { name: 'id', path: [] }, negate: false, op: 'eq', value: '1' },
      { kind: 'cond', field: { name: 'name', path: [] }, negate: true, op: 'in', value: ['a', 'b,c'] },
      { kind: 'cond', field: { name: 'tags', path: [] }, negate: false, op: 'cs', value: '{x,y}' },
      { kind: 'cond', field: { name: 't', path: [] }, negate: false, op: 'eq', quantifier: 'any', value: ['1', '2'] },
      { kind: 'cond', field: { name: 'doc', path: [] }, negate: false, op: 'fts', ftsConfig: 'english', value: 'cat' },
    ]);
    expect(p.filters.get('books')).toEqual([{ kind: 'cond', field: { name: 'pages', path: [] }, negate: false, op: 'gt', value: '5' }]);
  });

  it('parses nested logic trees', () => {
    const tree = parseLogic('or', false, '(a.eq.1,and(b.gt.2,not.or(c.is.null,d.eq."x,y")),e->>f.like.*z*)', 'or');
    expect(tree.children).toHaveLength(3);
    const and = tree.children[1] as { op: string; children: { op: string; negate: boolean; children: { value: string }[] }[] };
    expect(and.op).toBe('and');
    expect(and.children[1]!.negate).toBe(true);
    expect(and.children[1]!.children[1]!.value).toBe('x,y');
    expect(splitTopLevel('a,(b,c),"d,e",{f,g}')).toEqual(['a', '(b,c)', '"d,e"', '{f,g}']);
  });

  it('rejects malformed filters', () => {
    for (const q of [
      'id=xx.1',
      'id=eq',
      'id=in.1,2',
      'or=(a.eq.1',
      'or=a.eq.1',
      'id=is.maybe',
      'id=eq(some).{1}',
      'limit=-1',
      'a;b=eq.1',
      'x=fts(en;g).a',
    ]) {
      fails(() => parseParams(new URLSearchParams(q)));
    }
  });

  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c->>d.asc.nullsfirst')).toEqual([
      { field: { name: 'a', path: [] }, desc: true, nulls: 'last' },
      { field: { name: 'b', path: [] }, desc: false },
      { field: { name: 'c', path: [{ op: '->>', key: 'd' }] }, desc: false, nulls: 'first' },
    ]);
    fails(() => parseOrder('a.sideways'));
    fails(() => parseOrder('a;drop'));
  });
});

describe('request helpers', () => {
  it('intersects Range with limit/offset', () => {
    expect(requestedRange(null, undefined, undefined)).toEqual({ offset: 0, limit: undefined });
    expect(requestedRange('0-9', undefined, undefined)).toEqual({ offset: 0, limit: 10 });
    expect(requestedRange('5-', undefined, undefined)).toEqual({ offset: 5, limit: undefined });
    expect(requestedRange('0-9', 3, 2)).toEqual({ offset: 2, limit: 3 });
    expect(requestedRange(null, 0, undefined)).toEqual({ offset: 0, limit: 0 });
  });

  it('parses Prefer and Accept', () => {
    expect(parsePrefer('return=representation, count=exact,tx=rollback, bogus=1, missing=default')).toEqual({
      return: 'representation',
      count: 'exact',
      tx: 'rollback',
      missing: 'default',
    });
    expect(parsePrefer('handling=strict,max-affected=5')).toEqual({ handling: 'strict', maxAffected: 5 });
    expect(parseAccept('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({ single: true, stripNulls: true });
    expect(parseAccept('*/*')).toEqual({ single: false, stripNulls: false });
    fails(() => parseAccept('application/xml'), 'PGRST107');
  });

  it('quotes array literals and maps SQLSTATEs', () => {
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g', null])).toBe('{"a","b,c","d\\"e","f\\\\g",NULL}');
    expect(statusForSqlState('23505', false)).toBe(409);
    expect(statusForSqlState('42501', true)).toBe(401);
    expect(statusForSqlState('42501', false)).toBe(403);
    expect(statusForSqlState('25006', false)).toBe(405);
    expect(statusForSqlState('22P02', false)).toBe(400);
    expect(statusForSqlState('08006', false)).toBe(503);
    expect(statusForSqlState('57014', false)).toBe(500);
    expect(statusForSqlState('P0001', false)).toBe(400);
    expect(statusForSqlState('P0002', false)).toBe(500);
    // RAISE … errcode 'PTnnn' answers status nnn; one that is not a status is the server's fault.
    expect(statusForSqlState('PT404', false)).toBe(404);
    expect(statusForSqlState('PT409', true)).toBe(409);
    expect(statusForSqlState('PT4X9', false)).toBe(500);
    expect(statusForSqlState('PT000', false)).toBe(500);
    expect(statusForSqlState('21000', false, 'UPDATE requires a WHERE clause')).toBe(400);
    expect(statusForSqlState('21000', false, 'more than one row returned by a subquery used as an expression')).toBe(500);
    expect(statusForSqlState('22023', false, 'role "nobody" does not exist')).toBe(401);
    expect(statusForSqlState('22023', false, 'folders must be an array')).toBe(400);
    expect(statusForSqlState('53400', false)).toBe(500);
    expect(statusForSqlState('53200', false)).toBe(503);
    expect(statusForSqlState('57P01', false)).toBe(503);
  });
});
