import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch } from './rest-fixture.ts';

// Several exposed schemas chosen by Accept-Profile / Content-Profile, as PostgREST's db-schemas.
let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack({ config: { restSchemas: ['public', 'shop', 'graphql_public'] } });
  await stack.db.exec(`
    create table public.items (id int primary key, name text);
    insert into public.items values (1, 'public item');
    create schema shop;
    create table shop.items (id int primary key, name text, price int);
    create table shop.orders (id int primary key, item_id int references shop.items(id));
    create index on shop.orders (item_id);
    insert into shop.items values (1, 'shop item', 10), (2, 'other', 20);
    insert into shop.orders values (100, 2);
    create function shop.double_price(p int) returns int language sql immutable as $$ select p * 2 $$;
    grant usage on schema shop to anon, service_role;
    grant select, insert, update, delete on all tables in schema shop to anon, service_role;
    grant select on public.items to anon;
    grant execute on function shop.double_price(int) to anon;`);
});
afterAll(async () => {
  await stack?.close();
});

const shopClient = () =>
  createClient(stack.url, stack.config.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
    db: { schema: 'shop' },
  });

describe('exposed schemas', () => {
  it('reads the default schema without a profile, another with .schema() or db.schema', async () => {
    const plain = await stack.anon().from('items').select('name');
    expect(plain.data).toEqual([{ name: 'public item' }]);
    const viaSchema = await stack.anon().schema('shop').from('items').select('name, price').order('id');
    expect(viaSchema.data).toEqual([
      { name: 'shop item', price: 10 },
      { name: 'other', price: 20 },
    ]);
    const viaClient = await shopClient().from('orders').select('id, items(name)');
    expect(viaClient.error).toBeNull();
    expect(viaClient.data).toEqual([{ id: 100, items: { name: 'other' } }]);
  });

  it('writes and calls functions in the Content-Profile schema', async () => {
    const shop = shopClient();
    const ins = await shop.from('items').insert({ id: 3, name: 'new', price: 5 }).select().single();
    expect(ins.data).toEqual({ id: 3, name: 'new', price: 5 });
    const upd = await shop.from('items').update({ price: 6 }).eq('id', 3).select('price');
    expect(upd.data).toEqual([{ price: 6 }]);
    const del = await shop.from('items').delete().eq('id', 3).select('id');
    expect(del.data).toEqual([{ id: 3 }]);
    const rpc = await shop.rpc('double_price', { p: 21 });
    expect(rpc.data).toBe(42);
    const publicRows = await stack.anon().from('items').select('id');
    expect(publicRows.data).toEqual([{ id: 1 }]);
  });

  it('names the schema in Content-Profile when several are exposed', async () => {
    const def = await rawFetch(stack, '/items?select=id');
    expect(def.headers.get('content-profile')).toBe('public');
    const shop = await rawFetch(stack, '/items?select=id', { headers: { 'accept-profile': 'shop' } });
    expect(shop.headers.get('content-profile')).toBe('shop');
    expect(await shop.json()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('an unknown profile is refused with the exposed schemas; names missing in a schema are not found there', async () => {
    const res = await rawFetch(stack, '/items', { headers: { 'accept-profile': 'private' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, shop, graphql_public',
      message: 'Invalid schema: private',
    });
    const write = await rawFetch(stack, '/items', {
      method: 'POST',
      headers: { 'content-profile': 'nope', 'content-type': 'application/json' },
      body: '{"id": 9}',
    });
    expect(write.status).toBe(406);
    const missing = await stack.anon().schema('shop').from('orderz').select('*');
    expect(missing.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'shop.orderz' in the schema cache" });
    expect(missing.error?.hint).toBe("Perhaps you meant the table 'shop.orders'");
    const absent = await stack.anon().schema('graphql_public').from('items').select('*');
    expect(absent.error).toMatchObject({ code: 'PGRST205' });
    const fn = await stack.anon().rpc('double_price', { p: 1 });
    expect(fn.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.double_price(p) in the schema cache' });
  });
});

describe('plans turned off', () => {
  it('refuses the plan media type when db-plan-enabled is off (the default)', async () => {
    const res = await rawFetch(stack, '/items', { headers: { accept: 'application/vnd.pgrst.plan+json; options=analyze' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze',
    });
  });
});
