import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_WEBHOOK_SECRET, signWebhook, type FakeStripe } from '../fixtures/fake-stripe.ts';
import type { TestStack } from '../helpers/stack.ts';
import { failPurchaseWrites, openShop, type Shop } from './purchases-helpers.ts';

/**
 * The purchase flow's server side against the local stack and the fake Stripe, through the real
 * stripe SDK: products for sale (content never public), checkout, signed webhook, download only
 * when paid and only up to the limit, admin product edits.
 */

let shop: Shop;
let stack: TestStack;
let stripe: FakeStripe;
let user: Shop['user'];
let product: Shop['product'];
let call: Shop['call'];
let pay: Shop['pay'];

beforeAll(async () => {
  shop = await openShop();
  ({ stack, stripe, user, product, call, pay } = shop);
});
afterAll(async () => shop?.close());
beforeEach(() => shop.configure());

describe('products for sale', () => {
  it('anyone sees name, type, summary and price — never the content; unlisted documents are not there', async () => {
    const id = await product({ content: 'SECRET CONTENT' });
    const hidden = await product({ forSale: false });
    const { data } = await stack.anon().from('products_for_sale').select('*').in('id', [id, hidden]);
    expect(data).toEqual([
      { id, name: 'Launch Checklist', product_type: 'document', product_summary: null, price: 29, has_price_id: true, max_downloads: 2 },
    ]);
    const direct = await stack.anon().from('generated_documents').select('content').eq('id', id);
    expect(direct.data).toEqual([]);
  });
});

