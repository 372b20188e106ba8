import Stripe from 'stripe';
import { z } from 'zod';
import { readBody } from '../_shared/body.ts';
import { serviceDb } from '../_shared/db.ts';
import { callerOf, fail, json, preflight } from '../_shared/http.ts';
import { PAYMENTS_NOT_CONFIGURED, productForSale, siteUrl, stripeClient } from '../_shared/stripe.ts';

/**
 * POST /functions/v1/create-checkout-session { productId } (anyone; a signed-in buyer is recorded):
 * a Stripe Checkout Session for one unit of the product (quantity 1, payment mode,
 * success URL /purchase-success?product_id={id}&session_id={CHECKOUT_SESSION_ID}, cancel URL
 * /purchase-cancelled) and a pending purchase; answers the Checkout URL to send the browser to.
 * A missing or malformed productId is a product not found (404).
 */
const CheckoutBody = z.object({ productId: z.string().catch('') }).catch({ productId: '' });

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const read = await readBody(req, CheckoutBody);
  if (!read.ok) return read.response;
  const product = await productForSale(read.body.productId);
  if (!product) return json({ error: 'Product Not Found', title: 'Product Not Found' }, 404);
  if (!product.stripe_price_id) {
    return json({ title: 'Configuration Error', error: 'This product is not configured for sale. Missing Stripe Price ID.' }, 400);
  }
  const stripe = stripeClient();
  if (!stripe) return json({ title: 'Stripe Not Configured', error: PAYMENTS_NOT_CONFIGURED }, 503);

  const buyer = await callerOf(req);
  const db = serviceDb();
  const created = await db
    .from('purchases')
    .insert({ product_id: product.id, product_name: product.name, buyer_id: buyer?.id ?? null, buyer_email: buyer?.email ?? null })
    .select('id')
    .single();
  if (created.error) return json({ title: 'Payment Error', error: 'Could not start the checkout. Please try again.' }, 500);
  const purchase = created.data;
  const forget = () => db.from('purchases').delete().eq('id', purchase.id);

  let session: Stripe.Checkout.Session;
  try {
    const site = siteUrl();
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: product.stripe_price_id, quantity: 1 }],
      success_url: `${site}/purchase-success?product_id=${encodeURIComponent(product.id)}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/purchase-cancelled`,
      client_reference_id: purchase.id,
      metadata: { purchase_id: purchase.id, product_id: product.id },
      ...(buyer?.email ? { customer_email: buyer.email } : {}),
    });
  } catch (error) {
    await forget();
    // Stripe refusing our secret key is a configuration problem, not the buyer's: say so.
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      return json({ title: 'Stripe Not Configured', error: PAYMENTS_NOT_CONFIGURED }, 503);
    return json({ title: 'Payment Error', error: (error as Error).message }, 502);
  }
  // Without the session id stored, the payment could never be matched to its purchase: the buyer
  // is not sent to pay (the unused session expires at Stripe by itself).
  const stored = await db.from('purchases').update({ stripe_session_id: session.id }).eq('id', purchase.id);
  if (stored.error) {
    await forget();
    return json({ title: 'Payment Error', error: 'Could not start the checkout. Please try again.' }, 500);
  }
  if (!session.url) return json({ title: 'Payment Error', error: 'Stripe returned no checkout address.' }, 502);
  return json({ url: session.url, sessionId: session.id });
}
