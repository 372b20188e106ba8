import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followOwnChanges, LIVE_TABLES, type LiveStatus, type LiveTable } from '@/shared/data/live.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { person, type Person } from './documents-helpers.ts';

/**
 * Live updates (migration 20261128000100 publishes the followed tables): a follower hears about
 * the user's own rows changing, from any client, and never about another user's.
 */

let stack: TestStack;
let me: Person;
let other: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other] = [await person(stack, 'live'), await person(stack, 'live-other')];
});
afterAll(async () => stack?.close());

/** Follows `who`'s rows; resolves once the subscription is live. */
async function follow(who: Person) {
  const heard: LiveTable[] = [];
  const waiters: { table: LiveTable; resolve: () => void }[] = [];
  let live!: () => void;
  const ready = new Promise<void>((resolve) => (live = resolve));
  const stop = followOwnChanges(who.client as AppClient, who.userId, LIVE_TABLES, {
    onChange: (table) => {
      heard.push(table);
      for (const waiter of waiters.filter((w) => w.table === table)) waiter.resolve();
    },
    onStatus: (status: LiveStatus) => {
      if (status === 'live') live();
    },
  });
  await ready;
  /** Resolves when `table` changes (counting changes heard before the call), failing after 10 s. */
  const next = (table: LiveTable, alreadyHeard = heard.filter((t) => t === table).length) =>
    new Promise<void>((resolve, reject) => {
      if (heard.filter((t) => t === table).length > alreadyHeard) return resolve();
      const timer = setTimeout(() => reject(new Error(`no change of ${table} arrived`)), 10_000);
      waiters.push({ table, resolve: () => (clearTimeout(timer), resolve()) });
    });
  return { heard, next, stop };
}

describe(`live updates (${testDbKind})`, () => {
  it('hears the user’s own inserts, updates and deletes, made from another client', async () => {
    const mine = await follow(me);
    // Another device of the same user: its own client, the same account.
    const token = (await me.client.auth.getSession()).data.session!.access_token;
    const device = stack.asUser(token);
    try {
      const before = mine.heard.length;
      const inserted = mine.next('saved_prompts', 0);
      const { data, error } = await me.client
        .from('saved_prompts')
        .insert({ name: 'Live one', prompt_text: 'Hello' })
        .select('id')
        .single();
      expect(error).toBeNull();
      await inserted;
      const updated = mine.next('saved_prompts');
      expect((await device.from('saved_prompts').update({ name: 'Live two' }).eq('id', data!.id)).error).toBeNull();
      await updated;
      const deleted = mine.next('saved_prompts');
      expect((await device.from('saved_prompts').delete().eq('id', data!.id)).error).toBeNull();
      await deleted;
      expect(mine.heard.length - before).toBeGreaterThanOrEqual(3);
    } finally {
      mine.stop();
    }
  });

  it('never hears another user’s inserts or updates', async () => {
    const theirs = await follow(other);
    const mine = await follow(me);
    try {
      const arrived = mine.next('prompt_folders', 0);
      const folder = await me.client.from('prompt_folders').insert({ name: 'Mine only' }).select('id').single();
      expect(folder.error).toBeNull();
      await arrived;
      // The other follower was subscribed before the insert and got nothing about it, nor about its update.
      const renamed = mine.next('prompt_folders');
      expect((await me.client.from('prompt_folders').update({ name: 'Still mine' }).eq('id', folder.data!.id)).error).toBeNull();
      await renamed;
      expect(theirs.heard.filter((t) => t === 'prompt_folders')).toEqual([]);
    } finally {
      theirs.stop();
      mine.stop();
    }
  });

  it('hears a run’s steps as they are saved (a workflow run followed from another tab)', async () => {
    const mine = await follow(me);
    try {
      const runInserted = mine.next('workflow_runs', 0);
      const run = await stack.db.query<{ id: string }>(
        `insert into public.workflow_runs (user_id, template_id, workflow_name, definition, provider, model, trigger)
         values ($1, 'product-launch', 'Launch', '{"version":1}', 'openai', 'gpt-4o-mini', 'dashboard') returning id`,
        [me.userId],
      );
      await runInserted;
      const stepSaved = mine.next('workflow_run_steps', 0);
      await stack.db.query(
        `insert into public.workflow_run_steps (run_id, user_id, position, name, kind, status, output) values ($1, $2, 0, 'first', 'prompt', 'running', 'Half')`,
        [run.rows[0]!.id, me.userId],
      );
      await stepSaved;
    } finally {
      mine.stop();
    }
  });
});