describe('checkout → webhook → download', () => {
  it('a paid purchase downloads the file, counted up to the limit, then refused', async () => {
    const id = await product({ max: 2 });
    const buyer = await user();
    const checkout = await call('create-checkout-session', { productId: id }, buyer.token);
    expect(checkout.status).toBe(200);
    const session = stripe.sessions.get(checkout.body.sessionId as string)!;
    expect(session).toMatchObject({
      mode: 'payment',
      line_items: [{ price: 'price_checklist', quantity: 1 }],
      success_url: `http://shop.test/purchase-success?product_id=${id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: 'http://shop.test/purchase-cancelled',
      customer_email: buyer.email,
    });

    // Not paid yet: no download.
    expect(await call('purchase-download', { sessionId: session.id })).toEqual({
      status: 402,
      body: { title: 'Payment Not Completed', error: 'This payment has not been completed, so the download is not available.' },
    });

    const back = await pay(checkout.body.url as string);
    expect(back.searchParams.get('session_id')).toBe(session.id);
    expect(stripe.deliveries).toContainEqual({ type: 'checkout.session.completed', status: 200 });
    const { data: mine } = await buyer.client.from('purchases').select('status, product_id, buyer_email');
    expect(mine).toEqual([{ status: 'paid', product_id: id, buyer_email: buyer.email }]);

    expect(await call('purchase-download', { sessionId: session.id })).toEqual({
      status: 200,
      body: {
        name: 'Launch Checklist',
        url: expect.stringContaining('/storage/v1/object/sign/deliverables/'),
        downloads: 1,
        maxDownloads: 2,
      },
    });
    expect((await call('purchase-download', { sessionId: session.id })).status).toBe(200);
    expect(await call('purchase-download', { sessionId: session.id })).toEqual({
      status: 429,
      body: { title: 'Download Limit Reached', error: 'Download Limit Reached - You cannot download this file anymore.' },
    });
    // Counted on the purchase only: the owner's own downloads are untouched.
    const counts = await stack.db.query(
      'select d.download_count as owner, p.download_count as buyer from public.purchases p join public.generated_documents d on d.id = p.product_id where p.stripe_session_id = $1',
      [session.id],
    );
    expect(counts.rows).toEqual([{ owner: 0, buyer: 2 }]);
  });

  it('the download limit holds under concurrent requests', async () => {
    const id = await product({ max: 3 });
    const checkout = await call('create-checkout-session', { productId: id });
    await pay(checkout.body.url as string);
    const results = await Promise.all(Array.from({ length: 10 }, () => call('purchase-download', { sessionId: checkout.body.sessionId })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('without the webhook, the download asks Stripe whether the session is paid', async () => {
    const id = await product();
    stripe.setWebhookUrl('http://127.0.0.1:9/nowhere');
    try {
      const checkout = await call('create-checkout-session', { productId: id });
      await pay(checkout.body.url as string);
      expect((await call('purchase-download', { sessionId: checkout.body.sessionId })).status).toBe(200);
    } finally {
      stripe.setWebhookUrl(`${stack.url}/functions/v1/stripe-webhook`);
    }
  });

  it('refuses webhooks with a bad or missing signature', async () => {
    const payload = JSON.stringify({
      id: 'evt_x',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_x', payment_status: 'paid' } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(`${stack.url}/functions/v1/stripe-webhook`, { method: 'POST', headers, body: payload });
    expect((await post({ 'stripe-signature': signWebhook(payload, 'whsec_wrong') })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post({ 'stripe-signature': signWebhook(payload, FAKE_STRIPE_WEBHOOK_SECRET) })).status).toBe(200);
  });

  it('delayed payment methods: unpaid on completion grants nothing; async success pays; async failure and bad signatures leave it pending', async () => {
    const deliver = (type: string, sessionId: string, paymentStatus: string, secret = FAKE_STRIPE_WEBHOOK_SECRET) => {
      const payload = JSON.stringify({
        id: `evt_${type}_${sessionId}`,
        object: 'event',
        type,
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: paymentStatus,
            amount_total: 2900,
            currency: 'usd',
            customer_email: null,
          },
        },
      });
      return fetch(`${stack.url}/functions/v1/stripe-webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': signWebhook(payload, secret) },
        body: payload,
      });
    };
    const statusOf = async (sessionId: string) =>
      (await stack.db.query<{ status: string }>('select status from public.purchases where stripe_session_id = $1', [sessionId])).rows[0]
        ?.status;
    const notCompleted = {
      status: 402,
      body: { title: 'Payment Not Completed', error: 'This payment has not been completed, so the download is not available.' },
    };

    const id = await product();
    const later = (await call('create-checkout-session', { productId: id })).body.sessionId as string;
    // A bank transfer: the session completes unpaid. Acknowledged, nothing granted.
    expect((await deliver('checkout.session.completed', later, 'unpaid')).status).toBe(200);
    expect(await statusOf(later)).toBe('pending');
    expect(await call('purchase-download', { sessionId: later })).toEqual(notCompleted);
    // A forged success (wrong secret) changes nothing.
    expect((await deliver('checkout.session.async_payment_succeeded', later, 'paid', 'whsec_wrong')).status).toBe(400);
    expect(await statusOf(later)).toBe('pending');
    // The money arrives: paid, downloadable; a repeated delivery changes nothing.
    expect((await deliver('checkout.session.async_payment_succeeded', later, 'paid')).status).toBe(200);
    expect((await deliver('checkout.session.async_payment_succeeded', later, 'paid')).status).toBe(200);
    expect(await statusOf(later)).toBe('paid');
    expect((await call('purchase-download', { sessionId: later })).status).toBe(200);

    // Another buyer's transfer fails: still pending, still no download.
    const failed = (await call('create-checkout-session', { productId: id })).body.sessionId as string;
    expect((await deliver('checkout.session.completed', failed, 'unpaid')).status).toBe(200);
    expect((await deliver('checkout.session.async_payment_failed', failed, 'unpaid')).status).toBe(200);
    expect(await statusOf(failed)).toBe('pending');
    expect(await call('purchase-download', { sessionId: failed })).toEqual(notCompleted);
  });

  it("answers the product's errors: not found, no price id, payments not configured, Stripe's own error", async () => {
    expect(await call('create-checkout-session', { productId: '00000000-0000-0000-0000-000000000000' })).toEqual({
      status: 404,
      body: { title: 'Product Not Found', error: 'Product Not Found' },
    });
    expect(await call('create-checkout-session', { productId: await product({ priceId: null }) })).toEqual({
      status: 400,
      body: { title: 'Configuration Error', error: 'This product is not configured for sale. Missing Stripe Price ID.' },
    });
    const unknownPrice = await product({ priceId: 'nope_123' });
    expect(await call('create-checkout-session', { productId: unknownPrice })).toEqual({
      status: 502,
      body: { title: 'Payment Error', error: "No such price: 'nope_123'" },
    });
    const { count } = await stack.service().from('purchases').select('*', { count: 'exact', head: true }).eq('product_id', unknownPrice);
    expect(count).toBe(0);
    await stack.setFunctionSecrets({ STRIPE_SECRET_KEY: null });
    expect(await call('create-checkout-session', { productId: await product() })).toEqual({
      status: 503,
      body: {
        title: 'Stripe Not Configured',
        error: 'The application is not yet configured for payments. Please provide a Stripe Publishable Key.',
      },
    });
  });
});

