import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch, setupFixture } from './rest-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await setupFixture(stack);
});
afterAll(async () => {
  await stack?.close();
});

const kvRows = async () =>
  (await stack.db.query<{ k: string; v: string | null; n: number | null; note: string | null }>('select k, v, n, note from kv order by k'))
    .rows;

describe('rest insert', () => {
  it('inserts one row (minimal by default) and with representation', async () => {
    const db = stack.service();
    const minimal = await db.from('kv').insert({ k: 'm1', v: 'x' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const rep = await db.from('kv').insert({ k: 'm2' }).select().single();
    expect(rep.status).toBe(201);
    expect(rep.data).toEqual({ k: 'm2', v: null, n: 42, note: 'dflt' });
    const shaped = await db
      .from('books')
      .insert({ title: 'New', author_id: 2, tags: ['x', 'y'], meta: { a: [1, 2] } })
      .select('id, title, tags, meta, authors!author_id(name)')
      .single();
    expect(shaped.error).toBeNull();
    expect(shaped.data).toMatchObject({ title: 'New', tags: ['x', 'y'], meta: { a: [1, 2] }, authors: { name: 'Terry' } });
    expect((shaped.data as { id: number }).id).toBeGreaterThan(10);
  });

  it('bulk inserts: missing keys become NULL, or defaults with missing=default', async () => {
    const db = stack.service();
    const bulk = await db
      .from('kv')
      .insert([
        { k: 'b1', v: 'one' },
        { k: 'b2', n: 7 },
      ])
      .select('k, v, n, note')
      .order('k');
    expect(bulk.error).toBeNull();
    expect(bulk.data).toEqual([
      { k: 'b1', v: 'one', n: null, note: 'dflt' },
      { k: 'b2', v: null, n: 7, note: 'dflt' },
    ]);
    const dflt = await db
      .from('kv')
      .insert(
        [
          { k: 'd1', v: 'one' },
          { k: 'd2', n: 7 },
        ],
        { defaultToNull: false },
      )
      .select('k, v, n');
    expect(dflt.error).toBeNull();
    expect(dflt.data).toEqual([
      { k: 'd1', v: 'one', n: 42 },
      { k: 'd2', v: null, n: 7 },
    ]);
    const counted = await db.from('kv').insert([{ k: 'c1' }, { k: 'c2' }], { count: 'exact' });
    expect(counted.status).toBe(201);
    expect(counted.count).toBe(2);
    const cols = await rawFetch(stack, '/kv?columns=k,v&select=k,v,n', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ k: 'col1', v: 'v', n: 1 }),
    });
    expect(cols.status).toBe(201);
    expect(await cols.json()).toEqual([{ k: 'col1', v: 'v', n: 42 }]);
  });

  it('upserts with merge, ignore and on_conflict', async () => {
    const db = stack.service();
    const merged = await db
      .from('kv')
      .upsert([
        { k: 'a', v: 'ONE' },
        { k: 'u1', v: 'new' },
      ])
      .select('k, v')
      .order('k');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([
      { k: 'a', v: 'ONE' },
      { k: 'u1', v: 'new' },
    ]);
    const ignored = await db
      .from('kv')
      .upsert(
        [
          { k: 'a', v: 'ignored' },
          { k: 'u2', v: 'fresh' },
        ],
        { ignoreDuplicates: true },
      )
      .select('k, v');
    expect(ignored.data).toEqual([{ k: 'u2', v: 'fresh' }]);
    expect((await kvRows()).find((r) => r.k === 'a')?.v).toBe('ONE');
    const byUnique = await db.from('genres').upsert({ id: 1, name: 'Fantasy' }, { onConflict: 'name' }).select().single();
    expect(byUnique.error).toBeNull();
    expect(byUnique.data).toEqual({ id: 1, name: 'Fantasy' });
    const byKey = await db.from('kv').upsert({ k: 'b', v: 'TWO' }, { onConflict: 'k' }).select('k, v, n').single();
    expect(byKey.data).toEqual({ k: 'b', v: 'TWO', n: 42 });
    const fkUpdate = await db.from('genres').upsert({ id: 99, name: 'Fantasy' }, { onConflict: 'name' });
    expect(fkUpdate.status).toBe(409);
    expect(fkUpdate.error?.code).toBe('23503');
    const dup = await db.from('kv').insert({ k: 'a' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const fk = await db.from('books').insert({ title: 'x', author_id: 12345 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const notNull = await db.from('books').insert({ author_id: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const badType = await db.from('books').insert({ title: 'x', pages: 'many' });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const unknownCol = await db.from('kv').insert({ k: 'z', nope: 1 });
    expect(unknownCol.status).toBe(400);
    expect(unknownCol.error?.code).toBe('PGRST204');
  });

  it('PUT upserts a single row by primary key', async () => {
    const put = await rawFetch(stack, '/kv?k=eq.put1', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ k: 'put1', v: 'p', n: 1, note: null }),
    });
    // the row did not exist: inserted (200 only when it replaced one)
    expect(put.status).toBe(201);
    expect(await put.json()).toEqual([{ k: 'put1', v: 'p', n: 1, note: null }]);
    const mismatch = await rawFetch(stack, '/kv?k=eq.put1', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ k: 'other', v: 'p' }),
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).code).toBe('PGRST115');
  });
});

