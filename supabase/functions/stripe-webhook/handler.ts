import Stripe from 'stripe';
import { fail, json } from '../_shared/http.ts';
import { recordEvent } from '../_shared/monitoring.ts';
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
/** An unsigned or wrongly signed delivery: refused, and recorded (a wrong secret here stops every payment). */
async function unverifiable(reason: string): Promise<Response> {
  await recordEvent({ kind: 'stripe_webhook_failed', source: 'stripe-webhook', message: `Refused a delivery: ${reason}` });
  return fail(reason, 400);
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const stripe = stripeClient();
  const secret = webhookSecret();
  if (!stripe || !secret) return fail('Payments are not configured.', 503);
  const signature = req.headers.get('stripe-signature');
  if (!signature) return unverifiable('Missing Stripe-Signature.');
  const payload = await req.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    return unverifiable('Invalid signature.');
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
