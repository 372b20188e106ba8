import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_TEXTS } from '@/shared/core/quota.ts';
import { getCurrentPlan } from '@/shared/data/plans.ts';
import { getFreePrompt, listFreeStacks } from '@/shared/data/promptCatalog.ts';
import { GENERATION_LIMIT_CODE, getQuota, reserveGeneration } from '@/shared/data/quota.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * Entitlements computed and enforced in the database (migration 20261128000500): the plan a
 * subscription gives (`current_plan()`), premium prompt text readable only with Pro or Team (cards
 * get a teaser, the API no text), and the monthly generation limit per plan.
 */

let stack: TestStack;
let free: Person;
let pro: Person;
let admin: Person;
const PREMIUM_TEXT =
  'Audit [website] for technical SEO: crawl budget, internal links, schema markup and Core Web Vitals, with a 30-day plan.';

beforeAll(async () => {
  stack = await startTestStack();
  [free, pro, admin] = [await person(stack, 'plan-free'), await person(stack, 'plan-pro'), await person(stack, 'plan-admin', 'admin')];
  await subscribe(pro, 'pro', 'active', '30 days');
  await stack.db.query("insert into public.free_prompt_categories (id, name) values ('ent', 'Entitlements') on conflict do nothing");
  await stack.db.query(
    "insert into public.free_prompts (id, category_id, name, prompt_text, is_premium) values ('ent-premium', 'ent', 'Premium audit', $1, true), ('ent-free', 'ent', 'Free headline', 'Ten headlines for [product]', false)",
    [PREMIUM_TEXT],
  );
});
afterAll(async () => stack?.close());

/** Puts the person's subscription in a state, as the Stripe webhook would (service role). */
async function subscribe(who: Person, plan: 'pro' | 'team', status: string, periodEndsIn: string) {
  await stack.db.query(
    `insert into public.subscriptions (user_id, stripe_customer_id, stripe_subscription_id, plan, status, current_period_end)
     values ($1::uuid, 'cus_' || $1::text, 'sub_' || $1::text, $2, $3, now() + $4::interval)
     on conflict (user_id) do update set plan = excluded.plan, status = excluded.status, current_period_end = excluded.current_period_end`,
    [who.userId, plan, status, periodEndsIn],
  );
}
const planOf = async (client: AppClient) => must(await getCurrentPlan(client));
const THIS_MONTH = "date_trunc('month', now() at time zone 'utc')::date";
async function usedThisMonth(who: Person, count: number) {
  await stack.db.query(
    `insert into public.user_generation_counts (user_id, generation_count, current_month) values ($1, $2, ${THIS_MONTH})
     on conflict (user_id) do update set generation_count = excluded.generation_count, current_month = excluded.current_month`,
    [who.userId, count],
  );
}