describe('the success page asks first (purchase-download verify)', () => {
  const verify = (sessionId: unknown, productId: string) => call('purchase-download', { sessionId, productId, verify: true });
  const NOT_CONFIRMED = {
    title: 'Payment Not Confirmed',
    error: 'We could not find a payment for this product. If you paid, use the link from your receipt or contact support.',
  };

  it('confirms a paid session of this product without counting a download', async () => {
    const id = await product({ max: 1 });
    const checkout = await call('create-checkout-session', { productId: id });
    const sessionId = checkout.body.sessionId as string;
    expect(await verify(sessionId, id)).toEqual({
      status: 402,
      body: { title: 'Payment Not Completed', error: 'This payment has not been completed, so the download is not available.' },
    });
    await pay(checkout.body.url as string);
    expect(await verify(sessionId, id)).toEqual({ status: 200, body: { paid: true, downloads: 0 } });
    expect(await verify(sessionId, id)).toEqual({ status: 200, body: { paid: true, downloads: 0 } });
    expect((await call('purchase-download', { sessionId })).status).toBe(200);
    expect(await verify(sessionId, id)).toEqual({ status: 200, body: { paid: true, downloads: 1 } });
  });

  it('confirms nothing for a missing, unknown or malformed session, or a session of another product', async () => {
    const id = await product();
    const other = await product();
    const checkout = await call('create-checkout-session', { productId: other });
    await pay(checkout.body.url as string);
    expect(await verify(checkout.body.sessionId, id)).toEqual({ status: 404, body: NOT_CONFIRMED });
    expect(await verify('cs_test_made_up', id)).toEqual({ status: 404, body: NOT_CONFIRMED });
    expect(await verify(undefined, id)).toEqual({ status: 400, body: NOT_CONFIRMED });
    expect(await verify("cs_x' or 1=1", id)).toEqual({ status: 400, body: NOT_CONFIRMED });
  });

  it('asks Stripe when the webhook is late, and records the payment', async () => {
    const id = await product();
    stripe.setWebhookUrl('http://127.0.0.1:9/nowhere');
    try {
      const checkout = await call('create-checkout-session', { productId: id });
      await pay(checkout.body.url as string);
      expect(await verify(checkout.body.sessionId, id)).toEqual({ status: 200, body: { paid: true, downloads: 0 } });
      const { rows } = await stack.db.query('select status from public.purchases where stripe_session_id = $1', [checkout.body.sessionId]);
      expect(rows).toEqual([{ status: 'paid' }]);
    } finally {
      stripe.setWebhookUrl(`${stack.url}/functions/v1/stripe-webhook`);
    }
  });
});

describe('failed writes are not passed off as success', () => {
  it('the webhook answers 500 when the payment cannot be written, so Stripe retries; the retry records it', async () => {
    const id = await product();
    const checkout = await call('create-checkout-session', { productId: id });
    const sessionId = checkout.body.sessionId as string;
    const refusing = await failPurchaseWrites(stack, "new.status = 'paid'");
    try {
      await pay(checkout.body.url as string);
      expect(stripe.deliveries.at(-1)).toEqual({ type: 'checkout.session.completed', status: 500 });
    } finally {
      await refusing.undo();
    }
    // Stripe's retry: the same signed event again.
    const session = stripe.sessions.get(sessionId)!;
    const payload = JSON.stringify({ id: 'evt_retry', object: 'event', type: 'checkout.session.completed', data: { object: session } });
    const retry = await fetch(`${stack.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, FAKE_STRIPE_WEBHOOK_SECRET) },
      body: payload,
    });
    expect(retry.status).toBe(200);
    const { rows } = await stack.db.query('select status from public.purchases where stripe_session_id = $1', [sessionId]);
    expect(rows).toEqual([{ status: 'paid' }]);
  });

  it('checkout answers Payment Error when the session id cannot be stored, and leaves no purchase behind', async () => {
    const id = await product();
    const refusing = await failPurchaseWrites(stack, 'new.stripe_session_id is not null');
    try {
      expect(await call('create-checkout-session', { productId: id })).toEqual({
        status: 500,
        body: { title: 'Payment Error', error: 'Could not start the checkout. Please try again.' },
      });
    } finally {
      await refusing.undo();
    }
    const { count } = await stack.service().from('purchases').select('*', { count: 'exact', head: true }).eq('product_id', id);
    expect(count).toBe(0);
  });

  it('Stripe refusing the secret key means payments are not configured', async () => {
    const id = await product();
    await fetch(`${stripe.url}/__fake/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****6789' }),
    });
    expect(await call('create-checkout-session', { productId: id })).toEqual({
      status: 503,
      body: {
        title: 'Stripe Not Configured',
        error: 'The application is not yet configured for payments. Please provide a Stripe Publishable Key.',
      },
    });
  });
});

describe('admin product management', () => {
  it('admins list every document and edit only its product fields; others are refused', async () => {
    const id = await product({ forSale: false, price: null, priceId: null });
    const admin = await user('admin');
    const { data: all } = await admin.client.from('generated_documents').select('id, name').eq('id', id);
    expect(all).toEqual([{ id, name: 'Launch Checklist' }]);
    const { data, error } = await admin.client.rpc('admin_update_product', {
      document: id,
      new_price: 49.5,
      new_max_downloads: null,
      new_stripe_price_id: ' price_new ',
      for_sale: true,
      new_summary: 'A one-page launch plan.',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id,
      price: 49.5,
      max_downloads: null,
      stripe_price_id: 'price_new',
      is_digital_product: true,
      product_summary: 'A one-page launch plan.',
    });
    const { data: listed } = await stack.anon().from('products_for_sale').select('price, max_downloads, product_summary').eq('id', id);
    expect(listed).toEqual([{ price: 49.5, max_downloads: null, product_summary: 'A one-page launch plan.' }]);

    const someone = await user();
    const refused = await someone.client.rpc('admin_update_product', {
      document: id,
      new_price: 1,
      new_max_downloads: 1,
      new_stripe_price_id: null,
      for_sale: true,
    });
    expect(refused.error?.message).toBe('Only admins can edit products.');
    const { data: theirs } = await someone.client.from('purchases').select('id');
    expect(theirs).toEqual([]);
  });
});
