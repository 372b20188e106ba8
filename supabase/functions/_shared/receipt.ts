import { receiptMail } from '@/shared/core/storefront.ts';
import { sendMail } from './mail.ts';
import { serviceRest, siteUrl } from './stripe.ts';

interface PaidPurchase {
  id: string;
  product_id: string | null;
  product_name: string;
  buyer_email: string | null;
  amount_total: number | null;
  currency: string | null;
}

/**
 * Mails the buyer's receipt for a paid Checkout session, once: the purchase's receipt_sent_at is
 * claimed first, so a repeated webhook delivery sends nothing. The download link is the success
 * page of this session, which checks the payment and counts each download.
 */
export async function sendPurchaseReceipt(sessionId: string): Promise<void> {
  const claimed = await serviceRest(
    `purchases?stripe_session_id=eq.${encodeURIComponent(sessionId)}&status=eq.paid&receipt_sent_at=is.null&select=id,product_id,product_name,buyer_email,amount_total,currency`,
    { method: 'PATCH', headers: { prefer: 'return=representation' }, body: JSON.stringify({ receipt_sent_at: new Date().toISOString() }) },
  ).catch(() => null);
  const [purchase] = claimed?.ok ? ((await claimed.json()) as PaidPurchase[]) : [];
  if (!purchase?.buyer_email || !purchase.product_id) return;
  const downloadUrl = `${siteUrl()}/purchase-success?product_id=${encodeURIComponent(purchase.product_id)}&session_id=${encodeURIComponent(sessionId)}`;
  const mail = receiptMail({
    productName: purchase.product_name,
    amountTotal: purchase.amount_total,
    currency: purchase.currency,
    downloadUrl,
  });
  const sent = await sendMail({ to: purchase.buyer_email, ...mail });
  // Unsent: released, so the next delivery of this payment tries again.
  if (!sent)
    await serviceRest(`purchases?id=eq.${purchase.id}`, { method: 'PATCH', body: JSON.stringify({ receipt_sent_at: null }) }).catch(
      () => null,
    );
}
