import type { PlanPrices, SubscriptionRow } from '@/shared/core/billing.ts';
import { optionalEnv, rest } from './http.ts';

/**
 * What the subscription functions share: the recurring Stripe price of each plan
 * (STRIPE_PRICE_PRO, STRIPE_PRICE_TEAM) and the caller's `subscriptions` row, read with the
 * service role (only the webhook writes that table).
 */

export const planPrices = (): PlanPrices => ({ pro: optionalEnv('STRIPE_PRICE_PRO'), team: optionalEnv('STRIPE_PRICE_TEAM') });

export type StoredSubscription = Pick<
  SubscriptionRow,
  'user_id' | 'stripe_customer_id' | 'stripe_subscription_id' | 'plan' | 'status' | 'current_period_end'
>;

const COLUMNS = 'user_id,stripe_customer_id,stripe_subscription_id,plan,status,current_period_end';

/** The stored row of a user, or of a Stripe customer; undefined when there is none, null when the database could not be read. */
export async function storedSubscription(
  filter: { userId: string } | { customer: string },
): Promise<StoredSubscription | undefined | null> {
  const where =
    'userId' in filter ? `user_id=eq.${encodeURIComponent(filter.userId)}` : `stripe_customer_id=eq.${encodeURIComponent(filter.customer)}`;
  const res = await rest(`subscriptions?${where}&select=${COLUMNS}`, { method: 'GET' }, 'service').catch(() => null);
  if (!res?.ok) return null;
  return (res.body as StoredSubscription[])[0];
}
