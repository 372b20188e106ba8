import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { USER_A, USER_B, userToken } from './rest-fixture.ts';
import { Inbox, realtimeClient, setupRealtimeTables, subscribed, VERSIONS } from './realtime-fixture.ts';

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

type Broadcast = { event: string; payload: Record<string, unknown> };

describe.each(VERSIONS)('realtime broadcast and presence (vsn %s)', (vsn) => {
  it('broadcasts to others, to itself only with self, and acknowledges with ack', async () => {
    const sender = await client(vsn);
    const listener = await client(vsn);
    const toSender = new Inbox<Broadcast>();
    const toListener = new Inbox<Broadcast>();
    const room = `room-${vsn}`;
    const a = sender.channel(room, { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'cursor' }, toSender.add);
    const b = listener.channel(room).on('broadcast', { event: 'cursor' }, toListener.add);
    await subscribed(a);
    await subscribed(b);
    expect(await a.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    expect((await toListener.next()).payload).toEqual({ x: 1 });
    expect((await toSender.next()).payload).toEqual({ x: 1 });
    // Without self the sender does not hear its own message.
    expect(await b.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } })).toBe('ok');
    expect((await toSender.next((m) => m.payload.x === 2)).payload).toEqual({ x: 2 });
    await a.send({ type: 'broadcast', event: 'cursor', payload: { x: 3 } });
    await toListener.next((m) => m.payload.x === 3);
    expect(toListener.items.map((m) => m.payload.x)).toEqual([1, 3]);
  });

  it('sends through the REST broadcast API (httpSend)', async () => {
    const listener = await client(vsn);
    const inbox = new Inbox<Broadcast>();
    await subscribed(listener.channel(`http-${vsn}`).on('broadcast', { event: 'ping' }, inbox.add));
    const sender = await client(vsn);
    const channel = sender.channel(`http-${vsn}`);
    await expect(channel.httpSend('ping', { n: 1 })).resolves.toEqual({ success: true });
    expect((await inbox.next()).payload).toEqual({ n: 1 });
    await sender.removeChannel(channel);
  });

  it('tracks presence: state on join, join and leave diffs with the configured key', async () => {
    const first = await client(vsn);
    const second = await client(vsn);
    const room = `lobby-${vsn}`;
    const joins = new Inbox<{ key: string; newPresences: Record<string, unknown>[] }>();
    const leaves = new Inbox<{ key: string; leftPresences: Record<string, unknown>[] }>();
    const watcher = first
      .channel(room, { config: { presence: { key: 'alice' } } })
      .on('presence', { event: 'join' }, joins.add)
      .on('presence', { event: 'leave' }, leaves.add);
    await subscribed(watcher);
    expect(await watcher.track({ name: 'Alice' })).toBe('ok');
    await joins.next((j) => j.key === 'alice');
    const other: RealtimeChannel = second
      .channel(room, { config: { presence: { key: 'bob' } } })
      .on('presence', { event: 'sync' }, () => undefined);
    await subscribed(other);
    await other.track({ name: 'Bob' });
    const bob = await joins.next((j) => j.key === 'bob');
    expect(bob.newPresences[0]).toMatchObject({ name: 'Bob', presence_ref: expect.any(String) });
    // The late joiner got the existing state.
    await expect.poll(() => Object.keys(other.presenceState()).sort()).toEqual(['alice', 'bob']);
    await other.untrack();
    expect(await leaves.next((l) => l.key === 'bob')).toMatchObject({ leftPresences: [{ name: 'Bob' }] });
    await other.track({ name: 'Bob again' });
    await joins.next((j) => j.key === 'bob' && j.newPresences[0]?.name === 'Bob again');
    await second.removeChannel(other);
    await leaves.next((l) => l.key === 'bob' && l.leftPresences[0]?.name === 'Bob again');
    expect(Object.keys(watcher.presenceState())).toEqual(['alice']);
  });
});

describe('realtime auth', () => {
  it('refuses a socket without a valid apikey', async () => {
    const url = stack.url.replace('http', 'ws') + '/realtime/v1/websocket?vsn=1.0.0&apikey=wrong';
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(401);
  });

  it('refuses a join with an expired token with the hosted reason', async () => {
    const c = await client('2.0.0', await userToken(stack, USER_A, { expired: true }));
    await expect(subscribed(c.channel('expired'))).rejects.toThrow(/CHANNEL_ERROR InvalidJWTToken: Token has expired \d+ seconds ago/);
  });

  it('switches the role on realtime.setAuth: B then sees rows only B may read', async () => {
    const c = await client('2.0.0', await userToken(stack, USER_A));
    const inbox = new Inbox<{ new: Record<string, unknown> }>();
    const channel = c
      .channel('switch', { config: { broadcast: { ack: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_items' }, inbox.add);
    await subscribed(channel);
    await stack.service().from('rt_items').insert({ label: 'for-a', owner_id: USER_A, private: true });
    await inbox.next((p) => p.new.label === 'for-a');
    await c.realtime.setAuth(await userToken(stack, USER_B));
    // The socket handles messages in order: once this acknowledged push is answered, the new token is in use.
    expect(await channel.send({ type: 'broadcast', event: 'sync', payload: {} })).toBe('ok');
    await stack
      .service()
      .from('rt_items')
      .insert([
        { label: 'for-a-2', owner_id: USER_A, private: true },
        { label: 'for-b', owner_id: USER_B, private: true },
      ]);
    await inbox.next((p) => p.new.label === 'for-b');
    expect(inbox.items.map((p) => p.new.label)).toEqual(['for-a', 'for-b']);
  });

  it('closes the channel when its token expires, with a system message', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await signJwt({ sub: USER_A, role: 'authenticated', exp: now + 2, iat: now }, stack.config.jwtSecret);
    const c = await client('2.0.0', shortLived);
    const system = new Inbox<Record<string, unknown>>();
    const closed = new Promise<string>((resolve) => {
      c.channel('short')
        .on('system', {}, system.add)
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') resolve(status);
        });
    });
    expect(await system.next((m) => m.status === 'error', 6000)).toMatchObject({
      extension: 'system',
      message: expect.stringMatching(/Token has expired/),
    });
    expect(await closed).toBe('CLOSED');
  });
});
