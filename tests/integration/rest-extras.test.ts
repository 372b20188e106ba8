import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, testDbKind, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch, setupFixture } from './rest-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  // count() is an aggregate function: off by default, as on hosted Supabase.
  stack = await startTestStack({ config: { restAggregates: true } });
  await setupFixture(stack);
  // Like Supabase's roles: a statement timeout the API must apply (SET ROLE alone does not).
  await stack.db
    .exec(`do $$ begin execute format('alter role anon in database %I set statement_timeout = %L', current_database(), '1s'); end $$;
    create function slow() returns int language sql as $$ select pg_sleep(3); select 1 $$;
    create function anon_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$;`);
});
afterAll(async () => {
  await stack?.close();
});

describe('rest extras', () => {
  it('counts with select=count() and embedded (count)', async () => {
    const res = await rawFetch(stack, '/books?select=count()&author_id=eq.2');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ count: 2 }]);
    const { data } = await stack.anon().from('books').select('total:count()').single();
    expect(data).toEqual({ total: 5 });
  });

  it('limits updates and deletes with order + limit', async () => {
    const db = stack.service();
    await db.from('kv').insert([
      { k: 'l1', v: 'lim' },
      { k: 'l2', v: 'lim' },
      { k: 'l3', v: 'lim' },
    ]);
    const upd = await rawFetch(stack, '/kv?v=eq.lim&order=k.desc&limit=2&select=k', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ note: 'limited' }),
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toEqual([{ k: 'l3' }, { k: 'l2' }]);
    const rows = (await stack.db.query(`select k, note from kv where v = 'lim' order by k`)).rows;
    expect(rows).toEqual([
      { k: 'l1', note: 'dflt' },
      { k: 'l2', note: 'limited' },
      { k: 'l3', note: 'limited' },
    ]);
    // supabase-js types maxAffected() for PostgREST 13+ only; send the header it would send.
    const maxOne = { prefer: 'handling=strict,max-affected=1' };
    const strict = await rawFetch(stack, '/kv?v=eq.lim', { method: 'DELETE', headers: maxOne });
    expect(strict.status).toBe(400);
    expect((await strict.json()).code).toBe('PGRST124');
    expect((await stack.db.query(`select k from kv where v = 'lim'`)).rows).toHaveLength(3);
    const ok = await rawFetch(stack, '/kv?k=eq.l1', { method: 'DELETE', headers: maxOne });
    expect(ok.status).toBe(204);
  });

  it('picks up schema changes made after the first request', async () => {
    const db = stack.service();
    expect((await db.from('kv').select('k').limit(1)).error).toBeNull();
    await stack.db.exec(`create table late_table (id int primary key, label text); insert into late_table values (1, 'late');
      alter table kv add column extra text default 'x';
      create function late_fn(x int) returns int language sql as $$ select x * 2 $$;`);
    const t = await db.from('late_table').select('label').single();
    expect(t.error).toBeNull();
    expect(t.data).toEqual({ label: 'late' });
    const c = await db.from('kv').select('k, extra').eq('k', 'a').single();
    expect(c.error).toBeNull();
    expect(c.data).toEqual({ k: 'a', extra: 'x' });
    const f = await db.rpc('late_fn', { x: 21 });
    expect(f.data).toBe(42);
  });

  it('answers HEAD, empty bodies and unknown paths sensibly', async () => {
    const head = await rawFetch(stack, '/kv', { method: 'HEAD' });
    expect(head.status).toBe(200);
    const empty = await rawFetch(stack, '/kv', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).code).toBe('PGRST102');
    const nested = await rawFetch(stack, '/kv/extra/segments');
    expect(nested.status).toBe(404);
    const badEscape = await rawFetch(stack, '/%E0%A4%A');
    expect(badEscape.status).toBe(404);
    const rpcPatch = await rawFetch(stack, '/rpc/greet', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(rpcPatch.status).toBe(405);
  });

  it('caps reads at db-max-rows (1000) like supabase start', async () => {
    await stack.db.exec(
      `create table many (id int primary key); insert into many select generate_series(1, 1100); grant all on many to anon, authenticated, service_role;`,
    );
    const { data, count, status } = await stack.anon().from('many').select('id', { count: 'exact' });
    expect(status).toBe(206);
    expect(data).toHaveLength(1000);
    expect(count).toBe(1100);
    const rest = await stack.anon().from('many').select('id').range(1000, 1200);
    expect(rest.data).toHaveLength(100);
  });

  it('inserts nothing for an empty array', async () => {
    const before = (await stack.db.query('select count(*)::int as n from kv')).rows;
    const res = await stack.service().from('kv').insert([]).select();
    expect(res.status).toBe(201);
    expect(res.data).toEqual([]);
    expect((await stack.db.query('select count(*)::int as n from kv')).rows).toEqual(before);
  });

  it('supports computed fields (functions of the row) in select, filters and order', async () => {
    await stack.db.exec(`create function label(books) returns text language sql stable as $$ select $1.title || ' (' || $1.pages || 'p)' $$;
      grant execute on function label(books) to anon, authenticated, service_role;`);
    const { data, error } = await stack.anon().from('books').select('id, label').ilike('label', '%(2%').order('label');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 3, label: 'Guards! Guards! (288p)' },
      { id: 4, label: 'Mort (272p)' },
    ]);
  });

  it("embeds through views using their base tables' foreign keys", async () => {
    await stack.db.exec(`create view book_list as select id, title, author_id from books where pages > 200;
      create view author_names as select id, name as author_name from authors;
      grant select on book_list, author_names to anon, authenticated, service_role;`);
    const db = stack.anon();
    const a = await db.from('book_list').select('title, authors(name)').eq('id', 2).single();
    expect(a.error).toBeNull();
    expect(a.data).toEqual({ title: 'The Dispossessed', authors: { name: 'Ursula' } });
    const b = await db.from('authors').select('name, book_list(id)').eq('id', 2).single();
    expect(b.error).toBeNull();
    expect(b.data).toEqual({ name: 'Terry', book_list: [{ id: 3 }, { id: 4 }] });
    const c = await db.from('books').select('id, author_names!author_id(author_name)').eq('id', 5).single();
    expect(c.error).toBeNull();
    expect(c.data).toEqual({ id: 5, author_names: { author_name: 'Iain' } });
    const d = await db.from('author_names').select('author_name, book_list(title)').eq('id', 3).single();
    expect(d.error).toBeNull();
    expect(d.data).toEqual({ author_name: 'Iain', book_list: [{ title: 'Consider Phlebas' }] });
  });

  it('orders by a column of an embedded to-one resource', async () => {
    const { data, error } = await stack
      .anon()
      .from('books')
      .select('id, authors!author_id(name)')
      .order('authors(name)', { ascending: false })
      .order('id')
      .limit(3);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, authors: { name: 'Ursula' } },
      { id: 2, authors: { name: 'Ursula' } },
      { id: 3, authors: { name: 'Terry' } },
    ]);
    const toMany = await rawFetch(stack, '/authors?select=id,books!author_id(id)&order=books(id)');
    expect(toMany.status).toBe(400);
  });

  it("applies the role's statement_timeout", async () => {
    expect((await stack.anon().rpc('anon_timeout')).data).toBe('1s');
    if (testDbKind === 'postgres') {
      // PGlite (single-threaded WASM) has no statement timer; real PostgreSQL cancels the query.
      const res = await stack.anon().rpc('slow');
      expect(res.status).toBe(500);
      expect(res.error?.code).toBe('57014');
    }
    expect((await stack.service().rpc('anon_timeout')).data).not.toBe('1s');
  });
});
