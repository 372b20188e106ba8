import { fail, json, preflight } from '../_shared/http.ts';
import { currentDeliverable, signedDownloadUrl, type DeliverableSource } from '../_shared/deliverables.ts';
import { markPaid, serviceRest, stripeClient } from '../_shared/stripe.ts';

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

interface Purchase {
  id: string;
  status: string;
  product_id: string | null;
  download_count: number;
}

const NO_PRODUCT = { title: 'Error', error: 'Product details not available for download.' };
const NOT_CONFIRMED = {
  title: 'Payment Not Confirmed',
  error: 'We could not find a payment for this product. If you paid, use the link from your receipt or contact support.',
};
const NOT_COMPLETED = { title: 'Payment Not Completed', error: 'This payment has not been completed, so the download is not available.' };

async function purchaseOf(sessionId: string): Promise<Purchase | null> {
  const found = await serviceRest(`purchases?stripe_session_id=eq.${sessionId}&select=id,status,product_id,download_count`);
  const [purchase] = found.ok ? ((await found.json()) as Purchase[]) : [];
  return purchase ?? null;
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
  const body = (await req.json().catch(() => null)) as { sessionId?: unknown; productId?: unknown; verify?: unknown } | null;
  const verify = body?.verify === true;
  const sessionId = typeof body?.sessionId === 'string' && /^cs_[\w]+$/.test(body.sessionId) ? body.sessionId : null;
  if (!sessionId) return verify ? json(NOT_CONFIRMED, 400) : json(NO_PRODUCT, 400);

  const purchase = await purchaseOf(sessionId);
  if (verify) {
    // A session of another product confirms nothing about this one.
    if (!purchase || typeof body?.productId !== 'string' || purchase.product_id !== body.productId) return json(NOT_CONFIRMED, 404);
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
  const res = await serviceRest('rpc/record_purchase_download', { method: 'POST', body: JSON.stringify({ purchase: purchase.id }) });
  const answer = (await res.json()) as {
    name?: string;
    downloads?: number;
    max_downloads?: number | null;
    message?: string;
    code?: string;
  };
  if (!res.ok) {
    const limit = answer.code === 'PT429';
    return json({ title: limit ? 'Download Limit Reached' : 'Error', error: answer.message ?? NO_PRODUCT.error }, limit ? 429 : 404);
  }
  return json({ name: answer.name, url, downloads: answer.downloads, maxDownloads: answer.max_downloads ?? null });
}

async function sourceOf(productId: string): Promise<DeliverableSource | null> {
  const res = await serviceRest(`generated_documents?id=eq.${productId}&select=id,name,content,product_type,product_summary,updated_at`);
  const [row] = res.ok ? ((await res.json()) as DeliverableSource[]) : [];
  return row ?? null;
}
