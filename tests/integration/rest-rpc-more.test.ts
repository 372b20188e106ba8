import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch } from './rest-fixture.ts';

/** PostgREST's function-call details: composite/array/unnamed arguments, overloads, counts and max-affected. */

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    create table rpc_items (id int primary key, name text not null, tags text[] not null default '{}');
    insert into rpc_items select g, 'item' || g, array['t' || g] from generate_series(1, 15) g;
    create table rpc_trash (id int primary key);
    insert into rpc_trash select generate_series(1, 15);
    grant all on rpc_items, rpc_trash to anon, authenticated, service_role;
    create type rpc_point as (x int, y int);

    create function rpc_point_sum(p rpc_point) returns int language sql immutable as $$ select p.x + p.y $$;
    create function rpc_points_x(ps rpc_point[]) returns int language sql immutable as $$ select coalesce(sum(p.x), 0)::int from unnest(ps) p $$;
    create function rpc_item_label(it rpc_items) returns text language sql immutable as $$ select it.id || ':' || it.name || ':' || array_length(it.tags, 1) $$;
    create function rpc_join(xs text[], sep text default ',') returns text language sql immutable as $$ select array_to_string(xs, sep) $$;
    create function rpc_var(variadic xs int[]) returns int language sql immutable as $$ select coalesce(sum(x), 0)::int from unnest(xs) x $$;
    create function rpc_fixed(c character, b bit) returns text language sql immutable as $$ select c || '/' || b::text $$;

    create function rpc_echo_text(text) returns text language sql immutable as $$ select 'got:' || $1 $$;
    create function rpc_echo_xml(xml) returns text language sql immutable as $$ select $1::text $$;
    create function rpc_echo_bytea(bytea) returns text language sql immutable as $$ select encode($1, 'hex') $$;
    create function rpc_echo_json(json) returns json language sql immutable as $$ select $1 $$;
    create function rpc_named_json(doc json) returns json language sql immutable as $$ select doc $$;
    create function rpc_int_unnamed(int, int) returns int language sql immutable as $$ select $1 + $2 $$;

    create function rpc_ov_unnamed() returns int language sql immutable as $$ select 1 $$;
    create function rpc_ov_unnamed(x int, y int) returns int language sql immutable as $$ select x + y $$;
    create function rpc_ov_unnamed(json) returns json language sql immutable as $$ select $1 $$;
    create function rpc_ov_unnamed(text) returns text language sql immutable as $$ select $1 $$;
    create function rpc_same(arg text, num int default 1) returns text language sql immutable as $$ select 'text' $$;
    create function rpc_same(arg xml) returns text language sql immutable as $$ select 'xml' $$;
    create function rpc_same(arg int) returns text language sql immutable as $$ select 'int' $$;
    create function rpc_jj(json) returns int language sql immutable as $$ select 1 $$;
    create function rpc_jj(jsonb) returns int language sql immutable as $$ select 2 $$;
    create function rpc_def(a int) returns text language sql immutable as $$ select 'one' $$;
    create function rpc_def(a int, b text default 'x') returns text language sql immutable as $$ select 'two' $$;
    create function rpc_def(a int, c int) returns text language sql immutable as $$ select 'ac' $$;

    create function rpc_items_in(lo int, hi int) returns setof rpc_items language sql stable as $$ select * from rpc_items where id between lo and hi $$;
    create function rpc_ids(lo int, hi int) returns setof int language sql immutable as $$ select generate_series(lo, hi) $$;
    create function rpc_trash_below(below int) returns setof rpc_trash language sql as $$ delete from rpc_trash where id < below returning * $$;
    create function rpc_trash_table(below int) returns table (id int) language sql as $$ delete from rpc_trash where id < below returning id $$;
    create function rpc_trash_void() returns void language sql as $$ delete from rpc_trash where id > 100 $$;
  `);
});
afterAll(async () => {
  await stack?.close();
});

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  rawFetch(stack, path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('rest rpc: arguments', () => {
  it('composite, table-row and array arguments from JSON and from the query string', async () => {
    const db = stack.anon();
    expect((await db.rpc('rpc_point_sum', { p: { x: 2, y: 3 } })).data).toBe(5);
    expect((await db.rpc('rpc_point_sum', { p: '(4,5)' })).data).toBe(9);
    expect((await db.rpc('rpc_point_sum', { p: '(1,2)' }, { get: true })).data).toBe(3);
    expect(
      (
        await db.rpc('rpc_points_x', {
          ps: [
            { x: 1, y: 0 },
            { x: 4, y: 9 },
          ],
        })
      ).data,
    ).toBe(5);
    const label = await db.rpc('rpc_item_label', { it: { id: 7, name: 'seven', tags: ['a', 'b'] } });
    expect(label.error).toBeNull();
    expect(label.data).toBe('7:seven:2');
    expect((await db.rpc('rpc_join', { xs: ['a', 'b', 'c'] })).data).toBe('a,b,c');
    expect((await db.rpc('rpc_join', { xs: ['a', 'b'], sep: '-' })).data).toBe('a-b');
    expect((await db.rpc('rpc_join', { xs: ['x', 'y'] }, { get: true })).data).toBe('x,y');
    // fixed-length types are read as their varying kin, so nothing is cut off
    expect((await db.rpc('rpc_fixed', { c: 'abc', b: '101' })).data).toBe('abc/101');
    expect((await db.rpc('rpc_var', { xs: [1, 2, 3] })).data).toBe(6);
    const repeated = await rawFetch(stack, '/rpc/rpc_var?xs=4&xs=5');
    expect(await repeated.json()).toBe(9);
    const form = await post('/rpc/rpc_join', 'xs=%7Bp%2Cq%7D&sep=%2B', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(await form.json()).toBe('p+q');
    const bad = await db.rpc('rpc_point_sum', { p: { x: 'nope', y: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
  });

  it('a single unnamed parameter takes the whole body by Content-Type', async () => {
    const db = stack.anon();
    const json = await db.rpc('rpc_echo_json', { A: 1, B: [2] });
    expect(json.error).toBeNull();
    expect(json.data).toEqual({ A: 1, B: [2] });
    const list = await post('/rpc/rpc_echo_json', '[{"a":1},{"a":2}]');
    expect(await list.json()).toEqual([{ a: 1 }, { a: 2 }]);
    const text = await post('/rpc/rpc_echo_text', 'plain words', { 'content-type': 'text/plain' });
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('got:plain words');
    const xml = await post('/rpc/rpc_echo_xml', '<note><to>Jane</to></note>', { 'content-type': 'text/xml' });
    expect(await xml.json()).toBe('<note><to>Jane</to></note>');
    const bytes = await post('/rpc/rpc_echo_bytea', new Uint8Array([0, 1, 254, 255]), { 'content-type': 'application/octet-stream' });
    expect(await bytes.json()).toBe('0001feff');
    // `{"": …}` names the unnamed parameter; like PostgREST, the whole body is still the argument
    expect((await db.rpc('rpc_echo_text', { '': 'v' })).data).toBe('got:{"":"v"}');
  });

  it('reports calls no function fits as PostgREST does', async () => {
    const db = stack.anon();
    const named = await db.rpc('rpc_named_json', { A: 1, B: 2 });
    expect(named.status).toBe(404);
    expect(named.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rpc_named_json(A, B) in the schema cache',
      details:
        'Searched for the function public.rpc_named_json with parameters A, B or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
    // two unnamed int parameters: not callable through the API at all
    const ints = await db.rpc('rpc_int_unnamed', { x: 1, y: 2 });
    expect(ints.status).toBe(404);
    expect(ints.error?.message).toBe('Could not find the function public.rpc_int_unnamed(x, y) in the schema cache');
    for (const [type, name] of [
      ['text/plain', 'text'],
      ['text/xml', 'xml'],
      ['application/octet-stream', 'bytea'],
    ] as const) {
      const res = await post('/rpc/rpc_int_unnamed', 'a simple text', { 'content-type': type });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.rpc_int_unnamed in the schema cache',
        details: `Searched for the function public.rpc_int_unnamed with a single unnamed ${name} parameter, but no matches were found in the schema cache.`,
        hint: null,
      });
    }
    const unknownArg = await db.rpc('rpc_items_in', { lo: 1, hi: 2, foo: 'x' }, { get: true });
    expect(unknownArg.status).toBe(404);
    expect(unknownArg.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rpc_items_in(foo, hi, lo) in the schema cache',
      details: 'Searched for the function public.rpc_items_in with parameters foo, hi, lo, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rpc_items_in(hi, lo)',
    });
  });
});

describe('rest rpc: overloads', () => {
  it('picks the overload by argument names, falling back to the unnamed parameter', async () => {
    const db = stack.anon();
    expect((await db.rpc('rpc_ov_unnamed', {})).data).toBe(1);
    expect((await db.rpc('rpc_ov_unnamed', { x: 1, y: 2 })).data).toBe(3);
    expect((await db.rpc('rpc_ov_unnamed', { A: 1, B: 2 })).data).toEqual({ A: 1, B: 2 });
    const text = await post('/rpc/rpc_ov_unnamed', 'unnamed text arg', { 'content-type': 'text/plain' });
    expect(await text.json()).toBe('unnamed text arg');
    const get = await rawFetch(stack, '/rpc/rpc_ov_unnamed', { headers: { 'content-type': 'text/plain' } });
    expect(await get.json()).toBe(1);
    expect((await db.rpc('rpc_def', { a: 1, c: 2 })).data).toBe('ac');
    expect((await db.rpc('rpc_def', { a: 1, b: 'y' })).data).toBe('two');
  });

  it('answers 300 PGRST203 listing the candidates in PostgREST order', async () => {
    const db = stack.anon();
    const same = await db.rpc('rpc_same', { arg: 'value' }, { get: true });
    expect(same.status).toBe(300);
    expect(same.error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.rpc_same(arg => integer), public.rpc_same(arg => xml), public.rpc_same(arg => text, num => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    const jj = await db.rpc('rpc_jj', { A: 1 });
    expect(jj.status).toBe(300);
    expect(jj.error?.message).toBe(
      'Could not choose the best candidate function between: public.rpc_jj( => json), public.rpc_jj( => jsonb)',
    );
    const def = await db.rpc('rpc_def', { a: 1 });
    expect(def.status).toBe(300);
    expect(def.error?.message).toBe(
      'Could not choose the best candidate function between: public.rpc_def(a => integer), public.rpc_def(a => integer, b => text)',
    );
  });
});

describe('rest rpc: results', () => {
  it('counts, ranges, filters, select and order on set-returning calls', async () => {
    const db = stack.anon();
    const counted = await db.rpc('rpc_ids', { lo: 1, hi: 5 }, { count: 'exact' }).range(1, 2);
    expect(counted.error).toBeNull();
    expect(counted.data).toEqual([2, 3]);
    expect(counted.count).toBe(5);
    expect(counted.status).toBe(206);
    const rows = await db
      .rpc('rpc_items_in', { lo: 1, hi: 10 }, { get: true, count: 'exact' })
      .select('id, name')
      .gt('id', 5)
      .order('id', { ascending: false })
      .limit(2);
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([
      { id: 10, name: 'item10' },
      { id: 9, name: 'item9' },
    ]);
    expect(rows.count).toBe(5);
    // an array of objects: the first object is the call's arguments
    const first = await post('/rpc/rpc_items_in?select=id', '[{"lo":1,"hi":2},{"lo":5,"hi":6}]');
    expect(await first.json()).toEqual([{ id: 1 }, { id: 2 }]);
    const mixed = await post('/rpc/rpc_items_in', '[{"lo":1,"hi":2},{"lo":5}]');
    expect(mixed.status).toBe(400);
    expect(await mixed.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    const head = await db.rpc('rpc_items_in', { lo: 3, hi: 6 }, { head: true, count: 'exact' });
    expect(head.data).toBeNull();
    expect(head.count).toBe(4);
    const res = await rawFetch(stack, '/rpc/rpc_items_in?lo=2&hi=4&limit=1&offset=1&select=id', { headers: { prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-1/3');
    expect(await res.json()).toEqual([{ id: 3 }]);
  });

  it('scalar and single-row results carry Content-Range with count 1', async () => {
    const scalar = await rawFetch(stack, '/rpc/rpc_point_sum?p=(3,4)', { headers: { prefer: 'count=exact' } });
    expect(scalar.status).toBe(200);
    expect(scalar.headers.get('content-range')).toBe('0-0/1');
    expect(scalar.headers.get('preference-applied')).toBe('count=exact');
    expect(await scalar.json()).toBe(7);
    const plain = await rawFetch(stack, '/rpc/rpc_point_sum?p=(3,4)');
    expect(plain.headers.get('content-range')).toBe('0-0/*');
    expect((await stack.anon().rpc('rpc_point_sum', { p: { x: 1, y: 1 } }, { count: 'exact' })).count).toBe(1);
  });

  it('max-affected with handling=strict limits the rows a function returns', async () => {
    const strict = (n: number) => ({ prefer: `handling=strict, max-affected=${n}` });
    for (const fn of ['rpc_trash_below', 'rpc_trash_table']) {
      const over = await post(`/rpc/${fn}`, '{"below":100}', strict(10));
      expect(over.status).toBe(400);
      expect(await over.json()).toEqual({
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 15 rows',
        hint: null,
      });
      expect((await stack.db.query('select count(*)::int as n from rpc_trash')).rows).toEqual([{ n: 15 }]);
    }
    const within = await post('/rpc/rpc_trash_below', '{"below":4}', strict(3));
    expect(within.status).toBe(200);
    expect(within.headers.get('preference-applied')).toBe('handling=strict, max-affected=3');
    expect(await within.json()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect((await stack.db.query('select count(*)::int as n from rpc_trash')).rows).toEqual([{ n: 12 }]);
    const lenient = await post('/rpc/rpc_trash_below', '{"below":6}', { prefer: 'handling=lenient, max-affected=1' });
    expect(lenient.status).toBe(200);
    expect(lenient.headers.get('preference-applied')).toBe('handling=lenient');
    expect(await lenient.json()).toEqual([{ id: 4 }, { id: 5 }]);
    for (const [fn, body] of [
      ['rpc_trash_void', '{}'],
      ['rpc_point_sum', '{"p":{"x":1,"y":2}}'],
    ] as const) {
      const single = await post(`/rpc/${fn}`, body, strict(20));
      expect(single.status).toBe(400);
      expect(await single.json()).toEqual({
        code: 'PGRST128',
        message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        details: null,
        hint: null,
      });
    }
  });
});
