import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { USER_A, USER_B, userToken } from './rest-fixture.ts';
import { Inbox, realtimeClient, setupRealtimeTables, subscribed, VERSIONS } from './realtime-fixture.ts';

type Row = { id: number; owner_id: string | null; label: string; n: number; private: boolean; body: string | null };
type Change = RealtimePostgresChangesPayload<Row>;

let stack: UntypedTestStack;
const clients: SupabaseClient[] = [];
beforeAll(async () => {
  stack = await startTestStack();
  await setupRealtimeTables(stack);
});
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await stack?.close();
});

async function client(vsn: (typeof VERSIONS)[number], token?: string) {
  const c = await realtimeClient(stack, vsn, token);
  clients.push(c);
  return c;
}

describe.each(VERSIONS)('realtime postgres_changes (vsn %s)', (vsn) => {
  it('delivers inserts, updates and deletes with the shape realtime-js expects', async () => {
    const c = await client(vsn);
    const inbox = new Inbox<Change>();
    const system = new Inbox<Record<string, unknown>>();
    const channel = c
      .channel(`changes-${vsn}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_items' }, inbox.add)
      .on('system', {}, system.add);
    await subscribed(channel);
    expect(await system.next()).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });
    const label = `shape-${vsn}`;
    const { data } = await stack.service().from('rt_items').insert({ label, n: 1 }).select().single();
    const inserted = await inbox.next((p) => p.eventType === 'INSERT' && (p.new as Row).label === label);
    expect(inserted).toMatchObject({ schema: 'public', table: 'rt_items', errors: null, old: {} });
    expect(inserted.new).toEqual(data);
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    await stack.service().from('rt_items').update({ n: 2 }).eq('id', data!.id);
    const updated = await inbox.next((p) => p.eventType === 'UPDATE' && (p.new as Row).id === data!.id);
    expect(updated.new).toMatchObject({ n: 2, label });
    expect(updated.old).toEqual({ id: data!.id });
    await stack.service().from('rt_items').delete().eq('id', data!.id);
    const deleted = await inbox.next((p) => p.eventType === 'DELETE');
    // Default replica identity: the old row carries its primary key only.
    expect(deleted.old).toEqual({ id: data!.id });
    expect(deleted.new).toEqual({});
  });

  it('applies filters and event types', async () => {
    const c = await client(vsn);
    const eq = new Inbox<Change>();
    const gt = new Inbox<Change>();
    const inList = new Inbox<Change>();
    const channel = c
      .channel(`filters-${vsn}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_items', filter: `label=eq.f-${vsn}-b` }, eq.add)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_items', filter: 'n=gt.100' }, gt.add)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'rt_items', filter: 'n=in.(7,8)' }, inList.add);
    await subscribed(channel);
    await stack
      .service()
      .from('rt_items')
      .insert([
        { label: `f-${vsn}-a`, n: 5 },
        { label: `f-${vsn}-b`, n: 7 },
        { label: `f-${vsn}-c`, n: 500 },
      ]);
    await stack.service().from('rt_items').update({ n: 8 }).eq('label', `f-${vsn}-a`);
    const fromEq = await eq.next();
    const fromGt = await gt.next();
    const fromIn = await inList.next();
    expect((fromEq.new as Row).label).toBe(`f-${vsn}-b`);
    expect((fromGt.new as Row).label).toBe(`f-${vsn}-c`);
    expect(fromIn).toMatchObject({ eventType: 'UPDATE', new: { label: `f-${vsn}-a`, n: 8 } });
    // The update came after every insert, so anything else the filters let through has arrived by now.
    expect([...eq.items, ...gt.items, ...inList.items]).toHaveLength(3);
  });

  it('delivers a row only to subscribers allowed to select it; deletes reach everyone', async () => {
    const a = await client(vsn, await userToken(stack, USER_A));
    const b = await client(vsn, await userToken(stack, USER_B));
    const toA = new Inbox<Change>();
    const toB = new Inbox<Change>();
    const filter = `owner_id=eq.${USER_A}`;
    await subscribed(
      a.channel(`rls-a-${vsn}`).on('postgres_changes', { event: '*', schema: 'public', table: 'rt_items', filter }, toA.add),
    );
    await subscribed(b.channel(`rls-b-${vsn}`).on('postgres_changes', { event: '*', schema: 'public', table: 'rt_items' }, toB.add));
    const { data: secret } = await stack
      .service()
      .from('rt_items')
      .insert({ label: `secret-${vsn}`, owner_id: USER_A, private: true })
      .select()
      .single();
    await stack
      .service()
      .from('rt_items')
      .insert({ label: `public-${vsn}`, owner_id: USER_A });
    expect(await toA.next((p) => (p.new as Row).label === `secret-${vsn}`)).toMatchObject({ eventType: 'INSERT' });
    await toA.next((p) => (p.new as Row).label === `public-${vsn}`);
    // B sees the public row, which was inserted after the private one: the private one would have come first.
    await toB.next((p) => (p.new as Row).label === `public-${vsn}`);
    expect(toB.items.some((p) => (p.new as Row).label === `secret-${vsn}`)).toBe(false);
    await stack.service().from('rt_items').delete().eq('id', secret!.id);
    expect(await toB.next((p) => p.eventType === 'DELETE')).toMatchObject({ old: { id: secret!.id } });
    // A filter on a column the old record does not carry lets the delete through, as hosted does.
    expect(await toA.next((p) => p.eventType === 'DELETE')).toMatchObject({ old: { id: secret!.id } });
  });
});

describe('realtime postgres_changes errors and limits', () => {
  it('reports a table outside the publication as the hosted server does', async () => {
    await stack.db.exec('create table rt_unpublished (id int primary key); grant all on rt_unpublished to anon;');
    const c = await client('2.0.0');
    const system = new Inbox<Record<string, unknown>>();
    const channel = c
      .channel('unpublished')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_unpublished' }, () => undefined);
    channel.on('system', {}, system.add);
    await subscribed(channel);
    expect(await system.next()).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: expect.stringContaining('Unable to subscribe to changes with given parameters'),
    });
  });

  it('picks up a table added to the publication after start, and rows too big for one NOTIFY', async () => {
    await stack.db.exec(
      'create table rt_late (id int primary key, body text); grant all on rt_late to anon; alter publication supabase_realtime add table rt_late;',
    );
    const c = await client('2.0.0');
    const inbox = new Inbox<RealtimePostgresChangesPayload<{ id: number; body: string }>>();
    await subscribed(c.channel('late').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_late' }, inbox.add));
    const body = 'x'.repeat(20_000);
    await stack.service().from('rt_late').insert({ id: 1, body });
    const got = await inbox.next();
    expect(got.new).toEqual({ id: 1, body });
  });

  it('does not deliver rows of a table the role may not select', async () => {
    const c = await client('2.0.0');
    const hidden = new Inbox<Change>();
    const visible = new Inbox<Change>();
    const channel = c
      .channel('hidden')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_hidden' }, hidden.add)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_items' }, visible.add);
    await subscribed(channel);
    await stack.service().from('rt_hidden').insert({ id: 1, label: 'no' });
    await stack.service().from('rt_items').insert({ label: 'after-hidden' });
    await visible.next((p) => (p.new as Row).label === 'after-hidden');
    expect(hidden.items).toHaveLength(0);
  });
});
