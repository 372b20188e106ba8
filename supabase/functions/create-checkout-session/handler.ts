import Stripe from 'stripe';
import { callerOf, fail, json, preflight } from '../_shared/http.ts';
import { PAYMENTS_NOT_CONFIGURED, productForSale, serviceRest, siteUrl, stripeClient } from '../_shared/stripe.ts';

/**
 * POST /functions/v1/create-checkout-session { productId } (anyone; a signed-in buyer is recorded):
 * a Stripe Checkout Session for one unit of the product (quantity 1, payment mode,
 * success URL /purchase-success?product_id={id}&session_id={CHECKOUT_SESSION_ID}, cancel URL
 * /purchase-cancelled) and a pending purchase; answers the Checkout URL to send the browser to.
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const body = (await req.json().catch(() => null)) as { productId?: unknown } | null;
  const productId = typeof body?.productId === 'string' ? body.productId : '';
  const product = await productForSale(productId);
  if (!product) return json({ error: 'Product Not Found', title: 'Product Not Found' }, 404);
  if (!product.stripe_price_id) {
    return json({ title: 'Configuration Error', error: 'This product is not configured for sale. Missing Stripe Price ID.' }, 400);
  }
  const stripe = stripeClient();
  if (!stripe) return json({ title: 'Stripe Not Configured', error: PAYMENTS_NOT_CONFIGURED }, 503);

  const buyer = await callerOf(req);
  const created = await serviceRest('purchases?select=id', {
    method: 'POST',
    headers: { prefer: 'return=representation' },
    body: JSON.stringify({
      product_id: product.id,
      product_name: product.name,
      buyer_id: buyer?.id ?? null,
      buyer_email: buyer?.email ?? null,
    }),
  });
  if (!created.ok) return json({ title: 'Payment Error', error: 'Could not start the checkout. Please try again.' }, 500);
  const [purchase] = (await created.json()) as { id: string }[];

  let session: Stripe.Checkout.Session;
  try {
    const site = siteUrl();
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: product.stripe_price_id, quantity: 1 }],
      success_url: `${site}/purchase-success?product_id=${encodeURIComponent(product.id)}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/purchase-cancelled`,
      client_reference_id: purchase!.id,
      metadata: { purchase_id: purchase!.id, product_id: product.id },
      ...(buyer?.email ? { customer_email: buyer.email } : {}),
    });
  } catch (error) {
    await serviceRest(`purchases?id=eq.${purchase!.id}`, { method: 'DELETE' });
    // Stripe refusing our secret key is a configuration problem, not the buyer's: say so.
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      return json({ title: 'Stripe Not Configured', error: PAYMENTS_NOT_CONFIGURED }, 503);
    return json({ title: 'Payment Error', error: (error as Error).message }, 502);
  }
  // Without the session id stored, the payment could never be matched to its purchase: the buyer
  // is not sent to pay (the unused session expires at Stripe by itself).
  const stored = await serviceRest(`purchases?id=eq.${purchase!.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ stripe_session_id: session.id }),
  }).catch(() => null);
  if (!stored?.ok) {
    await serviceRest(`purchases?id=eq.${purchase!.id}`, { method: 'DELETE' }).catch(() => null);
    return json({ title: 'Payment Error', error: 'Could not start the checkout. Please try again.' }, 500);
  }
  if (!session.url) return json({ title: 'Payment Error', error: 'Stripe returned no checkout address.' }, 502);
  return json({ url: session.url, sessionId: session.id });
}
