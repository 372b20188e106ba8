import Stripe from 'stripe';
import { fail, json } from '../_shared/http.ts';
import { sendPurchaseReceipt } from '../_shared/receipt.ts';
import { markPaid, stripeClient, webhookSecret } from '../_shared/stripe.ts';
import { handleSubscriptionEvent, isSubscriptionEvent } from './subscriptions.ts';

/**
 * POST /functions/v1/stripe-webhook (called by Stripe, not by users): checks the Stripe-Signature
 * against STRIPE_WEBHOOK_SECRET and records paid Checkout Sessions. Anything unsigned or signed with
 * another secret is refused with 400; events it does not use are acknowledged. When the payment
 * cannot be written it answers 500, and Stripe retries the delivery. Subscription events: ./subscriptions.ts.
 * On hosted Supabase deploy it with --no-verify-jwt (Stripe sends no Supabase JWT).
 */
export default async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const stripe = stripeClient();
  const secret = webhookSecret();
  if (!stripe || !secret) return fail('Payments are not configured.', 503);
  const signature = req.headers.get('stripe-signature');
  if (!signature) return fail('Missing Stripe-Signature.', 400);
  const payload = await req.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    return fail('Invalid signature.', 400);
  }
  if (isSubscriptionEvent(event)) return handleSubscriptionEvent(stripe, event);
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = event.data.object;
    // A failed write answers 500, so Stripe delivers the event again later.
    if (session.payment_status === 'paid' && !(await markPaid(session))) return fail('Could not record the payment.', 500);
    if (session.payment_status === 'paid') await sendPurchaseReceipt(session.id);
  }
  return json({ received: true });
}
