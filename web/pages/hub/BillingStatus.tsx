import { Alert, AlertTitle, CircularProgress, Stack } from '@mui/material';
import { billingNotice, type SubscriptionView } from '@/shared/core/billing.ts';
import { BILLING_TEXTS, noticeText, planName } from '@/shared/core/billingTexts.ts';
import type { PlanId } from '@/shared/core/hub.ts';

/** Where a Checkout return stands: waiting for the webhook, confirmed, too slow, or cancelled. */
export type CheckoutReturn = 'confirming' | 'confirmed' | 'slow' | 'cancelled' | null;

/** The alerts above the plans: the Checkout return, a failed payment, a plan that ends. */
export function BillingStatus({
  checkout,
  plan,
  subscription,
}: {
  checkout: CheckoutReturn;
  plan: PlanId | undefined;
  subscription: SubscriptionView | null | undefined;
}) {
  const notice = billingNotice(subscription ?? null);
  const text = notice ? noticeText(notice) : null;
  if (!checkout && !text) return null;
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      {checkout === 'confirming' && (
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status" aria-live="polite">
          <AlertTitle>{BILLING_TEXTS.confirming}</AlertTitle>
          {BILLING_TEXTS.confirmingDetail}
        </Alert>
      )}
      {checkout === 'confirmed' && plan && plan !== 'free' && (
        <Alert severity="success" role="status">
          {BILLING_TEXTS.confirmed(planName(plan))}
        </Alert>
      )}
      {checkout === 'slow' && <Alert severity="warning">{BILLING_TEXTS.confirmSlow}</Alert>}
      {checkout === 'cancelled' && (
        <Alert severity="info" role="status">
          {BILLING_TEXTS.cancelled}
        </Alert>
      )}
      {notice && text && (
        <Alert severity={notice.kind === 'ending' ? 'warning' : 'error'} aria-label={text.title}>
          <AlertTitle>{text.title}</AlertTitle>
          {text.body}
        </Alert>
      )}
    </Stack>
  );
}
