import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONTHLY_GENERATION_LIMIT, QUOTA_TEXTS } from '../../shared/core/quota.ts';
import { confirmGeneration, countedGeneration, GENERATION_LIMIT_CODE, getQuota, refundGeneration, reserveGeneration } from '../../shared/data/quota.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** The monthly generation quota, counted by the database (migration 20261123001000). */

let stack: TestStack;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other, viewer] = [await person(stack, 'quota'), await person(stack, 'quota-other'), await person(stack, 'quota-viewer', 'view_only')];
});
afterAll(async () => stack?.close());

const THIS_MONTH = "date_trunc('month', now() at time zone 'utc')::date";
const LAST_MONTH = `(${THIS_MONTH} - interval '1 month')::date`;

/** Puts the counter at `count` for this month (or `month`), with no reservations. */
async function seed(who: Person, count: number, month = THIS_MONTH) {
  await stack.db.query('delete from public.generation_reservations where user_id = $1', [who.userId]);
  await stack.db.query(
    `insert into public.user_generation_counts (user_id, generation_count, current_month) values ($1, $2, ${month})
     on conflict (user_id) do update set generation_count = excluded.generation_count, current_month = excluded.current_month`,
    [who.userId, count],
  );
}
const stored = async (who: Person) =>
  (
    await stack.db.query<{ generation_count: number; reservations: number }>(
      'select generation_count, (select count(*)::int from public.generation_reservations r where r.user_id = c.user_id) as reservations from public.user_generation_counts c where user_id = $1',
      [who.userId],
    )
  ).rows[0];

beforeEach(async () => seed(me, 0));

