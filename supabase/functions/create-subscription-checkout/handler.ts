import Stripe from 'stripe';
import { z } from 'zod';
import { BILLING_ERRORS, planName } from '@/shared/core/billingTexts.ts';
import { isPaidPlan, type PaidPlanId } from '@/shared/core/billing.ts';
import { readBody } from '../_shared/body.ts';
import { callerOf, fail, json, preflight } from '../_shared/http.ts';
import { siteUrl, stripeClient } from '../_shared/stripe.ts';
import { planPrices, storedSubscription } from '../_shared/subscriptions.ts';

/**
 * POST /functions/v1/create-subscription-checkout { plan: 'pro' | 'team' } (signed in): a Stripe
 * Checkout Session in subscription mode for the plan's recurring price, for the caller's Stripe
 * customer when they have one (their e-mail otherwise). The user id travels as
 * client_reference_id and as the subscription's metadata.user_id, which the webhook reads.
 * Answers { url } to send the browser to; it comes back to /billing?checkout=success|cancelled.
 */
const PlanBody = z.object(
  { plan: z.custom<PaidPlanId>(isPaidPlan, { error: BILLING_ERRORS.unknownPlan }) },
  { error: BILLING_ERRORS.unknownPlan },
);

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail(BILLING_ERRORS.signIn, 401);
  const read = await readBody(req, PlanBody);
  if (!read.ok) return read.response;
  const { plan } = read.body;
  const price = planPrices()[plan];
  const stripe = stripeClient();
  if (!stripe || !price) return fail(BILLING_ERRORS.notConfigured, 503);

  const existing = await storedSubscription({ userId: caller.id });
  if (existing === null) return fail(BILLING_ERRORS.startFailed, 500);
  // A live subscription changes plan in the portal; a second one would bill twice.
  if (existing && ['active', 'trialing', 'past_due', 'unpaid'].includes(existing.status)) {
    return fail(existing.plan === plan ? BILLING_ERRORS.alreadyOnPlan(planName(plan)) : BILLING_ERRORS.otherPlan, 409);
  }
  const site = siteUrl();
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      success_url: `${site}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/billing?checkout=cancelled`,
      client_reference_id: caller.id,
      metadata: { user_id: caller.id, plan },
      subscription_data: { metadata: { user_id: caller.id, plan } },
      ...(existing ? { customer: existing.stripe_customer_id } : caller.email ? { customer_email: caller.email } : {}),
    });
    if (!session.url) return fail(BILLING_ERRORS.startFailed, 502);
    return json({ url: session.url, sessionId: session.id });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) return fail(BILLING_ERRORS.notConfigured, 503);
    return fail(error instanceof Stripe.errors.StripeError ? error.message : BILLING_ERRORS.startFailed, 502);
  }
}
