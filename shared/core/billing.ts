/**
 * Subscriptions, the pure part: which plan a Stripe price sells, the `subscriptions` row a Stripe
 * subscription stands for, whether a webhook may replace the row already there, and what the
 * Billing page tells a subscriber about their subscription.
 */

export type PaidPlanId = 'pro' | 'team';
const PAID_PLAN_IDS: readonly PaidPlanId[] = ['pro', 'team'];

export const isPaidPlan = (value: unknown): value is PaidPlanId => value === 'pro' || value === 'team';

/** The recurring Stripe price of each paid plan (from the functions' settings). */
export type PlanPrices = Partial<Record<PaidPlanId, string>>;

export const planOfPrice = (priceId: string | undefined, prices: PlanPrices): PaidPlanId | null =>
  PAID_PLAN_IDS.find((plan) => priceId !== undefined && prices[plan] === priceId) ?? null;

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What of a Stripe subscription the row keeps (the SDK's object has these fields and more). */
export interface StripeSubscriptionFacts {
  id: string;
  customer: string | { id: string };
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { data: { price: { id: string }; current_period_end?: number }[] };
}

export interface SubscriptionRow {
  user_id: string;
  stripe_customer_id: string;
  stripe_subscription_id: string;
  plan: PaidPlanId;
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

/** The row for a subscription of `userId`; null when its price is none of the plans' or its status unknown. */
export function subscriptionRow(sub: StripeSubscriptionFacts, userId: string, prices: PlanPrices): SubscriptionRow | null {
  const item = sub.items.data[0];
  const plan = planOfPrice(item?.price.id, prices);
  const status = SUBSCRIPTION_STATUSES.find((s) => s === sub.status);
  if (!plan || !status) return null;
  return {
    user_id: userId,
    stripe_customer_id: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    stripe_subscription_id: sub.id,
    plan,
    status,
    current_period_end: item?.current_period_end ? new Date(item.current_period_end * 1000).toISOString() : null,
    cancel_at_period_end: sub.cancel_at_period_end,
  };
}

const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];

/**
 * A late event about a subscription that has ended must not overwrite the row of the customer's
 * newer, live subscription (someone who cancelled and subscribed again).
 */
export function replacesRow(existing: Pick<SubscriptionRow, 'stripe_subscription_id' | 'status'> | null, next: SubscriptionRow): boolean {
  if (!existing || existing.stripe_subscription_id === next.stripe_subscription_id) return true;
  return !(ENDED.includes(next.status) && !ENDED.includes(existing.status));
}

/** The subscription as the Billing page reads it (the owner's row). */
export interface SubscriptionView {
  plan: PaidPlanId;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const billingDate = (iso: string): string => longDate.format(new Date(iso));

export type BillingNotice = { kind: 'past_due' | 'ending' | 'ended'; planName: string; date: string | null };

/** What the Billing page says above the plans: a failed payment, a plan that ends, or nothing. */
export function billingNotice(sub: SubscriptionView | null, now: Date = new Date()): BillingNotice | null {
  if (!sub) return null;
  const planName = sub.plan === 'pro' ? 'Pro' : 'Team';
  const date = sub.currentPeriodEnd ? billingDate(sub.currentPeriodEnd) : null;
  const over = sub.currentPeriodEnd !== null && new Date(sub.currentPeriodEnd) <= now;
  if (sub.status === 'past_due' || sub.status === 'unpaid') return { kind: over ? 'ended' : 'past_due', planName, date };
  if (sub.status === 'canceled') return over ? null : { kind: 'ending', planName, date };
  if (sub.cancelAtPeriodEnd) return { kind: 'ending', planName, date };
  return null;
}

/** Whether the account has a subscription the Customer Portal can manage. */
export const canManage = (sub: SubscriptionView | null): boolean => sub !== null && !ENDED.includes(sub.status);
