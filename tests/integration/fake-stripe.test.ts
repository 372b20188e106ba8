import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.ts';

/** The fake Stripe speaks Stripe's API as the real `stripe` SDK sees it, and signs webhooks Stripe's way. */

let fake: FakeStripe;
let receiver: Server;
const received: { body: string; signature: string }[] = [];
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    prices: { price_ebook: 2900 },
  });
  stripe = new Stripe(FAKE_STRIPE_SECRET_KEY, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('fake Stripe through the stripe SDK', () => {
  it('creates and retrieves a Checkout Session; paying redirects with the session id and sends a verifiable webhook', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: 'price_ebook', quantity: 1 }],
      success_url: 'http://shop.test/purchase-success?product_id=p1&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/purchase-cancelled',
      metadata: { product_id: 'p1' },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.amount_total).toBe(2900);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');

    const paid = await fetch(`${fake.url}/pay/${session.id}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://shop.test/purchase-success?product_id=p1&session_id=${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');

    const [delivery] = received;
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, FAKE_STRIPE_WEBHOOK_SECRET);
    expect(event.type).toBe('checkout.session.completed');
    expect((event.data.object as Stripe.Checkout.Session).metadata).toEqual({ product_id: 'p1' });
    const otherSecret = () => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_other');
    expect(otherSecret).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(otherSecret).toThrow(/^No signatures found matching the expected signature for payload/);
  });

  it("answers Stripe's errors: unknown price, bad key, a scripted failure", async () => {
    const create = (key = FAKE_STRIPE_SECRET_KEY) =>
      new Stripe(key, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 }).checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_missing', quantity: 1 }],
        success_url: 'http://shop.test/s',
        cancel_url: 'http://shop.test/c',
      });
    await expect(create()).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such price: 'price_missing'",
    });
    await expect(create('sk_live_nope')).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
    await fetch(`${fake.url}/__fake/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ status: 402, type: 'card_error', message: 'Your card was declined.' }),
    });
    await expect(create()).rejects.toMatchObject({ message: 'Your card was declined.' });
  });
});
