import Stripe from 'stripe';
import { isUuid } from '@/shared/core/ids.ts';
import { replacesRow, subscriptionRow } from '@/shared/core/billing.ts';
import { serviceDb } from '../_shared/db.ts';
import { fail, json } from '../_shared/http.ts';
import { planPrices, storedSubscription } from '../_shared/subscriptions.ts';

/**
 * The subscription events of stripe-webhook. Each event id is recorded first (stripe_events), so a
 * repeated delivery is acknowledged and does nothing. Then the subscription is read again from
 * Stripe and its `subscriptions` row written from what Stripe says now: the event is only a
 * nudge, so events arriving late or out of order cannot leave an old state behind. When anything
 * fails the record is taken back and the answer is 500, so Stripe delivers the event again.
 */

const TYPES = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export const isSubscriptionEvent = (event: Stripe.Event): boolean =>
  TYPES.has(event.type) && (event.type !== 'checkout.session.completed' || event.data.object.mode === 'subscription');

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The subscription an event is about, and the user id the event itself names (Checkout's client_reference_id). */
function subjectOf(event: Stripe.Event): { subscription: string | null; userId: string | null } {
  switch (event.type) {
    case 'checkout.session.completed':
      return { subscription: idOf(event.data.object.subscription), userId: event.data.object.client_reference_id };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscription: event.data.object.id, userId: null };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { subscription: idOf(event.data.object.parent?.subscription_details?.subscription), userId: null };
    default:
      return { subscription: null, userId: null };
  }
}

/** Writes the row of the event's subscription as Stripe has it now; false when it could not. */
async function sync(stripe: Stripe, event: Stripe.Event): Promise<boolean> {
  const subject = subjectOf(event);
  if (!subject.subscription) return true;
  let sub: Stripe.Subscription;
  try {
    sub = await stripe.subscriptions.retrieve(subject.subscription);
  } catch (error) {
    // A subscription Stripe does not know will never be there: nothing to retry.
    return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
  }
  const customer = idOf(sub.customer)!;
  let userId: string | null = sub.metadata.user_id ?? subject.userId;
  if (!userId) {
    const byCustomer = await storedSubscription({ customer });
    if (byCustomer === null) return false;
    userId = byCustomer?.user_id ?? null;
  }
  // Subscriptions made outside the app (no user of ours) are not ours to record.
  if (!userId || !isUuid(userId)) return true;
  const row = subscriptionRow(sub, userId, planPrices());
  if (!row) return true;
  const existing = await storedSubscription({ userId });
  if (existing === null) return false;
  // A plan granted by hand has no Stripe subscription: never the same as the event's.
  if (!replacesRow(existing ? { ...existing, stripe_subscription_id: existing.stripe_subscription_id ?? '' } : null, row)) return true;
  const written = await serviceDb()
    .from('subscriptions')
    .upsert({ ...row, updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
  return !written.error;
}

export async function handleSubscriptionEvent(stripe: Stripe, event: Stripe.Event): Promise<Response> {
  const db = serviceDb();
  const recorded = await db
    .from('stripe_events')
    .upsert({ id: event.id, type: event.type }, { onConflict: 'id', ignoreDuplicates: true })
    .select('id');
  if (recorded.error) return fail('Could not record the event.', 500);
  if (recorded.data.length === 0) return json({ received: true, duplicate: true });
  if (await sync(stripe, event).catch(() => false)) return json({ received: true });
  await db.from('stripe_events').delete().eq('id', event.id);
  return fail('Could not record the subscription.', 500);
}
