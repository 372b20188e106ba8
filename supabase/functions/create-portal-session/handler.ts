import Stripe from 'stripe';
import { BILLING_ERRORS } from '@/shared/core/billingTexts.ts';
import { callerOf, fail, json, preflight } from '../_shared/http.ts';
import { siteUrl, stripeClient } from '../_shared/stripe.ts';
import { storedSubscription } from '../_shared/subscriptions.ts';

/**
 * POST /functions/v1/create-portal-session (signed in, with a subscription): a Stripe Customer
 * Portal session for the caller's Stripe customer, where they change plan, update the card or
 * cancel. Answers { url }; the portal links back to /billing.
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail(BILLING_ERRORS.signIn, 401);
  const stripe = stripeClient();
  if (!stripe) return fail(BILLING_ERRORS.notConfigured, 503);
  const existing = await storedSubscription({ userId: caller.id });
  if (existing === null) return fail(BILLING_ERRORS.portalFailed, 500);
  if (!existing) return fail(BILLING_ERRORS.noSubscription, 404);
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: existing.stripe_customer_id,
      return_url: `${siteUrl()}/billing`,
    });
    return json({ url: session.url });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) return fail(BILLING_ERRORS.notConfigured, 503);
    return fail(BILLING_ERRORS.portalFailed, 502);
  }
}
