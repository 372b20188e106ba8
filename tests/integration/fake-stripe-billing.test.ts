import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PRICE_PRO, FAKE_PRICE_TEAM } from '../fixtures/fake-stripe-billing.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.ts';

/** The fake Stripe's subscriptions, invoices and Customer Portal as the real `stripe` SDK sees them, with Stripe's signed events. */

let fake: FakeStripe;
let receiver: Server;
const received: Stripe.Event[] = [];
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), FAKE_STRIPE_WEBHOOK_SECRET));
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
  stripe = new Stripe(FAKE_STRIPE_SECRET_KEY, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const types = () => received.map((e) => e.type);

describe('fake Stripe billing through the stripe SDK', () => {
  it('a subscription Checkout creates the customer, an active subscription and its paid invoice, with their events', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: FAKE_PRICE_PRO, quantity: 1 }],
      success_url: 'http://shop.test/billing?checkout=success',
      cancel_url: 'http://shop.test/billing?checkout=cancelled',
      client_reference_id: 'u1',
      subscription_data: { metadata: { user_id: 'u1' } },
    });
    expect(session.amount_total).toBe(2900);
    received.length = 0;
    await fetch(`${fake.url}/pay/${session.id}/complete`, { method: 'POST', redirect: 'manual' });
    expect(types()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    const completed = received[0]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ mode: 'subscription', customer: customer.id, client_reference_id: 'u1' });

    const { data: subs } = await stripe.subscriptions.list({ customer: customer.id });
    expect(subs).toHaveLength(1);
    const sub = subs[0]!;
    expect(sub.id).toBe(completed.subscription);
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: false, metadata: { user_id: 'u1' } });
    expect(sub.items.data[0]!.price.id).toBe(FAKE_PRICE_PRO);
    expect(sub.items.data[0]!.current_period_end - sub.items.data[0]!.current_period_start).toBe(30 * 86_400);
    const { data: invoices } = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.map((i) => [i.status, i.amount_paid, i.parent?.subscription_details?.subscription])).toEqual([['paid', 2900, sub.id]]);

    // Plan change and cancellation through the API, each announced as customer.subscription.updated.
    received.length = 0;
    const switched = await stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: FAKE_PRICE_TEAM }] });
    expect(switched.items.data[0]!.price.unit_amount).toBe(7900);
    const cancelling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(cancelling.cancel_at_period_end).toBe(true);
    expect(types()).toEqual(['customer.subscription.updated', 'customer.subscription.updated']);
    // The event carries the subscription as it was then.
    expect((received[0]!.data.object as Stripe.Subscription).cancel_at_period_end).toBe(false);

    // A failed renewal: past due, an open invoice, invoice.payment_failed.
    received.length = 0;
    await fetch(`${fake.url}/__fake/renew`, { method: 'POST', body: JSON.stringify({ subscription: sub.id, fail: true }) });
    expect(types()).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    expect((await stripe.invoices.list({ subscription: sub.id })).data[0]).toMatchObject({ status: 'open', amount_paid: 0 });

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://shop.test/billing' });
    expect(portal.url).toBe(`${fake.url}/portal/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Team — $79.00 per month');
    expect(page).toContain('Past due');
    expect(page).toContain('href="http://shop.test/billing"');

    // Ends for good: deleted.
    received.length = 0;
    await stripe.subscriptions.cancel(sub.id);
    expect(types()).toEqual(['customer.subscription.deleted']);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it("answers Stripe's errors: unknown subscription, customer and price", async () => {
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such subscription: 'sub_missing'",
    });
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_missing' })).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_unknown', quantity: 1 }],
        success_url: 'http://shop.test/s',
        cancel_url: 'http://shop.test/c',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', message: "No such price: 'price_unknown'" });
  });

  it('re-delivers every event, duplicated and shuffled, each a valid signed event', async () => {
    const before = received.length;
    const res = await fetch(`${fake.url}/__fake/redeliver`, { method: 'POST', body: JSON.stringify({ copies: 2, seed: 5 }) });
    const { delivered } = (await res.json()) as { delivered: { id: string; type: string }[] };
    expect(delivered.length).toBe(fake.billing.events.length * 2);
    expect(received.length - before).toBe(delivered.length);
    expect(new Set(delivered.map((d) => d.id))).toEqual(new Set(fake.billing.events.map((e) => e.id)));
    expect(delivered.map((d) => d.id)).not.toEqual(fake.billing.events.flatMap((e) => [e.id, e.id]));
  });
});
