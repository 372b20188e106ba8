import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, signWebhook, type FakeStripe } from '../fixtures/fake-stripe.ts';
import type { TestStack } from '../helpers/stack.ts';
import { openShop, type Account, type Shop } from './purchases-helpers.ts';

/**
 * The storefront's server side on the local stack and the fake Stripe, through the real stripe SDK:
 * the admin's price becomes a Stripe Product and Price, deliverables are files in the private
 * `deliverables` bucket handed out as signed URLs after payment only, and the buyer gets one receipt.
 */

let shop: Shop;
let stack: TestStack;
let stripe: FakeStripe;
let admin: Account;

beforeAll(async () => {
  shop = await openShop();
  ({ stack, stripe } = shop);
  admin = await shop.user('admin');
});
afterAll(async () => shop?.close());
beforeEach(() => shop.configure());

/** Buys the product on the fake Checkout (as `buyer`, or signed out); answers the session id. */
async function buy(productId: string, buyer?: Account): Promise<string> {
  const checkout = await shop.call('create-checkout-session', { productId }, buyer?.token);
  expect(checkout.status).toBe(200);
  await shop.pay(checkout.body.url as string);
  return checkout.body.sessionId as string;
}

/** Downloads the purchase's file through its signed URL: the bytes and the name it is saved under. */
async function download(sessionId: string): Promise<{ bytes: Buffer; fileName: string; type: string }> {
  const answer = await shop.call('purchase-download', { sessionId });
  expect(answer.status).toBe(200);
  const res = await fetch(answer.body.url as string);
  expect(res.status).toBe(200);
  const disposition = res.headers.get('content-disposition') ?? '';
  return {
    bytes: Buffer.from(await res.arrayBuffer()),
    fileName: decodeURIComponent(/filename=([^;]+)/.exec(disposition)?.[1] ?? ''),
    type: res.headers.get('content-type') ?? '',
  };
}

const deliverable = (productId: string, body: Record<string, unknown> = {}) =>
  shop.call('product-deliverable', { productId, ...body }, admin.token);