describe('rest update and delete', () => {
  it('updates rows matching filters, with select and count', async () => {
    const db = stack.service();
    await db.from('kv').insert([
      { k: 'up1', v: 'x' },
      { k: 'up2', v: 'x' },
      { k: 'up3', v: 'y' },
    ]);
    const minimal = await db.from('kv').update({ note: 'changed' }).eq('v', 'x');
    expect(minimal.status).toBe(204);
    expect(minimal.error).toBeNull();
    const rep = await db.from('kv').update({ n: 5 }, { count: 'exact' }).in('k', ['up1', 'up3']).select('k, n, note').order('k');
    expect(rep.status).toBe(200);
    expect(rep.count).toBe(2);
    expect(rep.data).toEqual([
      { k: 'up1', n: 5, note: 'changed' },
      { k: 'up3', n: 5, note: 'dflt' },
    ]);
    const single = await db.from('kv').update({ v: 'z' }).eq('k', 'up2').select('k, v').single();
    expect(single.data).toEqual({ k: 'up2', v: 'z' });
    const tooMany = await db.from('kv').update({ v: 'boom' }).like('k', 'up%').select().single();
    expect(tooMany.status).toBe(406);
    expect(tooMany.error?.code).toBe('PGRST116');
    expect((await kvRows()).filter((r) => r.v === 'boom')).toEqual([]);
  });

  it('deletes rows matching filters', async () => {
    const db = stack.service();
    await db.from('kv').insert([{ k: 'del1' }, { k: 'del2' }, { k: 'del3' }]);
    const rep = await db.from('kv').delete().in('k', ['del1', 'del2']).select('k').order('k');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ k: 'del1' }, { k: 'del2' }]);
    const minimal = await db.from('kv').delete({ count: 'exact' }).eq('k', 'del3');
    expect(minimal.status).toBe(204);
    expect(minimal.count).toBe(1);
    expect((await kvRows()).filter((r) => r.k.startsWith('del'))).toEqual([]);
    const cascade = await db.from('books').delete().eq('id', 5).select('id, title, book_genres(genre_id)').single();
    expect(cascade.error).toBeNull();
    expect(cascade.data).toMatchObject({ id: 5, title: 'Consider Phlebas' });
  });

  it('Prefer: tx=rollback returns the result but changes nothing', async () => {
    const before = await kvRows();
    const ins = await rawFetch(stack, '/kv?select=k,v', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation,tx=rollback' },
      body: JSON.stringify({ k: 'rolled', v: 'back' }),
    });
    expect(ins.status).toBe(201);
    expect(await ins.json()).toEqual([{ k: 'rolled', v: 'back' }]);
    expect(ins.headers.get('preference-applied')).toContain('tx=rollback');
    const del = await rawFetch(stack, '/kv?k=eq.a', { method: 'DELETE', headers: { prefer: 'tx=rollback' } });
    expect(del.status).toBe(204);
    expect(await kvRows()).toEqual(before);
  });

  it('headers-only returns a Location', async () => {
    const res = await rawFetch(stack, '/kv', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=headers-only' },
      body: JSON.stringify({ k: 'loc' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/kv?k=eq.loc');
  });
});
