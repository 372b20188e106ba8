import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptionRow } from '@/shared/core/billing.ts';
import { BILLING_ERRORS } from '@/shared/core/billingTexts.ts';
import { FAKE_PRICE_PRO, FAKE_PRICE_TEAM } from '../fixtures/fake-stripe-billing.ts';
import { FAKE_STRIPE_SECRET_KEY } from '../fixtures/fake-stripe.ts';
import { testDbKind, type TestStack } from '../helpers/stack.ts';
import { openShop, type Account, type Shop } from './purchases-helpers.ts';

/**
 * Subscriptions through the real stripe SDK and the fake Stripe: Checkout in subscription mode, the
 * Customer Portal, and the webhook keeping `subscriptions` true whatever order and however many
 * times the events arrive (each delivery signed as Stripe signs it).
 */

let shop: Shop;
let stack: TestStack;
let sdk: Stripe;
const PRICES = { pro: FAKE_PRICE_PRO, team: FAKE_PRICE_TEAM };

beforeAll(async () => {
  shop = await openShop();
  stack = shop.stack;
  sdk = new Stripe(FAKE_STRIPE_SECRET_KEY, { host: shop.stripe.host, port: shop.stripe.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => shop?.close());
beforeEach(async () => {
  await shop.configure();
  await stack.setFunctionSecrets({ STRIPE_PRICE_PRO: FAKE_PRICE_PRO, STRIPE_PRICE_TEAM: FAKE_PRICE_TEAM });
  shop.stripe.setWebhookUrl(`${stack.url}/functions/v1/stripe-webhook`);
});

const rowOf = async (userId: string) =>
  (
    await stack.db.query(
      `select user_id, stripe_customer_id, stripe_subscription_id, plan, status, current_period_end, cancel_at_period_end
       from public.subscriptions where user_id = $1`,
      [userId],
    )
  ).rows[0] as Record<string, unknown> | undefined;

/** The row as Stripe's current state of the subscription says it should be. */
const expectedRow = async (userId: string, subscriptionId: string) => {
  const row = subscriptionRow(await sdk.subscriptions.retrieve(subscriptionId), userId, PRICES)!;
  return { ...row, current_period_end: new Date(row.current_period_end!) };
};

/** Buys a plan through Checkout; answers the new subscription's id. */
async function subscribe(buyer: Account, plan: 'pro' | 'team'): Promise<string> {
  const checkout = await shop.call('create-subscription-checkout', { plan }, buyer.token);
  expect(checkout.status).toBe(200);
  await shop.pay(checkout.body.url as string);
  return shop.stripe.sessions.get(checkout.body.sessionId as string)!.subscription!;
}

/** Presses a button of the hosted Customer Portal, opened by the function for the buyer, or straight at Stripe for a customer. */
async function portal(who: Account | string, action: 'switch' | 'cancel' | 'resume' | 'card' | 'fail-renewal') {
  let url: string;
  if (typeof who === 'string')
    url = (await sdk.billingPortal.sessions.create({ customer: who, return_url: 'http://shop.test/billing' })).url;
  else {
    const opened = await shop.call('create-portal-session', {}, who.token);
    expect(opened.status).toBe(200);
    url = opened.body.url as string;
  }
  const res = await fetch(`${url}/${action}`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
}

const control = (name: string, body: unknown) =>
  fetch(`${shop.stripe.url}/__fake/${name}`, { method: 'POST', body: JSON.stringify(body) }).then(
    (res) => res.json() as Promise<{ delivered: { id: string; type: string; status: number }[] }>,
  );

describe(`subscriptions (${testDbKind})`, () => {
  it('upgrading through Checkout makes the account Pro; the portal changes plan, cancels, resumes, fails and fixes a renewal', async () => {
    const buyer = await shop.user();
    const checkout = await shop.call('create-subscription-checkout', { plan: 'pro' }, buyer.token);
    expect(checkout.status).toBe(200);
    const session = shop.stripe.sessions.get(checkout.body.sessionId as string)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: FAKE_PRICE_PRO, quantity: 1 }],
      client_reference_id: buyer.id,
      customer_email: buyer.email,
      success_url: 'http://shop.test/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/billing?checkout=cancelled',
    });
    const back = await shop.pay(checkout.body.url as string);
    expect(back.searchParams.get('checkout')).toBe('success');
    const subscription = session.subscription!;
    expect(await rowOf(buyer.id)).toEqual(await expectedRow(buyer.id, subscription));
    expect(await rowOf(buyer.id)).toMatchObject({ plan: 'pro', status: 'active', cancel_at_period_end: false });
    expect((await buyer.client.rpc('current_plan')).data).toBe('pro');
    const delivered = shop.stripe.deliveries.slice(-3);
    expect(delivered).toEqual(
      ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'].map((type) => ({ type, status: 200 })),
    );

    await portal(buyer, 'switch');
    expect(await rowOf(buyer.id)).toMatchObject({ plan: 'team', status: 'active' });
    await portal(buyer, 'cancel');
    expect(await rowOf(buyer.id)).toMatchObject({ plan: 'team', cancel_at_period_end: true });
    await portal(buyer, 'resume');
    expect(await rowOf(buyer.id)).toMatchObject({ cancel_at_period_end: false });
    await portal(buyer, 'fail-renewal');
    expect(await rowOf(buyer.id)).toEqual(await expectedRow(buyer.id, subscription));
    expect(await rowOf(buyer.id)).toMatchObject({ status: 'past_due' });
    // Past due keeps the plan until the end of the period.
    expect((await buyer.client.rpc('current_plan')).data).toBe('team');
    await portal(buyer, 'card');
    expect(await rowOf(buyer.id)).toMatchObject({ plan: 'team', status: 'active' });
    // The user reads their row; stripe_events is for the service role only.
    expect((await buyer.client.from('subscriptions').select('plan')).data).toEqual([{ plan: 'team' }]);
    expect((await buyer.client.from('stripe_events').select('id')).data ?? []).toEqual([]);
    expect((await buyer.client.from('subscriptions').update({ plan: 'pro' }).eq('user_id', buyer.id).select()).data ?? []).toEqual([]);
  });

  it('100+ shuffled, duplicated deliveries end in the row Stripe has now, each event applied once', async () => {
    for (const seed of [7, 42]) {
      const buyer = await shop.user();
      // Nothing reaches the stack while the history happens; then all of it arrives, shuffled.
      shop.stripe.setWebhookUrl('http://127.0.0.1:9/nowhere');
      const subscription = await subscribe(buyer, 'pro');
      const customer = (await sdk.subscriptions.retrieve(subscription)).customer as string;
      for (const action of ['switch', 'cancel', 'resume', 'fail-renewal', 'card', 'switch'] as const) await portal(customer, action);
      if (seed === 42) await portal(customer, 'fail-renewal');
      else {
        await portal(customer, 'cancel');
        await control('end-period', { subscription });
      }
      expect(await rowOf(buyer.id)).toBeUndefined();
      shop.stripe.setWebhookUrl(`${stack.url}/functions/v1/stripe-webhook`);
      const { delivered } = await control('redeliver', { customer, copies: 9, seed });
      expect(delivered.length).toBeGreaterThanOrEqual(100);
      expect(delivered.filter((d) => d.status !== 200)).toEqual([]);
      expect(await rowOf(buyer.id)).toEqual(await expectedRow(buyer.id, subscription));
      expect(await rowOf(buyer.id)).toMatchObject(
        seed === 42 ? { plan: 'pro', status: 'past_due' } : { plan: 'pro', status: 'canceled', cancel_at_period_end: true },
      );
      const ids = [...new Set(delivered.map((d) => d.id))];
      const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.stripe_events where id = any($1)', [ids]);
      expect(rows[0]!.n).toBe(ids.length);
    }
  });

  it('a late event of an ended subscription does not replace the newer one', async () => {
    const buyer = await shop.user();
    const first = await subscribe(buyer, 'pro');
    await sdk.subscriptions.cancel(first);
    expect(await rowOf(buyer.id)).toMatchObject({ status: 'canceled', stripe_subscription_id: first });
    const second = await subscribe(buyer, 'team');
    const row = await rowOf(buyer.id);
    expect(row).toMatchObject({ plan: 'team', status: 'active', stripe_subscription_id: second });
    // The same customer both times.
    expect((await sdk.subscriptions.retrieve(second)).customer).toBe((await sdk.subscriptions.retrieve(first)).customer);
    const { delivered } = await control('redeliver', { customer: row!.stripe_customer_id, copies: 3, seed: 3 });
    expect(delivered.filter((d) => d.status !== 200)).toEqual([]);
    expect(await rowOf(buyer.id)).toEqual(await expectedRow(buyer.id, second));
  });

  it('answers clear errors: signed out, unknown plan, already subscribed, nothing to manage, not configured', async () => {
    const buyer = await shop.user();
    expect(await shop.call('create-subscription-checkout', { plan: 'pro' })).toEqual({
      status: 401,
      body: { error: BILLING_ERRORS.signIn },
    });
    expect(await shop.call('create-portal-session', {})).toEqual({ status: 401, body: { error: BILLING_ERRORS.signIn } });
    expect(await shop.call('create-subscription-checkout', { plan: 'gold' }, buyer.token)).toEqual({
      status: 400,
      body: { error: BILLING_ERRORS.unknownPlan },
    });
    expect(await shop.call('create-portal-session', {}, buyer.token)).toEqual({
      status: 404,
      body: { error: BILLING_ERRORS.noSubscription },
    });
    await subscribe(buyer, 'pro');
    expect(await shop.call('create-subscription-checkout', { plan: 'pro' }, buyer.token)).toEqual({
      status: 409,
      body: { error: "You're already on the Pro plan." },
    });
    expect(await shop.call('create-subscription-checkout', { plan: 'team' }, buyer.token)).toEqual({
      status: 409,
      body: { error: BILLING_ERRORS.otherPlan },
    });
    await stack.setFunctionSecrets({ STRIPE_PRICE_TEAM: null });
    const other = await shop.user();
    expect(await shop.call('create-subscription-checkout', { plan: 'team' }, other.token)).toEqual({
      status: 503,
      body: { error: BILLING_ERRORS.notConfigured },
    });
    await stack.setFunctionSecrets({ STRIPE_SECRET_KEY: null });
    expect(await shop.call('create-portal-session', {}, buyer.token)).toEqual({
      status: 503,
      body: { error: BILLING_ERRORS.notConfigured },
    });
  });
});
