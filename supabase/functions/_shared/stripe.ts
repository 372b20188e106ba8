import Stripe from 'stripe';
import type { Tables } from '@/shared/data/database.types.ts';
import { serviceDb } from './db.ts';

/**
 * The Stripe client of the payment functions (fetch-based, so it runs in Deno and Node) and the
 * service-role database calls they share. STRIPE_API_URL points the SDK at another Stripe API
 * (the local fake); unset in production.
 */

const read = (name: string): string | undefined =>
  (typeof process !== 'undefined' ? process.env[name] : undefined) ?? (typeof Deno !== 'undefined' ? Deno.env.get(name) : undefined);
declare const Deno: { env: { get(name: string): string | undefined } } | undefined;

/** The text shown when payments are not set up (no Stripe keys). */
export const PAYMENTS_NOT_CONFIGURED = 'The application is not yet configured for payments. Please provide a Stripe Publishable Key.';

export function stripeClient(): Stripe | null {
  const key = read('STRIPE_SECRET_KEY');
  if (!key) return null;
  const api = read('STRIPE_API_URL');
  const target = api ? new URL(api) : null;
  return new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export const webhookSecret = (): string | undefined => read('STRIPE_WEBHOOK_SECRET');

/** Where buyers come back to: the dashboard (SITE_URL), never an address taken from the request. */
export const siteUrl = (): string => (read('SITE_URL') ?? 'http://127.0.0.1:5173').replace(/\/+$/, '');

export type ProductForSale = Pick<Tables<'generated_documents'>, 'id' | 'name' | 'price' | 'stripe_price_id' | 'is_digital_product'>;

/** The product when it is on sale (a digital product with a price); null when it is not. Throws when the database cannot be read. */
export async function productForSale(id: string): Promise<ProductForSale | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { data: row, error } = await serviceDb()
    .from('generated_documents')
    .select('id, name, price, stripe_price_id, is_digital_product')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`reading the product failed: ${error.message}`);
  return row && row.is_digital_product && row.price !== null && Number(row.price) <= 1_000_000 ? row : null;
}

/**
 * Marks a purchase paid from a completed Checkout Session (idempotent: an already paid purchase
 * stays as it is). false when the database refused or could not be reached, so the caller answers
 * an error and Stripe retries the webhook.
 */
export async function markPaid(session: Stripe.Checkout.Session): Promise<boolean> {
  try {
    const { error } = await serviceDb()
      .from('purchases')
      .update({
        status: 'paid',
        paid_at: new Date().toISOString(),
        amount_total: session.amount_total,
        currency: session.currency,
        buyer_email: session.customer_details?.email ?? session.customer_email ?? undefined,
      })
      .eq('stripe_session_id', session.id)
      .eq('status', 'pending');
    return !error;
  } catch {
    return false;
  }
}
