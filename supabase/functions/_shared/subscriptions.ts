import { isPaidPlan, SUBSCRIPTION_STATUSES, type PlanPrices, type SubscriptionRow } from '@/shared/core/billing.ts';
import type { Tables } from '@/shared/data/database.types.ts';
import { serviceDb } from './db.ts';
import { optionalEnv } from './http.ts';

/**
 * What the subscription functions share: the recurring Stripe price of each plan
 * (STRIPE_PRICE_PRO, STRIPE_PRICE_TEAM) and the caller's `subscriptions` row, read with the
 * service role (only the webhook writes that table).
 */

export const planPrices = (): PlanPrices => ({ pro: optionalEnv('STRIPE_PRICE_PRO'), team: optionalEnv('STRIPE_PRICE_TEAM') });

/** The row as stored: plan and status as the webhook writes them; no Stripe subscription behind a plan granted by hand. */
export type StoredSubscription = Pick<SubscriptionRow, 'plan' | 'status'> &
  Pick<Tables<'subscriptions'>, 'user_id' | 'stripe_customer_id' | 'stripe_subscription_id' | 'current_period_end'>;

const COLUMNS = 'user_id, stripe_customer_id, stripe_subscription_id, plan, status, current_period_end';

/**
 * The stored row of a user, or of a Stripe customer; undefined when there is none, null when the
 * database could not be read (or holds a plan or status no code here knows).
 */
export async function storedSubscription(
  filter: { userId: string } | { customer: string },
): Promise<StoredSubscription | undefined | null> {
  const query = serviceDb().from('subscriptions').select(COLUMNS);
  const { data, error } = await (
    'userId' in filter ? query.eq('user_id', filter.userId) : query.eq('stripe_customer_id', filter.customer)
  ).maybeSingle();
  if (error) return null;
  if (!data) return undefined;
  const status = SUBSCRIPTION_STATUSES.find((known) => known === data.status);
  if (!isPaidPlan(data.plan) || !status) return null;
  return { ...data, plan: data.plan, status };
}
