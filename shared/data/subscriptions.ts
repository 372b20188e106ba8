import { isPaidPlan, SUBSCRIPTION_STATUSES, type PaidPlanId, type SubscriptionView } from '../core/billing.ts';
import { BILLING_ERRORS } from '../core/billingTexts.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

/**
 * The caller's Stripe subscription as the webhook keeps it (their own `subscriptions` row), and
 * the two ways to Stripe: Checkout to buy a plan, the Customer Portal to manage it. Both answer
 * the address to send the browser to.
 */

export async function getSubscription(client: AppClient): Promise<DataResult<SubscriptionView | null>> {
  const { data, error } = await client.from('subscriptions').select('plan, status, current_period_end, cancel_at_period_end').maybeSingle();
  if (error) return fail(error);
  if (!data) return ok(null);
  const status = SUBSCRIPTION_STATUSES.find((s) => s === data.status);
  if (!isPaidPlan(data.plan) || !status) return fail({ message: BILLING_ERRORS.startFailed, code: 'invalid_answer' }, 'server');
  return ok({ plan: data.plan, status, currentPeriodEnd: data.current_period_end, cancelAtPeriodEnd: data.cancel_at_period_end });
}

async function redirectUrl(client: AppClient, name: string, body: Record<string, string>, fallback: string): Promise<DataResult<string>> {
  const { data, error } = await client.functions.invoke<{ url?: string }>(name, { body });
  if (!error && data?.url) return ok(data.url);
  const refusal = await functionRefusal(error);
  return fail({ message: refusal?.error ?? fallback }, error ? functionErrorKind(error, refusal) : 'server');
}

/** A Stripe Checkout session for the plan. */
export const startSubscriptionCheckout = (client: AppClient, plan: PaidPlanId): Promise<DataResult<string>> =>
  redirectUrl(client, 'create-subscription-checkout', { plan }, BILLING_ERRORS.startFailed);

/** A Stripe Customer Portal session for the caller's subscription. */
export const openSubscriptionPortal = (client: AppClient): Promise<DataResult<string>> =>
  redirectUrl(client, 'create-portal-session', {}, BILLING_ERRORS.portalFailed);
