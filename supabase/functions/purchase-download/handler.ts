import { z } from 'zod';
import type { Tables } from '@/shared/data/database.types.ts';
import { readBody } from '../_shared/body.ts';
import { serviceDb } from '../_shared/db.ts';
import { fail, json, preflight } from '../_shared/http.ts';
import { currentDeliverable, deliverableSource, signedDownloadUrl, type DeliverableSource } from '../_shared/deliverables.ts';
import { markPaid, stripeClient } from '../_shared/stripe.ts';

/**
 * POST /functions/v1/purchase-download (the buyer, back from Checkout), two modes:
 * - { sessionId, productId, verify: true }: is this Checkout session a paid purchase of this
 *   product? Answers { paid: true, downloads } without counting a download; 402 when it is not
 *   paid, 404 when there is no such purchase of this product. The success page asks this before it
 *   says the payment succeeded.
 * - { sessionId }: a short-lived signed URL of the product's file (private deliverables bucket) for
 *   a paid purchase only, counted against the purchase's download limit (record_purchase_download).
 *   A product without a stored file gets its default one (PDF, or a page with the link) first; a
 *   rendered file older than the document is rendered again.
 * When the webhook has not arrived yet, Stripe is asked whether the session is paid.
 */

type Purchase = Pick<Tables<'purchases'>, 'id' | 'status' | 'product_id' | 'download_count'>;

/** Every field is judged below, with the answer its mode gives (no session: 400 in the mode asked). */
const DownloadBody = z
  .object({
    sessionId: z
      .string()
      .regex(/^cs_[\w]+$/)
      .nullable()
      .catch(null),
    productId: z.string().nullable().catch(null),
    verify: z.boolean().catch(false),
  })
  .catch({ sessionId: null, productId: null, verify: false });

/** What record_purchase_download answers. */
const Counted = z.object({ name: z.string().optional(), downloads: z.number().optional(), max_downloads: z.number().nullish() });

const NO_PRODUCT = { title: 'Error', error: 'Product details not available for download.' };
const NOT_CONFIRMED = {
  title: 'Payment Not Confirmed',
  error: 'We could not find a payment for this product. If you paid, use the link from your receipt or contact support.',
};
const NOT_COMPLETED = { title: 'Payment Not Completed', error: 'This payment has not been completed, so the download is not available.' };

/** The purchase of the Checkout session, or null; throws when the database cannot be read. */
async function purchaseOf(sessionId: string): Promise<Purchase | null> {
  const { data, error } = await serviceDb()
    .from('purchases')
    .select('id, status, product_id, download_count')
    .eq('stripe_session_id', sessionId)
    .maybeSingle();
  if (error) throw new Error(`reading the purchase failed: ${error.message}`);
  return data;
}

/** null when the purchase is paid (asking Stripe, and recording it, when the webhook is late); else the refusal. */
async function refuseUnpaid(purchase: Purchase, sessionId: string): Promise<Response | null> {
  if (purchase.status === 'paid') return null;
  const stripe = stripeClient();
  const session = stripe ? await stripe.checkout.sessions.retrieve(sessionId).catch(() => null) : null;
  if (!session || session.payment_status !== 'paid') return json(NOT_COMPLETED, 402);
  if (!(await markPaid(session)))
    return json({ title: 'Error', error: 'Your payment could not be recorded yet. Please try again in a moment.' }, 503);
  return null;
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const read = await readBody(req, DownloadBody);
  if (!read.ok) return read.response;
  const { sessionId, productId, verify } = read.body;
  if (!sessionId) return verify ? json(NOT_CONFIRMED, 400) : json(NO_PRODUCT, 400);

  const purchase = await purchaseOf(sessionId);
  if (verify) {
    // A session of another product confirms nothing about this one.
    if (!purchase || productId === null || purchase.product_id !== productId) return json(NOT_CONFIRMED, 404);
    return (await refuseUnpaid(purchase, sessionId)) ?? json({ paid: true, downloads: purchase.download_count });
  }
  if (!purchase) return json(NO_PRODUCT, 404);
  const unpaid = await refuseUnpaid(purchase, sessionId);
  if (unpaid) return unpaid;

  let url: string;
  try {
    const product = purchase.product_id ? await sourceOf(purchase.product_id) : null;
    if (!product) return json(NO_PRODUCT, 404);
    url = await signedDownloadUrl(await currentDeliverable(product));
  } catch {
    return json({ title: 'Error', error: 'The file could not be prepared. Please try again in a moment.' }, 503);
  }
  // Counted last: a file that could not be prepared uses up no download.
  const counted = await serviceDb().rpc('record_purchase_download', { purchase: purchase.id });
  if (counted.error) {
    const limit = counted.error.code === 'PT429';
    return json({ title: limit ? 'Download Limit Reached' : 'Error', error: counted.error.message || NO_PRODUCT.error }, limit ? 429 : 404);
  }
  const answer = Counted.parse(counted.data);
  return json({ name: answer.name, url, downloads: answer.downloads, maxDownloads: answer.max_downloads ?? null });
}

/** The product's document, or null when it is gone; throws when the database cannot be read. */
async function sourceOf(productId: string): Promise<DeliverableSource | null> {
  const { data, error } = await serviceDb()
    .from('generated_documents')
    .select('id, name, content, product_type, product_summary, updated_at')
    .eq('id', productId)
    .maybeSingle();
  if (error) throw new Error(`reading the product failed: ${error.message}`);
  return data && deliverableSource(data);
}
