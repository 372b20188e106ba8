import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch, setupFixture, USER_A, USER_B, userToken } from './rest-fixture.ts';

let stack: UntypedTestStack;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  stack = await startTestStack();
  await setupFixture(stack);
  tokenA = await userToken(stack, USER_A);
  tokenB = await userToken(stack, USER_B);
  await stack.db.exec(`insert into notes (owner_id, body) values ('${USER_A}', 'a1'), ('${USER_A}', 'a2'), ('${USER_B}', 'b1')`);
});
afterAll(async () => {
  await stack?.close();
});

const snapshot = async () => ({
  books: (await stack.db.query('select * from books order by id')).rows,
  kv: (await stack.db.query('select * from kv order by k')).rows,
  notes: (await stack.db.query('select id, owner_id, body from notes order by id')).rows,
});

describe('rest RLS', () => {
  it('a read plan cached for one user answers another with only their rows', async () => {
    // The same request (same query string) by turns: the second and third reuse the first's cached statement.
    const read = (token: string) => stack.asUser(token).from('notes').select('body, owner_id').in('body', ['a1', 'b1']).order('body');
    expect((await read(tokenA)).data).toEqual([{ body: 'a1', owner_id: USER_A }]);
    expect((await read(tokenB)).data).toEqual([{ body: 'b1', owner_id: USER_B }]);
    expect((await read(tokenA)).data).toEqual([{ body: 'a1', owner_id: USER_A }]);
    expect((await stack.anon().from('notes').select('body, owner_id').in('body', ['a1', 'b1']).order('body')).data).toEqual([]);
  });

  it('the same query string with another Range, count or Accept gets a statement of its own', async () => {
    const service = stack.service();
    const notes = () => service.from('notes').select('body', { count: 'exact' }).in('body', ['a1', 'a2', 'b1']).order('body');
    const all = await notes();
    expect(all.data).toEqual([{ body: 'a1' }, { body: 'a2' }, { body: 'b1' }]);
    expect(all.count).toBe(3);
    const page = await notes().range(1, 1);
    expect(page.data).toEqual([{ body: 'a2' }]);
    expect(page.count).toBe(3);
    const one = await service.from('notes').select('body').in('body', ['a1', 'a2', 'b1']).order('body').limit(1).single();
    expect(one.data).toEqual({ body: 'a1' });
    const many = await service.from('notes').select('body').in('body', ['a1', 'a2', 'b1']).order('body').limit(1);
    expect(many.data).toEqual([{ body: 'a1' }]);
    const path = '/notes?select=body&body=in.(a1,a2,b1)&order=body';
    const counted = await rawFetch(stack, path, { headers: { prefer: 'count=exact' } });
    expect(counted.headers.get('content-range')).toBe('0-2/3');
    const whole = await rawFetch(stack, path);
    expect(whole.headers.get('content-range')).toBe('0-2/*');
    expect(((await whole.json()) as unknown[]).length).toBe(3);
    const ranged = await rawFetch(stack, path, { headers: { range: '1-1' } });
    expect(await ranged.json()).toEqual([{ body: 'a2' }]);
    expect(ranged.headers.get('content-range')).toBe('1-1/*');
  });

  it('one cached statement serves every value of a comparison, each answered with its own rows', async () => {
    const byId = (id: number) => stack.anon().from('books').select('id, title').eq('id', id).maybeSingle();
    for (const round of [1, 2]) {
      for (const id of [1, 2, 3, 4, 5, 99]) expect((await byId(id)).data?.id, `round ${round}, id ${id}`).toBe(id === 99 ? undefined : id);
    }
    // Values with quotes, commas, '!' and non-Latin letters travel as they are.
    const byTitle = (title: string) => stack.anon().from('books').select('id').eq('title', title);
    expect((await byTitle('Guards! Guards!')).data).toEqual([{ id: 3 }]);
    expect((await byTitle(`O'Brien, "quoted" (1,2) — ✓`)).data).toEqual([]);
    expect((await byTitle('Mort')).data).toEqual([{ id: 4 }]);
    // The database refuses the value itself, not a stand-in.
    const refused = await stack.anon().from('books').select('id').eq('pages', 'many');
    expect(refused.error?.code).toBe('22P02');
    expect(refused.error?.message).toContain('"many"');
    expect((await stack.anon().from('books').select('id').eq('pages', 471)).data).toEqual([{ id: 5 }]);
    // A comparison on an embedded resource is refused with the value asked for.
    const onEmbed = await rawFetch(stack, '/books?select=id,authors!books_author_id_fkey(id)&authors=eq.12');
    expect(onEmbed.status).toBe(400);
    expect(((await onEmbed.json()) as { message: string }).message).toContain('authors=eq.12');
  });

  it('users see and change only their own rows', async () => {
    const a = stack.asUser(tokenA);
    const mine = await a.from('notes').select('body').order('body');
    expect(mine.data).toEqual([{ body: 'a1' }, { body: 'a2' }]);
    const b = await stack.asUser(tokenB).from('notes').select('body', { count: 'exact' });
    expect(b.data).toEqual([{ body: 'b1' }]);
    expect(b.count).toBe(1);
    expect((await stack.anon().from('notes').select()).data).toEqual([]);
    expect((await stack.service().from('notes').select('body')).data).toHaveLength(3);

    const inserted = await a.from('notes').insert({ body: 'a3' }).select('body, owner_id').single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ body: 'a3', owner_id: USER_A });

    const forged = await a.from('notes').insert({ body: 'evil', owner_id: USER_B });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "notes"' });

    const anonInsert = await stack.anon().from('notes').insert({ body: 'anon', owner_id: USER_A });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');

    const before = await snapshot();
    const upd = await a.from('notes').update({ body: 'hacked' }).eq('body', 'b1').select();
    expect(upd.data).toEqual([]);
    const del = await a.from('notes').delete().eq('body', 'b1').select();
    expect(del.data).toEqual([]);
    const steal = await a.from('notes').update({ owner_id: USER_A }).eq('body', 'b1');
    expect(steal.error).toBeNull();
    const giveAway = await a.from('notes').update({ owner_id: USER_B }).eq('body', 'a1');
    expect(giveAway.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('rest RLS without a select policy', () => {
  it('inserts with return=minimal, refuses the representation', async () => {
    await stack.db.exec(`create table feedback (id serial primary key, msg text not null, author uuid default auth.uid());
      alter table feedback enable row level security;
      create policy feedback_insert on feedback for insert to authenticated with check (author = auth.uid());
      grant all on feedback to anon, authenticated; grant all on sequence feedback_id_seq to anon, authenticated;`);
    const a = stack.asUser(tokenA);
    const minimal = await a.from('feedback').insert({ msg: 'hi' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    const rep = await a.from('feedback').insert({ msg: 'hi again' }).select();
    expect(rep.status).toBe(403);
    expect(rep.error?.code).toBe('42501');
    const anon = await stack.anon().from('feedback').insert({ msg: 'anon' });
    expect(anon.status).toBe(401);
    expect((await stack.db.query('select msg from feedback')).rows).toEqual([{ msg: 'hi' }]);
    expect((await a.from('feedback').select()).data).toEqual([]);
  });
});

describe('rest auth errors', () => {
  it('rejects forged, expired and malformed JWTs', async () => {
    const forged = await signJwt(
      { sub: USER_A, role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 },
      'not-the-secret-not-the-secret-not-the-secret',
    );
    const r1 = await stack.asUser(forged).from('notes').select();
    expect(r1.status).toBe(401);
    expect(r1.error).toEqual({ code: 'PGRST301', details: null, hint: null, message: 'JWSError JWSInvalidSignature' });
    const expired = await userToken(stack, USER_A, { expired: true });
    const r2 = await stack.asUser(expired).from('notes').select();
    expect(r2.status).toBe(401);
    expect(r2.error).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    const raw = await rawFetch(stack, '/notes', { headers: { authorization: 'Bearer not.a-jwt' } });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await raw.json()).code).toBe('PGRST301');
    const oneDot = await rawFetch(stack, '/notes', { headers: { authorization: 'Bearer garbage' } });
    expect(oneDot.status).toBe(401);
    const noRole = await userToken(stack, USER_A, { role: 'no_such_role' });
    const r3 = await stack.asUser(noRole).from('notes').select();
    expect(r3.status).toBe(401);
    expect(r3.error).toMatchObject({ code: '22023', message: 'role "no_such_role" does not exist' });
    // a valid JWT cannot switch to a role the authenticator is not a member of (e.g. the superuser)
    const superuser = await userToken(stack, USER_A, { role: 'postgres' });
    const r4 = await stack.asUser(superuser).from('notes').select();
    expect(r4.status).toBe(403);
    expect(r4.error?.code).toBe('42501');
  });
});

describe('rest bad input', () => {
  it('reports parse errors, unknown tables/columns/relationships as 4xx and changes nothing', async () => {
    const before = await snapshot();
    const db = stack.service();
    const cases: [string, number, string][] = [];
    const check = async (path: string, status: number, code: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      const res = await rawFetch(stack, path, init);
      const body = await res.json().catch(() => null);
      cases.push([path, res.status, body?.code]);
      expect({ path, status: res.status, code: body?.code }).toEqual({ path, status, code });
      return body;
    };
    const sel = await check('/books?select=a(', 400, 'PGRST100');
    expect(sel.message).toBe('failed to parse select parameter (a()');
    await check('/books?select=id,,title', 400, 'PGRST100');
    await check('/books?select=id::text;drop', 400, 'PGRST100');
    const filt = await check('/books?id=xx.1', 400, 'PGRST100');
    expect(filt.message).toBe('failed to parse filter (xx.1)'.replace('(xx.1)', '(id=xx.1)'));
    await check('/books?id=eq', 400, 'PGRST100');
    await check('/books?id=in.1,2', 400, 'PGRST100');
    await check('/books?or=(id.eq.1', 400, 'PGRST100');
    await check('/books?price=is.maybe', 400, 'PGRST100');
    await check('/books?order=id.sideways', 400, 'PGRST100');
    await check('/books?limit=ten', 400, 'PGRST100');
    const col = await check('/books?select=nope', 400, '42703');
    expect(col.message).toBe('column books.nope does not exist');
    await check('/books?nope=eq.1', 400, '42703');
    await check('/books?order=nope', 400, '42703');
    await check('/books?select=id,authors!author_id(nope)', 400, '42703');
    const table = await check('/no_such_table', 404, 'PGRST205');
    expect(table.message).toBe("Could not find the table 'public.no_such_table' in the schema cache");
    await check('/books?select=*,genres_nope(*)', 400, 'PGRST200');
    await check('/authors?select=*,books(*)', 300, 'PGRST201');
    await check('/books?id=eq.abc', 400, '22P02');
    await check('/books?published=gt.notadate', 400, '22007');
    await check('/books', 406, 'PGRST106', { headers: { 'accept-profile': 'private' } });
    await check('/books', 406, 'PGRST107', { headers: { accept: 'application/xml' } });
    await check('/kv', 400, 'PGRST102', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"k": ' });
    await check('/kv?k=eq.a', 400, 'PGRST102', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '[1,2' });
    await check('/kv', 400, 'PGRST102', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '"just a string"' });
    const upd = await db.from('kv').update({ v: 'x' }).eq('nope', 1);
    expect(upd.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('treats injection attempts as data or rejects them', async () => {
    const before = await snapshot();
    const db = stack.service();
    const attempts = [
      `/books?select=id&title=eq.x'; drop table books; --`,
      `/books?select=id&title=in.("x') or 1=1; --",y)`,
      `/books?select=id&or=(title.eq.x\\'),id.gt.0)`,
      `/books?select=${encodeURIComponent('id,"title; drop table books"')}`,
      `/books?select=${encodeURIComponent('id::text); drop table books; --')}`,
      `/books?select=id&${encodeURIComponent('id;delete from books')}=eq.1`,
      `/books?select=id&order=${encodeURIComponent('id;drop table books')}`,
      `/books?select=id&order=${encodeURIComponent('(select 1)')}`,
      `/books?select=id&meta->>${encodeURIComponent("a'; drop table books; --")}=eq.1`,
      `/books?select=id&summary=fts(${encodeURIComponent("english'); drop table books; --")}).x`,
      `/${encodeURIComponent('books; drop table books')}`,
      `/${encodeURIComponent('books"')}`,
      `/rpc/${encodeURIComponent('greet(); drop table books; --')}`,
    ];
    for (const path of attempts) {
      const res = await rawFetch(stack, path);
      expect(res.status, path).toBeLessThan(500);
      if (res.status === 200) expect(await res.json(), path).toEqual([]);
    }
    const valueAsData = await db.from('kv').insert({ k: `'); drop table kv; --`, v: 'x' }).select('k').single();
    expect(valueAsData.data).toEqual({ k: `'); drop table kv; --` });
    await db.from('kv').delete().eq('k', `'); drop table kv; --`);
    const weirdKey = await db.from('kv').update({ v: 'y' }).eq('k', `a' or '1'='1`).select();
    expect(weirdKey.data).toEqual([]);
    const badCol = await rawFetch(stack, '/kv', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'k" text); drop table kv; --': 1 }),
    });
    expect(badCol.status).toBe(400);
    const onConflict = await rawFetch(stack, `/kv?on_conflict=${encodeURIComponent('k) do nothing; drop table kv; --')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ k: 'a', v: 'x' }),
    });
    expect(onConflict.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('never answers 5xx to random malformed queries (seeded fuzz)', async () => {
    const before = await snapshot();
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const atoms = [
      'id',
      'title',
      'meta',
      'tags',
      'authors',
      'books',
      'nope',
      '*',
      '(',
      ')',
      ',',
      '.',
      ':',
      '::',
      '!',
      '->',
      '->>',
      '"',
      "'",
      ';',
      'eq',
      'in',
      'not',
      'or',
      'and',
      'is',
      'null',
      'cs',
      'fts',
      '(any)',
      '{',
      '}',
      '1',
      '-1',
      'x y',
      '%',
      '*',
      '\\',
      'inner',
      'count()',
      'desc',
      'nullslast',
      'select',
      '$1',
      '--',
    ];
    const junk = (len: number) => Array.from({ length: len }, () => atoms[rand(atoms.length)]).join('');
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const kind = rand(6);
      const params = new URLSearchParams();
      if (kind === 0) params.set('select', junk(1 + rand(8)));
      else if (kind === 1) params.set(['id', 'title', 'meta->>lang', 'tags', 'authors.name'][rand(5)]!, junk(1 + rand(6)));
      else if (kind === 2) params.set('or', `(${junk(1 + rand(8))})`);
      else if (kind === 3) params.set('order', junk(1 + rand(5)));
      else if (kind === 4) params.set(junk(1 + rand(3)), `eq.${junk(1 + rand(3))}`);
      else {
        params.set('select', `id,authors!author_id(${junk(1 + rand(4))})`);
        params.set('authors.' + junk(1), junk(1 + rand(4)));
      }
      const method = ['GET', 'GET', 'PATCH', 'DELETE'][rand(4)]!;
      const res = await rawFetch(stack, `/books?${params}`, {
        method,
        headers: { 'content-type': 'application/json', prefer: 'tx=rollback' },
        body: method === 'PATCH' ? JSON.stringify({ [['title', 'pages', junk(1)][rand(3)]!]: junk(2) }) : undefined,
      });
      if (res.status >= 500) failures.push(`${method} ${params} → ${res.status} ${await res.text()}`);
      else await res.arrayBuffer();
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  // Last: the gateway answers 413 before reading the whole body, which leaves that socket unusable.
  it('refuses oversized bodies with 413 without writing', async () => {
    const before = await snapshot();
    const big = await rawFetch(stack, '/kv', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ k: 'big', v: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});

describe('rest input abuse: deep nesting and huge lists never reach a 5xx', () => {
  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    rawFetch(stack, path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it.each([
    ['rpc argument nested 50,000 deep (array)', () => post('/rpc/echo_json', `{"payload":${deepArray(50_000)}}`)],
    ['rpc argument nested 50,000 deep (object)', () => post('/rpc/echo_json', `{"payload":${deepObject(50_000)}}`)],
    ['rpc single-object body nested 50,000 deep', () => post('/rpc/echo_json', deepArray(50_000))],
    ['insert body nested 50,000 deep', () => post('/kv', `{"k":"deep","v":${deepArray(50_000)}}`)],
    ['select of 3,001 columns', () => rawFetch(stack, `/books?select=${Array.from({ length: 3_001 }, () => 'id').join(',')}`)],
    // URLs stay under the HTTP server's 16 KB header limit so they reach the parsers.
    ['select embedding nested 1,500 deep', () => rawFetch(stack, `/books?select=${'authors('.repeat(1_500)}id${')'.repeat(1_500)}`)],
    ['logic tree nested 3,000 deep', () => rawFetch(stack, `/books?or=(${'or('.repeat(3_000)}id.eq.1${')'.repeat(3_000)})`)],
    ['in list of 3,000 values', () => rawFetch(stack, `/books?id=in.(${Array.from({ length: 3_000 }, (_, i) => i).join(',')})`)],
    ['a URL over 16 KB', () => rawFetch(stack, `/books?select=${'id,'.repeat(6_000)}id`)],
    ['order by 3,001 columns', () => rawFetch(stack, `/books?order=${Array.from({ length: 3_001 }, () => 'id').join(',')}`)],
    ['array argument of 200,000 items', () => post('/rpc/sum_arr', JSON.stringify({ xs: Array.from({ length: 200_000 }, (_, i) => i) }))],
  ])('%s', async (_name, send) => {
    const res = await send();
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(500);
    // 431 comes from the HTTP server itself (request line over 16 KB), before any JSON is written.
    if (res.status >= 400 && res.status !== 431) expect(typeof (await res.json()).message).toBe('string');
  });

  it('says which limit was hit', async () => {
    const deep = await post('/rpc/echo_json', `{"payload":${deepArray(600)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: 'PGRST102', details: 'JSON nested deeper than 512 levels' });
    expect((await post('/rpc/echo_json', `{"payload":${deepArray(500)}}`)).status).toBe(200);
    const logic = await rawFetch(stack, `/books?or=(${'or('.repeat(70)}id.eq.1${')'.repeat(70)})`);
    expect(logic.status).toBe(400);
    expect(await logic.json()).toMatchObject({ code: 'PGRST100', details: 'logic tree nested deeper than 64 levels' });
    const columns = await rawFetch(stack, `/books?select=${Array.from({ length: 3_001 }, () => 'id').join(',')}`);
    expect(columns.status).toBe(400);
    expect(await columns.json()).toMatchObject({ code: '54011', message: 'target lists can have at most 1664 entries' });
    const embed = await rawFetch(stack, `/books?select=${'authors!author_id('.repeat(40)}id${')'.repeat(40)}`);
    expect(embed.status).toBe(400);
    expect((await embed.json()).details).toMatch(/^embedding nested deeper than 32 levels/);
  });
});
