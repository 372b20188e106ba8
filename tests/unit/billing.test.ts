import { describe, expect, it } from 'vitest';
import { billingNotice, canManage, planOfPrice, replacesRow, subscriptionRow, type SubscriptionView } from '@/shared/core/billing.ts';
import { noticeText } from '@/shared/core/billingTexts.ts';

const prices = { pro: 'price_pro', team: 'price_team' };
const sub = (over: Partial<Parameters<typeof subscriptionRow>[0]> = {}) => ({
  id: 'sub_1',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  metadata: {},
  items: { data: [{ price: { id: 'price_pro' }, current_period_end: 1_800_000_000 }] },
  ...over,
});

describe('subscriptionRow', () => {
  it('maps a Stripe subscription to the row: plan from the price, period end from the item', () => {
    expect(subscriptionRow(sub(), 'u1', prices)).toEqual({
      user_id: 'u1',
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      plan: 'pro',
      status: 'active',
      current_period_end: '2027-01-15T08:00:00.000Z',
      cancel_at_period_end: false,
    });
    expect(subscriptionRow(sub({ customer: { id: 'cus_2' }, status: 'past_due' }), 'u1', prices)).toMatchObject({
      stripe_customer_id: 'cus_2',
      status: 'past_due',
    });
  });

  it('is null for prices of no plan and unknown statuses', () => {
    expect(subscriptionRow(sub({ items: { data: [{ price: { id: 'price_other' } }] } }), 'u1', prices)).toBeNull();
    expect(subscriptionRow(sub({ status: 'weird' }), 'u1', prices)).toBeNull();
    expect(planOfPrice('price_team', prices)).toBe('team');
    expect(planOfPrice(undefined, {})).toBeNull();
  });
});

describe('replacesRow', () => {
  const next = subscriptionRow(sub({ id: 'sub_old', status: 'canceled' }), 'u1', prices)!;
  it('an ended subscription does not replace another, live one; anything else does', () => {
    expect(replacesRow(null, next)).toBe(true);
    expect(replacesRow({ stripe_subscription_id: 'sub_old', status: 'active' }, next)).toBe(true);
    expect(replacesRow({ stripe_subscription_id: 'sub_new', status: 'active' }, next)).toBe(false);
    expect(replacesRow({ stripe_subscription_id: 'sub_new', status: 'canceled' }, next)).toBe(true);
    expect(replacesRow({ stripe_subscription_id: 'sub_new', status: 'canceled' }, { ...next, status: 'active' })).toBe(true);
  });
});

describe('billingNotice', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const view = (over: Partial<SubscriptionView>): SubscriptionView => ({
    plan: 'pro',
    status: 'active',
    currentPeriodEnd: '2026-12-24T10:00:00Z',
    cancelAtPeriodEnd: false,
    ...over,
  });
  it('says nothing for a running subscription or none', () => {
    expect(billingNotice(null, now)).toBeNull();
    expect(billingNotice(view({}), now)).toBeNull();
    expect(billingNotice(view({ status: 'canceled', currentPeriodEnd: '2026-11-01T00:00:00Z' }), now)).toBeNull();
  });
  it('a failed payment keeps the plan until the period end; a cancelled plan ends then', () => {
    const pastDue = billingNotice(view({ status: 'past_due' }), now)!;
    expect(pastDue).toEqual({ kind: 'past_due', planName: 'Pro', date: 'December 24, 2026' });
    expect(noticeText(pastDue).body).toBe(
      'We couldn\'t charge your card for the Pro plan. Update your card in "Manage subscription": you keep Pro until December 24, 2026.',
    );
    expect(billingNotice(view({ status: 'past_due', currentPeriodEnd: '2026-11-30T00:00:00Z' }), now)?.kind).toBe('ended');
    const ending = billingNotice(view({ plan: 'team', cancelAtPeriodEnd: true }), now)!;
    expect(noticeText(ending).title).toBe('Your Team plan ends on December 24, 2026');
    expect(billingNotice(view({ status: 'canceled' }), now)?.kind).toBe('ending');
  });
  it('the portal is for subscriptions that have not ended', () => {
    expect(canManage(view({}))).toBe(true);
    expect(canManage(view({ status: 'past_due' }))).toBe(true);
    expect(canManage(view({ status: 'canceled' }))).toBe(false);
    expect(canManage(null)).toBe(false);
  });
});
