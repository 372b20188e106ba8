import { receiptMail } from '@/shared/core/storefront.ts';
import { serviceDb } from './db.ts';
import { sendMail } from './mail.ts';
import { siteUrl } from './stripe.ts';

/**
 * Mails the buyer's receipt for a paid Checkout session, once: the purchase's receipt_sent_at is
 * claimed first, so a repeated webhook delivery sends nothing. The download link is the success
 * page of this session, which checks the payment and counts each download. A receipt that cannot
 * be sent is recorded in monitoring (mail.ts) and its claim released.
 */
export async function sendPurchaseReceipt(sessionId: string): Promise<void> {
  const db = serviceDb();
  // supabase-js answers a failed call (the network included) with { error }, never a throw.
  const claimed = await db
    .from('purchases')
    .update({ receipt_sent_at: new Date().toISOString() })
    .eq('stripe_session_id', sessionId)
    .eq('status', 'paid')
    .is('receipt_sent_at', null)
    .select('id, product_id, product_name, buyer_email, amount_total, currency');
  const purchase = claimed.data?.[0];
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
  if (!sent) await db.from('purchases').update({ receipt_sent_at: null }).eq('id', purchase.id);
}