describe('the admin sets a price; the server creates it in Stripe', () => {
  it('creates the Stripe Product and Price through the SDK and stores the price id; checkout charges it', async () => {
    const id = await shop.product({ price: 29, priceId: null });
    const created = await shop.call('product-price', { productId: id }, admin.token);
    expect(created.status).toBe(200);
    const priceId = created.body.priceId as string;
    const price = stripe.catalog.prices.get(priceId)!;
    expect(price).toMatchObject({ unit_amount: 2900, currency: 'usd', metadata: { document_id: id } });
    expect(stripe.catalog.products.get(price.product)).toMatchObject({ name: 'Launch Checklist', metadata: { document_id: id } });
    const { rows } = await stack.db.query('select stripe_price_id from public.generated_documents where id = $1', [id]);
    expect(rows).toEqual([{ stripe_price_id: priceId }]);

    const checkout = await shop.call('create-checkout-session', { productId: id });
    expect(stripe.sessions.get(checkout.body.sessionId as string)).toMatchObject({ amount_total: 2900, line_items: [{ price: priceId }] });

    // A new price is a new Stripe Price of the same Stripe Product.
    await stack.db.query('update public.generated_documents set price = 49.5 where id = $1', [id]);
    const again = await shop.call('product-price', { productId: id }, admin.token);
    const next = stripe.catalog.prices.get(again.body.priceId as string)!;
    expect(next).toMatchObject({ unit_amount: 4950, product: price.product });

    // The catalog reads back through the SDK as Stripe answers it.
    const sdk = new Stripe(FAKE_STRIPE_SECRET_KEY, { host: stripe.host, port: stripe.port, protocol: 'http', maxNetworkRetries: 0 });
    expect(await sdk.prices.retrieve(next.id)).toMatchObject({ id: next.id, unit_amount: 4950, product: price.product });
    expect((await sdk.products.list()).data.map((p) => p.id)).toContain(price.product);
    expect((await sdk.prices.list()).data.map((p) => p.id)).toEqual(expect.arrayContaining([priceId, next.id]));
    await expect(sdk.prices.retrieve('price_nope')).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('keeps a pasted price id product separate, and refuses non-admins and unpriced products', async () => {
    const pasted = await shop.product({ priceId: 'price_managed_elsewhere' });
    const created = await shop.call('product-price', { productId: pasted }, admin.token);
    expect(created.status).toBe(200);
    expect(stripe.catalog.prices.get(created.body.priceId as string)?.product).toMatch(/^prod_/);

    const someone = await shop.user();
    expect((await shop.call('product-price', { productId: pasted }, someone.token)).status).toBe(403);
    expect((await shop.call('product-price', { productId: pasted })).status).toBe(401);
    // Stripe refusing answers its own message, and nothing is stored.
    const refused = await shop.product({ priceId: null });
    await fetch(`${stripe.url}/__fake/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ status: 400, type: 'invalid_request_error', message: 'This account cannot create products.' }),
    });
    expect(await shop.call('product-price', { productId: refused }, admin.token)).toEqual({
      status: 502,
      body: { title: 'Could not create the Stripe price', error: 'This account cannot create products.' },
    });
    const { rows } = await stack.db.query('select stripe_price_id from public.generated_documents where id = $1', [refused]);
    expect(rows).toEqual([{ stripe_price_id: null }]);

    const unpriced = await shop.product({ price: null, priceId: null });
    expect(await shop.call('product-price', { productId: unpriced }, admin.token)).toEqual({
      status: 400,
      body: { title: 'Could not create the Stripe price', error: 'Put the product on sale with a price first.' },
    });
  });
});

describe('deliverables: signed URLs after payment only', () => {
  it('a document is a PDF by default; the URL comes only once paid, and downloads count up to the limit', async () => {
    const id = await shop.product({ max: 1 });
    const checkout = await shop.call('create-checkout-session', { productId: id });
    const unpaid = await shop.call('purchase-download', { sessionId: checkout.body.sessionId });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.url).toBeUndefined();
    await shop.pay(checkout.body.url as string);

    const file = await download(checkout.body.sessionId as string);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.fileName).toBe('Launch_Checklist.pdf');
    expect(file.type).toBe('application/pdf');
    expect((await shop.call('purchase-download', { sessionId: checkout.body.sessionId })).status).toBe(429);
  });

  it('the seller picks DOCX; an upload is delivered as uploaded; a video delivers a page with its link', async () => {
    const doc = await shop.product();
    expect(await deliverable(doc)).toEqual({ status: 200, body: { fileName: null } });
    expect(await deliverable(doc, { format: 'docx' })).toEqual({ status: 200, body: { fileName: 'Launch_Checklist.docx' } });
    const docx = await download(await buy(doc));
    expect(docx.fileName).toBe('Launch_Checklist.docx');
    expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');

    const uploaded = await shop.product();
    const form = new FormData();
    form.set('productId', uploaded);
    const original = Buffer.from([0, 1, 2, 250, 251, 252]);
    form.set('file', new Blob([original], { type: 'application/zip' }), 'Starter Kit.zip');
    const res = await fetch(`${stack.url}/functions/v1/product-deliverable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(await res.json()).toEqual({ fileName: 'Starter Kit.zip' });
    expect(await deliverable(uploaded)).toEqual({ status: 200, body: { fileName: 'Starter Kit.zip' } });
    const zip = await download(await buy(uploaded));
    expect(zip.fileName).toBe('Starter Kit.zip');
    expect(zip.bytes.equals(original)).toBe(true);

    const video = await shop.product({ content: 'Watch it at https://video.example/launch' });
    await stack.db.query("update public.generated_documents set product_type = 'video' where id = $1", [video]);
    expect((await deliverable(video, { format: 'pdf' })).status).toBe(400);
    const page = await download(await buy(video));
    expect(page.fileName).toBe('Launch_Checklist.html');
    expect(page.bytes.toString()).toContain('<a href="https://video.example/launch"');
  });

  it('a rendered file follows the document: edited content is rendered again at the next download', async () => {
    const id = await shop.product({ content: 'Step 1: pick a date.', max: 5 });
    const sessionId = await buy(id);
    const before = await download(sessionId);
    // The PDF's text runs word by word: (pick ) Tj.
    expect(before.bytes.toString('latin1')).toContain('(pick ');
    await stack.db.query("update public.generated_documents set content = 'Step 9: celebrate the launch.' where id = $1", [id]);
    const after = await download(sessionId);
    expect(after.fileName).toBe('Launch_Checklist.pdf');
    expect(after.bytes.toString('latin1')).toContain('(celebrate ');
    expect(after.bytes.toString('latin1')).not.toContain('(pick ');
  });

  it('only admins manage deliverables', async () => {
    const id = await shop.product();
    const someone = await shop.user();
    expect((await shop.call('product-deliverable', { productId: id, format: 'pdf' }, someone.token)).status).toBe(403);
    expect((await shop.call('product-deliverable', { productId: id })).status).toBe(401);
  });

  it('the bucket is private: neither buyers, admins nor anonymous visitors read, list or write it', async () => {
    const id = await shop.product();
    const buyer = await shop.user();
    await download(await buy(id, buyer));
    const { rows } = await stack.db.query<{ name: string }>(
      "select name from storage.objects where bucket_id = 'deliverables' and name like $1",
      [`${id}/%`],
    );
    expect(rows).toEqual([{ name: `${id}/rendered.pdf` }]);
    for (const client of [stack.anon(), buyer.client, admin.client]) {
      const bucket = client.storage.from('deliverables');
      expect((await bucket.download(rows[0]!.name)).data).toBeNull();
      expect((await bucket.list(id)).data ?? []).toEqual([]);
      // No insert policy on the bucket: storage-api's 400 with statusCode 403.
      expect((await bucket.upload(`${id}/free.pdf`, new Blob(['x']))).error).toMatchObject({
        name: 'StorageApiError',
        message: 'new row violates row-level security policy',
        status: 400,
        statusCode: '403',
      });
      expect((await bucket.createSignedUrl(rows[0]!.name, 60)).data).toBeNull();
    }
  });
});

describe('the receipt mail', () => {
  it('is sent once when the payment is recorded, with the download link', async () => {
    const id = await shop.product();
    const buyer = await shop.user();
    const sessionId = await buy(id, buyer);
    const mails = () => stack.mailbox.list(buyer.email.toLowerCase()).filter((m) => m.subject === 'Your receipt: Launch Checklist');
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.text).toContain(`Download it here: http://shop.test/purchase-success?product_id=${id}&session_id=${sessionId}`);
    expect(mails()[0]!.text).toContain('Amount paid: $19.99');

    // Stripe delivers the same event again: no second receipt.
    const payload = JSON.stringify({
      id: 'evt_again',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...stripe.sessions.get(sessionId), url: null } },
    });
    const again = await fetch(`${stack.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, FAKE_STRIPE_WEBHOOK_SECRET) },
      body: payload,
    });
    expect(again.status).toBe(200);
    expect(mails()).toHaveLength(1);
  });

  it('an unpaid session sends nothing', async () => {
    const id = await shop.product();
    const buyer = await shop.user();
    await shop.call('create-checkout-session', { productId: id }, buyer.token);
    expect(stack.mailbox.list(buyer.email.toLowerCase())).toEqual([]);
  });
});
