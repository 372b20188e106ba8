import type { BillingNotice } from './billing.ts';

/** What the Billing page and the subscription functions say. */

export const planName = (plan: 'free' | 'pro' | 'team'): string => ({ free: 'Free', pro: 'Pro', team: 'Team' })[plan];

export const BILLING_ERRORS = {
  signIn: 'Sign in to choose a plan.',
  unknownPlan: 'Choose the Pro or Team plan.',
  notConfigured: 'Subscriptions are not set up yet, so plans cannot be bought online. Please contact us.',
  alreadyOnPlan: (name: string) => `You're already on the ${name} plan.`,
  otherPlan: 'You already have a subscription. Change your plan with "Manage subscription".',
  noSubscription: 'You have no subscription to manage yet.',
  startFailed: 'Could not start the checkout. Please try again.',
  portalFailed: 'Could not open the subscription settings. Please try again.',
};

export const BILLING_TEXTS = {
  manage: 'Manage subscription',
  confirming: 'Confirming your payment…',
  confirmingDetail: 'Stripe has taken your payment; your plan switches over in a moment.',
  confirmed: (name: string) => `Payment confirmed: welcome to ${name}!`,
  confirmSlow: 'Your payment is taking longer than usual to confirm. Refresh this page in a minute; you have not been charged twice.',
  cancelled: 'Checkout cancelled: nothing was charged.',
  loadError: 'Could not load your plan. Please refresh the page.',
  footnote:
    'Prices are in US dollars (USD), billed monthly through Stripe; cancel any time from "Manage subscription". You always use your own AI provider key, so AI usage is billed by your provider.',
};

/** The banner above the plans. */
export function noticeText(notice: BillingNotice): { title: string; body: string } {
  const until = notice.date ?? 'the end of the period';
  switch (notice.kind) {
    case 'past_due':
      return {
        title: 'Your last payment failed',
        body: `We couldn't charge your card for the ${notice.planName} plan. Update your card in "Manage subscription": you keep ${notice.planName} until ${until}.`,
      };
    case 'ended':
      return {
        title: 'Your payment failed',
        body: `We couldn't charge your card, so your ${notice.planName} plan ended on ${until}. Update your card in "Manage subscription" to get it back.`,
      };
    case 'ending':
      return {
        title: `Your ${notice.planName} plan ends on ${until}`,
        body: `You keep every ${notice.planName} feature until then. Changed your mind? Renew it in "Manage subscription".`,
      };
  }
}