describe(`entitlements (${testDbKind})`, () => {
  it('says which plan applies: active and trialing give it, past-due and cancelled keep it to the end of the paid period', async () => {
    expect(await planOf(stack.anon() as AppClient)).toBe('free');
    expect(await planOf(free.client as AppClient)).toBe('free');
    expect(await planOf(pro.client as AppClient)).toBe('pro');
    const changing = await person(stack, 'plan-changing');
    const cases: [string, string, 'pro' | 'team', string][] = [
      ['trialing', '7 days', 'team', 'team'],
      ['past_due', '3 days', 'pro', 'pro'],
      ['past_due', '-1 day', 'pro', 'free'],
      ['canceled', '2 days', 'team', 'team'],
      ['canceled', '-1 second', 'team', 'free'],
      ['unpaid', '-5 days', 'pro', 'free'],
      ['incomplete', '30 days', 'pro', 'free'],
    ];
    for (const [status, endsIn, plan, expected] of cases) {
      await subscribe(changing, plan, status, endsIn);
      expect(await planOf(changing.client as AppClient), `${status} ending in ${endsIn}`).toBe(expected);
    }
    // Nobody writes their own subscription.
    const forged = await free.client
      .from('subscriptions')
      .insert({ user_id: free.userId, stripe_customer_id: 'cus_x', plan: 'team', status: 'active' });
    expect(forged.error?.code).toBe('42501');
  });

  it('gives a premium prompt’s text only with Pro or Team (or to admins); others get its teaser and cannot run it', async () => {
    for (const client of [stack.anon() as AppClient, free.client as AppClient]) {
      const prompt = must(await getFreePrompt(client, 'ent-premium'))!;
      expect(prompt).toMatchObject({ isPremium: true, locked: true });
      expect(prompt.promptText).not.toContain('Core Web Vitals');
      expect(PREMIUM_TEXT.startsWith(prompt.promptText.replace(/…$/, ''))).toBe(true);
      // Asked for directly, the text is not there either.
      expect((await client.from('free_prompt_premium_texts').select('prompt_text')).data).toEqual([]);
      expect(must(await getFreePrompt(client, 'ent-free'))).toMatchObject({ locked: false, promptText: 'Ten headlines for [product]' });
    }
    for (const client of [pro.client as AppClient, admin.client as AppClient]) {
      expect(must(await getFreePrompt(client, 'ent-premium'))).toMatchObject({ locked: false, promptText: PREMIUM_TEXT });
      const listed = must(await listFreeStacks(client)).prompts.find((p) => p.id === 'ent-premium');
      expect(listed).toMatchObject({ locked: false, promptText: PREMIUM_TEXT });
    }
  });

  it('keeps the text apart when admins edit the catalogue, and gives it back when a prompt stops being premium', async () => {
    const edited = 'A new premium text about [topic], long enough to be cut into a teaser for the cards that show it to everyone.';
    expect((await admin.client.from('free_prompts').update({ prompt_text: edited }).eq('id', 'ent-premium')).error).toBeNull();
    expect(must(await getFreePrompt(pro.client as AppClient, 'ent-premium'))!.promptText).toBe(edited);
    expect(must(await getFreePrompt(free.client as AppClient, 'ent-premium'))!.promptText).toMatch(
      /^A new premium text about \[topic\].*…$/,
    );
    // Renamed only: the text stays whole.
    expect((await admin.client.from('free_prompts').update({ name: 'Premium audit 2' }).eq('id', 'ent-premium')).error).toBeNull();
    expect(must(await getFreePrompt(pro.client as AppClient, 'ent-premium'))!.promptText).toBe(edited);
    expect((await admin.client.from('free_prompts').update({ is_premium: false }).eq('id', 'ent-premium')).error).toBeNull();
    expect(must(await getFreePrompt(free.client as AppClient, 'ent-premium'))).toMatchObject({ locked: false, promptText: edited });
    expect((await stack.db.query("select 1 from public.free_prompt_premium_texts where prompt_id = 'ent-premium'")).rows).toEqual([]);
    expect((await admin.client.from('free_prompts').update({ is_premium: true }).eq('id', 'ent-premium')).error).toBeNull();
    expect(must(await getFreePrompt(free.client as AppClient, 'ent-premium'))).toMatchObject({ locked: true });
    expect(must(await getFreePrompt(pro.client as AppClient, 'ent-premium'))!.promptText).toBe(edited);
  });

  it('limits generations to 50 a month on Free and not on Pro', async () => {
    await usedThisMonth(free, 50);
    expect(await reserveGeneration(free.client as AppClient)).toMatchObject({
      error: { message: QUOTA_TEXTS.limitTitle, code: GENERATION_LIMIT_CODE },
    });
    await usedThisMonth(pro, 50);
    const reserved = must(await reserveGeneration(pro.client as AppClient));
    expect(reserved.quota).toMatchObject({ used: 51, limit: null, remaining: null });
    expect(must(await getQuota(pro.client as AppClient))).toMatchObject({ limit: null, remaining: null });
    // The plan lapses (cancelled, period over): back to Free's limit.
    await subscribe(pro, 'pro', 'canceled', '-1 minute');
    expect(must(await getQuota(pro.client as AppClient))).toMatchObject({ used: 51, limit: 50, remaining: 0 });
    expect((await reserveGeneration(pro.client as AppClient)).error?.code).toBe(GENERATION_LIMIT_CODE);
  });
});