describe(`monthly generation quota (${testDbKind})`, () => {
  it('starts at 0 / 50 for a new account', async () => {
    expect(must(await getQuota(other.client))).toMatchObject({ used: 0, limit: MONTHLY_GENERATION_LIMIT, remaining: 50 });
  });

  it('at 45 of 50, exactly 5 of 100 concurrent generations get a slot and 95 are refused', async () => {
    await seed(me, 45);
    const results = await Promise.all(Array.from({ length: 100 }, () => reserveGeneration(me.client)));
    const granted = results.filter((r) => !r.error);
    const refused = results.filter((r) => r.error);
    expect(granted).toHaveLength(5);
    expect(refused).toHaveLength(95);
    for (const r of refused) expect(r.error).toEqual({ message: QUOTA_TEXTS.limitTitle, code: GENERATION_LIMIT_CODE });
    expect(must(await getQuota(me.client))).toMatchObject({ used: 50, remaining: 0 });
    expect(await stored(me)).toEqual({ generation_count: 45, reservations: 5 });

    await Promise.all(granted.map((r) => confirmGeneration(me.client, r.data!.reservationId)));
    expect(await stored(me)).toEqual({ generation_count: 50, reservations: 0 });
    expect((await reserveGeneration(me.client)).error?.code).toBe(GENERATION_LIMIT_CODE);
  });

  it('gives a refunded slot back, and confirms a reservation only once', async () => {
    await seed(me, 49);
    const slot = must(await reserveGeneration(me.client));
    expect(slot.quota).toMatchObject({ used: 50, remaining: 0 });
    expect((await reserveGeneration(me.client)).error?.code).toBe(GENERATION_LIMIT_CODE);
    expect(must(await refundGeneration(me.client, slot.reservationId))).toMatchObject({ used: 49 });
    const again = must(await reserveGeneration(me.client));
    expect(must(await confirmGeneration(me.client, again.reservationId))).toMatchObject({ used: 50 });
    expect(must(await confirmGeneration(me.client, again.reservationId))).toMatchObject({ used: 50 });
    expect(must(await refundGeneration(me.client, again.reservationId))).toMatchObject({ used: 50 });
    expect(await stored(me)).toEqual({ generation_count: 50, reservations: 0 });
  });

  it('counts a generation only when it succeeds; a failed or refused one costs nothing', async () => {
    await seed(me, 48);
    const failed = await countedGeneration(me.client, async () => {
      throw new Error('provider down');
    });
    expect(failed).toMatchObject({ status: 'failed', quota: { used: 48 } });
    const done = await countedGeneration(me.client, async () => '# Document');
    expect(done).toMatchObject({ status: 'done', value: '# Document', quota: { used: 49 } });
    await countedGeneration(me.client, async () => 'last one');
    let ran = false;
    const refused = await countedGeneration(me.client, async () => {
      ran = true;
      return 'never';
    });
    expect(refused).toEqual({ status: 'limit' });
    expect(ran).toBe(false);
    expect(await stored(me)).toEqual({ generation_count: 50, reservations: 0 });
  });

  it('starts again from 0 when the month changes', async () => {
    await seed(me, 50, LAST_MONTH);
    expect(must(await getQuota(me.client))).toMatchObject({ used: 0, remaining: 50 });
    const slot = must(await reserveGeneration(me.client));
    must(await confirmGeneration(me.client, slot.reservationId));
    const { rows } = await stack.db.query<{ generation_count: number; fresh: boolean }>(
      `select generation_count, current_month = ${THIS_MONTH} as fresh from public.user_generation_counts where user_id = $1`,
      [me.userId],
    );
    expect(rows[0]).toEqual({ generation_count: 1, fresh: true });
  });

  it('lets an abandoned reservation lapse so its slot comes back', async () => {
    await seed(me, 49);
    must(await reserveGeneration(me.client));
    expect((await reserveGeneration(me.client)).error?.code).toBe(GENERATION_LIMIT_CODE);
    await stack.db.query("update public.generation_reservations set expires_at = now() - interval '1 second' where user_id = $1", [me.userId]);
    expect(must(await getQuota(me.client))).toMatchObject({ used: 49 });
    expect((await reserveGeneration(me.client)).error).toBeNull();
  });

  it('cannot be reset or spent on someone else’s behalf from the browser', async () => {
    await seed(me, 50);
    const update = await me.client.from('user_generation_counts').update({ generation_count: 0 }).eq('user_id', me.userId).select();
    expect(update.data).toEqual([]);
    expect((await me.client.from('generation_reservations').delete().eq('user_id', me.userId).select()).data).toEqual([]);
    expect((await me.client.from('user_generation_counts').upsert({ user_id: me.userId, generation_count: 0 }).select()).error?.code).toBe('42501');
    // Another user's reservation cannot be confirmed or refunded by me.
    await seed(other, 10);
    const theirs = must(await reserveGeneration(other.client));
    must(await refundGeneration(me.client, theirs.reservationId));
    must(await confirmGeneration(me.client, theirs.reservationId));
    expect(await stored(other)).toEqual({ generation_count: 10, reservations: 1 });
    expect(await stored(me)).toMatchObject({ generation_count: 50 });
    // Signed out, nothing is counted.
    expect((await stack.anon().rpc('consume_generation')).error).not.toBeNull();
  });

  it('refuses a view_only account before anything is reserved or run (spec 001 §6: cannot modify)', async () => {
    const refused = await reserveGeneration(viewer.client);
    expect(refused.error).toEqual({ message: 'View-only accounts cannot generate documents.', code: '42501' });
    let ran = false;
    const counted = await countedGeneration(viewer.client, async () => {
      ran = true;
      return 'never';
    });
    expect(counted).toEqual({ status: 'error', message: 'View-only accounts cannot generate documents.' });
    expect(ran).toBe(false);
    // Nothing was written for the account; it still reads its counter.
    expect(await stored(viewer)).toBeUndefined();
    expect(must(await getQuota(viewer.client))).toMatchObject({ used: 0, remaining: 50 });
    // Promoted to editor, the same account generates.
    await stack.db.query("update public.profiles set role = 'editor' where id = $1", [viewer.userId]);
    expect((await reserveGeneration(viewer.client)).error).toBeNull();
    await stack.db.query("update public.profiles set role = 'view_only' where id = $1", [viewer.userId]);
  });
});
