import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch, setupFixture, USER_A, userToken } from './rest-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await setupFixture(stack);
  await stack.db.exec(`
    create function whole_body(jsonb) returns jsonb language sql immutable as $$ select $1 || '{"seen":true}'::jsonb $$;
    create function named_body(doc json) returns text language sql immutable as $$ select doc->>'x' $$;
    create function over(a int) returns text language sql immutable as $$ select 'int:' || a $$;
    create function over(a int, b text) returns text language sql immutable as $$ select 'two:' || a || b $$;
    create function out_params(x int, out doubled int, out label text) language sql immutable as $$ select x * 2, 'n' || x $$;
    create function author_of(bid bigint) returns authors language sql stable as $$ select a.* from authors a join books b on b.author_id = a.id where b.id = bid $$;
    create function echo_rows(filter jsonb) returns setof books language sql stable as $$ select * from books where id > (filter->>'min')::int $$;
    create table staff (id int primary key, name text, manager_id int references staff(id));
    insert into staff values (1, 'boss', null), (2, 'mid', 1), (3, 'dev', 2);
    grant all on staff to anon, authenticated, service_role;
  `);
});
afterAll(async () => {
  await stack?.close();
});

describe('rest rpc', () => {
  it('calls scalar functions by POST and GET', async () => {
    const db = stack.anon();
    const post = await db.rpc('add_numbers', { a: 2, b: 40 });
    expect(post.error).toBeNull();
    expect(post.status).toBe(200);
    expect(post.data).toBe(42);
    const get = await db.rpc('add_numbers', { a: 1, b: 2 }, { get: true });
    expect(get.data).toBe(3);
    const dflt = await db.rpc('greet');
    expect(dflt.data).toBe('hello world');
    const named = await db.rpc('greet', { name: 'you' }, { get: true });
    expect(named.data).toBe('hello you');
    const json = await db.rpc('echo_json', { payload: { a: [1, { b: null }] } });
    expect(json.data).toEqual({ a: [1, { b: null }] });
    const arr = await db.rpc('sum_arr', { xs: [1, 2, 3] });
    expect(arr.data).toBe(6);
    const arrGet = await db.rpc('sum_arr', { xs: [4, 5] }, { get: true });
    expect(arrGet.data).toBe(9);
  });

  it('set-returning functions accept filters, select, order and ranges', async () => {
    const db = stack.anon();
    const books = await db
      .rpc('books_by_author', { aid: 1 })
      .select('id, title, authors!author_id(name)')
      .order('id', { ascending: false });
    expect(books.error).toBeNull();
    expect(books.data).toEqual([
      { id: 2, title: 'The Dispossessed', authors: { name: 'Ursula' } },
      { id: 1, title: 'A Wizard of Earthsea', authors: { name: 'Ursula' } },
    ]);
    const filtered = await db.rpc('books_by_author', { aid: 2 }, { count: 'exact' }).select('id').gt('pages', 280);
    expect(filtered.data).toEqual([{ id: 3 }]);
    expect(filtered.count).toBe(1);
    const table = await db.rpc('book_stats').select('author, n').gte('n', 2).order('author');
    expect(table.error).toBeNull();
    expect(table.data).toEqual([
      { author: 'Terry', n: 2 },
      { author: 'Ursula', n: 2 },
    ]);
    const single = await db.rpc('books_by_author', { aid: 3 }).select('title').single();
    expect(single.data).toEqual({ title: 'Consider Phlebas' });
    const scalars = await db.rpc('numbers', { up_to: 5 }).range(1, 2);
    expect(scalars.data).toEqual([2, 3]);
    const getSet = await db.rpc('books_by_author', { aid: 1 }, { get: true }).select('id').eq('id', 2);
    expect(getSet.data).toEqual([{ id: 2 }]);
    const headCount = await db.rpc('books_by_author', { aid: 1 }, { head: true, count: 'exact' });
    expect(headCount.count).toBe(2);
  });

  it('void functions answer 204 and write; GET on them is refused read-only', async () => {
    const db = stack.service();
    const res = await db.rpc('touch_kv', { key: 'rpc1' });
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    expect((await stack.db.query(`select v from kv where k = 'rpc1'`)).rows).toEqual([{ v: 'touched' }]);
    const viaGet = await db.rpc('touch_kv', { key: 'rpc2' }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
    expect((await stack.db.query(`select v from kv where k = 'rpc2'`)).rows).toEqual([]);
    const rolled = await rawFetch(stack, '/rpc/touch_kv', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'tx=rollback' },
      body: '{"key":"rpc3"}',
    });
    expect(rolled.status).toBe(204);
    expect((await stack.db.query(`select v from kv where k = 'rpc3'`)).rows).toEqual([]);
  });

  it('errors: unknown function or arguments, raised exceptions', async () => {
    const db = stack.anon();
    const unknown = await db.rpc('nope_fn', { a: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const badArgs = await db.rpc('add_numbers', { a: 1, c: 2 });
    expect(badArgs.status).toBe(404);
    expect(badArgs.error?.code).toBe('PGRST202');
    const raised = await db.rpc('fail_with', { msg: 'custom failure' });
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'custom failure' });
    const badValue = await db.rpc('add_numbers', { a: 'x', b: 1 });
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
  });

  it('runs as the caller role with the JWT claims', async () => {
    const anon = await stack.anon().rpc('whoami');
    expect(anon.data).toBe('nobody:anon');
    const user = await stack.asUser(await userToken(stack, USER_A)).rpc('whoami');
    expect(user.data).toBe(`${USER_A}:authenticated`);
    const service = await stack.service().rpc('whoami');
    expect(service.data).toBe('nobody:service_role');
  });

  it('single json argument, params=single-object, overloads, OUT params and composite returns', async () => {
    const db = stack.anon();
    const unnamed = await db.rpc('whole_body', { a: 1 });
    expect(unnamed.error).toBeNull();
    expect(unnamed.data).toEqual({ a: 1, seen: true });
    const single = await rawFetch(stack, '/rpc/named_body', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'params=single-object' },
      body: '{"x":"from body"}',
    });
    expect(single.status).toBe(200);
    expect(await single.json()).toBe('from body');
    expect((await db.rpc('over', { a: 1 })).data).toBe('int:1');
    expect((await db.rpc('over', { a: 1, b: 'x' })).data).toBe('two:1x');
    const out = await db.rpc('out_params', { x: 4 });
    expect(out.error).toBeNull();
    expect(out.data).toEqual({ doubled: 8, label: 'n4' });
    const composite = await db.rpc('author_of', { bid: 3 }).select('name, books!author_id(id)');
    expect(composite.error).toBeNull();
    expect(composite.data).toEqual({ name: 'Terry', books: [{ id: 3 }, { id: 4 }] });
  });

  it('embeds self-references: the parent by FK column, the children by table hinted by it', async () => {
    const { data, error } = await stack
      .anon()
      .from('staff')
      .select('name, manager:manager_id(name), reports:staff!manager_id(name)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'boss', manager: null, reports: [{ name: 'mid' }] },
      { name: 'mid', manager: { name: 'boss' }, reports: [{ name: 'dev' }] },
      { name: 'dev', manager: { name: 'mid' }, reports: [] },
    ]);
  });

  it('head calls with object arguments return only the count', async () => {
    const res = await stack.anon().rpc('echo_rows', { filter: { min: 2 } }, { head: true, count: 'exact' });
    expect(res.error).toBeNull();
    expect(res.data).toBeNull();
    expect(res.count).toBe(3);
  });
});
