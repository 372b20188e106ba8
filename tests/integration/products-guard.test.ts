import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadDocument, saveDocument, setDownloadLimit } from '@/shared/data/documents/documents.ts';
import { listDocumentsForAdmin, updateProduct, type ProductEdit } from '@/shared/data/products.ts';
import { openShop, type Account, type Shop } from './purchases-helpers.ts';

/**
 * Who may change a document's product columns (trigger generated_documents_guard_product), and
 * whose downloads count where: the owner's on the document, each buyer's on their purchase.
 */

let shop: Shop;

beforeAll(async () => {
  shop = await openShop();
});
afterAll(async () => shop?.close());
beforeEach(() => shop.configure());

const rowOf = async (id: string) =>
  (
    await shop.stack.db.query(
      'select is_digital_product, price, stripe_price_id, download_count, max_downloads, product_summary, product_type from public.generated_documents where id = $1',
      [id],
    )
  ).rows[0];

async function ownDocument(owner: Account): Promise<string> {
  const { data, error } = await saveDocument(owner.client, { name: 'My plan', content: 'Plan text' });
  if (error) throw new Error(error.message);
  return data!.id;
}

const SALE: ProductEdit = {
  price: 12,
  maxDownloads: 3,
  stripePriceId: 'price_plan',
  isDigitalProduct: true,
  summary: 'A plan.',
  type: 'document',
};

describe('product columns: admins through admin_update_product only', () => {
  it('a plain owner cannot put their document on sale, price it or touch its counts over REST', async () => {
    const owner = await shop.user();
    const id = await ownDocument(owner);
    const before = await rowOf(id);
    const changes: Record<string, unknown>[] = [
      { is_digital_product: true },
      { price: 0 },
      { stripe_price_id: 'price_mine' },
      { download_count: 7 },
      { product_summary: 'Buy me' },
      { product_type: 'video' },
      { is_digital_product: true, price: 1, stripe_price_id: 'price_mine' },
    ];
    for (const change of changes) {
      const { data, error } = await owner.client.from('generated_documents').update(change).eq('id', id).select('id');
      expect({ change, code: error?.code, data }).toEqual({ change, code: '42501', data: null });
    }
    expect(await rowOf(id)).toEqual(before);
    const inserted = await owner.client
      .from('generated_documents')
      .insert({ name: 'Sneaky', content: 'x', is_digital_product: true, price: 1, stripe_price_id: 'price_x' });
    expect(inserted.error).toMatchObject({ code: '42501', message: 'Only admins can put a document on sale (Product Management).' });
    const counted = await owner.client.from('generated_documents').insert({ name: 'Pre-counted', content: 'x', download_count: 5 });
    expect(counted.error?.code).toBe('42501');
  });

  it('an admin cannot either over REST, not even on their own document; admin_update_product can', async () => {
    const admin = await shop.user('admin');
    const id = await ownDocument(admin);
    const direct = await admin.client.from('generated_documents').update({ is_digital_product: true, price: 5 }).eq('id', id).select('id');
    expect(direct.error).toMatchObject({
      code: '42501',
      message: "Only admins can change a document's product details (Product Management).",
    });
    const updated = await updateProduct(admin.client, id, SALE);
    expect(updated).toMatchObject({
      data: {
        id,
        isDigitalProduct: true,
        price: 12,
        maxDownloads: 3,
        stripePriceId: 'price_plan',
        sales: 0,
        soldDownloads: 0,
        downloadCount: 0,
      },
    });
  });

  it('owners set their file’s download limit while it is not for sale; once it is, the limit is the admin’s', async () => {
    const owner = await shop.user();
    const admin = await shop.user('admin');
    const id = await ownDocument(owner);
    expect((await setDownloadLimit(owner.client, id, 5)).data).toMatchObject({ id, maxDownloads: 5 });
    expect((await setDownloadLimit(owner.client, id, null)).data).toMatchObject({ id, maxDownloads: null });

    await updateProduct(admin.client, id, SALE);
    const refused = await setDownloadLimit(owner.client, id, 100);
    expect(refused.error).toMatchObject({
      code: '42501',
      message: 'This document is for sale: its download limit is set by an admin in Product Management.',
    });
    // The owner still renames and edits their product.
    const renamed = await owner.client
      .from('generated_documents')
      .update({ name: 'My plan v2', content: 'New text' })
      .eq('id', id)
      .select('name, max_downloads');
    expect(renamed).toMatchObject({ error: null, data: [{ name: 'My plan v2', max_downloads: 3 }] });

    await updateProduct(admin.client, id, { ...SALE, isDigitalProduct: false });
    expect((await setDownloadLimit(owner.client, id, 4)).data).toMatchObject({ maxDownloads: 4 });
  });

  it('a view_only owner is refused, with the sentence the page shows, whatever the column', async () => {
    const viewer = await shop.user('view_only');
    const id = await shop.product({ forSale: false }, viewer);
    const { error } = await viewer.client.from('generated_documents').update({ max_downloads: 3 }).eq('id', id).select('id');
    expect(error?.message).toBe('View-only accounts cannot save, change or delete documents.');
  });
});

describe('downloads: the owner’s count on the document, each buyer’s on their purchase', () => {
  it('buyers never use up the owner’s downloads, nor each other’s', async () => {
    const owner = await shop.user();
    const admin = await shop.user('admin');
    const id = await shop.product({ max: 1 }, owner);

    const buyers = [];
    for (let i = 0; i < 2; i++) {
      const checkout = await shop.call('create-checkout-session', { productId: id });
      await shop.pay(checkout.body.url as string);
      buyers.push(checkout.body.sessionId as string);
    }
    for (const sessionId of buyers) {
      expect((await shop.call('purchase-download', { sessionId })).body).toMatchObject({ downloads: 1, maxDownloads: 1 });
      expect((await shop.call('purchase-download', { sessionId })).status).toBe(429);
    }
    expect((await downloadDocument(owner.client, id)).data).toMatchObject({ downloadCount: 1, maxDownloads: 1 });
    expect((await downloadDocument(owner.client, id)).error?.code).toBe('download_limit');

    const listed = await listDocumentsForAdmin(admin.client);
    expect(listed.data?.find((d) => d.id === id)).toMatchObject({ downloadCount: 1, sales: 2, soldDownloads: 2, maxDownloads: 1 });
  });
});
