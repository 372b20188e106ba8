import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { USER_A, USER_B, userToken } from './rest-fixture.ts';
import { Inbox, realtimeClient, subscribed } from './realtime-fixture.ts';

let stack: UntypedTestStack;
const clients: SupabaseClient[] = [];
beforeAll(async () => {
  stack = await startTestStack();
  // Hosted-style policies: A may read and write topic "team-a", B may only read it.
  await stack.db.exec(`
    create policy team_read on realtime.messages for select to authenticated
      using (realtime.topic() = 'team-a' and (select auth.uid()) in ('${USER_A}', '${USER_B}'));
    create policy team_write on realtime.messages for insert to authenticated
      with check (realtime.topic() = 'team-a' and (select auth.uid()) = '${USER_A}');
  `);
});
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await stack?.close();
});

async function client(token?: string) {
  const c = await realtimeClient(stack, '2.0.0', token);
  clients.push(c);
  return c;
}

type Broadcast = { event: string; payload: Record<string, unknown> };

describe('realtime private channels (realtime.messages policies)', () => {
  it('refuses a join without a SELECT policy with the hosted reason', async () => {
    const anon = await client();
    await expect(subscribed(anon.channel('team-a', { config: { private: true } }))).rejects.toThrow(
      'CHANNEL_ERROR Unauthorized: You do not have permissions to read from this Channel topic: team-a',
    );
    const a = await client(await userToken(stack, USER_A));
    await expect(subscribed(a.channel('team-b', { config: { private: true } }))).rejects.toThrow(/permissions to read/);
  });

  it('delivers broadcasts only from senders allowed to write, and keeps private and public rooms apart', async () => {
    const a = await client(await userToken(stack, USER_A));
    const b = await client(await userToken(stack, USER_B));
    const publicListener = await client();
    const toA = new Inbox<Broadcast>();
    const toB = new Inbox<Broadcast>();
    const toPublic = new Inbox<Broadcast>();
    const channelA = a.channel('team-a', { config: { private: true, broadcast: { ack: true } } }).on('broadcast', { event: 'm' }, toA.add);
    const channelB = b.channel('team-a', { config: { private: true, broadcast: { ack: true } } }).on('broadcast', { event: 'm' }, toB.add);
    const channelPublic = publicListener.channel('team-a').on('broadcast', { event: 'm' }, toPublic.add);
    await subscribed(channelA);
    await subscribed(channelB);
    await subscribed(channelPublic);
    expect(await channelB.send({ type: 'broadcast', event: 'm', payload: { from: 'b' } })).toBe('ok');
    expect(await channelA.send({ type: 'broadcast', event: 'm', payload: { from: 'a' } })).toBe('ok');
    expect((await toB.next()).payload).toEqual({ from: 'a' });
    // B's message was sent first: had it been delivered, A would have it by the time B has A's.
    expect(toA.items).toHaveLength(0);
    // A public channel of the same name hears neither; a public broadcast then reaches it alone.
    await stack.anon().channel('team-a').httpSend('m', { from: 'public' });
    expect((await toPublic.next()).payload).toEqual({ from: 'public' });
    expect(toPublic.items).toHaveLength(1);
    expect(toB.items).toHaveLength(1);
  });
});
