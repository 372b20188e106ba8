import { fail, json, preflight } from '../_shared/http.ts';
import { markPaid, serviceRest, stripeClient } from '../_shared/stripe.ts';

/**
 * POST /functions/v1/purchase-download { sessionId } (the buyer, back from Checkout): the product's
 * file for a paid purchase only, counted against the product's download limit. When the webhook has
 * not arrived yet, Stripe is asked whether the session is paid.
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const body = (await req.json().catch(() => null)) as { sessionId?: unknown } | null;
  const sessionId = typeof body?.sessionId === 'string' && /^cs_[\w]+$/.test(body.sessionId) ? body.sessionId : null;
  if (!sessionId) return json({ title: 'Error', error: 'Product details not available for download.' }, 400);

  const found = await serviceRest(`purchases?stripe_session_id=eq.${sessionId}&select=id,status`);
  const [purchase] = found.ok ? ((await found.json()) as { id: string; status: string }[]) : [];
  if (!purchase) return json({ title: 'Error', error: 'Product details not available for download.' }, 404);

  if (purchase.status !== 'paid') {
    const stripe = stripeClient();
    const session = stripe ? await stripe.checkout.sessions.retrieve(sessionId).catch(() => null) : null;
    if (!session || session.payment_status !== 'paid') {
      return json({ title: 'Payment Not Completed', error: 'This payment has not been completed, so the download is not available.' }, 402);
    }
    await markPaid(session);
  }

  const res = await serviceRest('rpc/record_purchase_download', { method: 'POST', body: JSON.stringify({ purchase: purchase.id }) });
  const answer = (await res.json()) as { name?: string; content?: string; downloads?: number; max_downloads?: number | null; message?: string; code?: string };
  if (!res.ok) {
    const limit = answer.code === 'PT429';
    return json({ title: limit ? 'Download Limit Reached' : 'Error', error: answer.message ?? 'Product details not available for download.' }, limit ? 429 : 404);
  }
  return json({ name: answer.name, content: answer.content, downloads: answer.downloads, maxDownloads: answer.max_downloads ?? null });
}
