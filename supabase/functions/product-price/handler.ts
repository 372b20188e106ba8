import Stripe from 'stripe';
import { z } from 'zod';
import { STOREFRONT_TEXTS } from '@/shared/core/storefront.ts';
import { readBody } from '../_shared/body.ts';
import { serviceDb } from '../_shared/db.ts';
import { fail, json, preflight } from '../_shared/http.ts';
import { adminProduct, refuseNonAdmin, type AdminProduct } from '../_shared/productAdmin.ts';
import { PAYMENTS_NOT_CONFIGURED, stripeClient } from '../_shared/stripe.ts';

/**
 * POST /functions/v1/product-price { productId } (admins only): creates the Stripe Price of the
 * product's saved price (USD, one-off) and stores its id on the product. The Stripe Product is
 * created once and reused: a later price change adds a new Price to it (Stripe prices never change).
 * A missing or malformed productId is an unknown product (404).
 */
const PriceBody = z.object({ productId: z.string().catch('') }).catch({ productId: '' });

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const refused = await refuseNonAdmin(req);
  if (refused) return refused;
  const read = await readBody(req, PriceBody);
  if (!read.ok) return read.response;
  const product = await adminProduct(read.body.productId);
  if (!product) return json({ title: 'Product Not Found', error: 'Product Not Found' }, 404);
  if (!product.is_digital_product || product.price === null || Number(product.price) <= 0)
    return json({ title: STOREFRONT_TEXTS.priceFailed, error: STOREFRONT_TEXTS.notForSale }, 400);
  const stripe = stripeClient();
  if (!stripe) return json({ title: 'Stripe Not Configured', error: PAYMENTS_NOT_CONFIGURED }, 503);

  let price: Stripe.Price;
  try {
    const stripeProduct = (await existingStripeProduct(stripe, product)) ?? (await createStripeProduct(stripe, product));
    price = await stripe.prices.create({
      product: stripeProduct,
      currency: 'usd',
      unit_amount: Math.round(Number(product.price) * 100),
      metadata: { document_id: product.id },
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      return json({ title: 'Stripe Not Configured', error: PAYMENTS_NOT_CONFIGURED }, 503);
    return json({ title: STOREFRONT_TEXTS.priceFailed, error: (error as Error).message }, 502);
  }
  const stored = await serviceDb().from('generated_documents').update({ stripe_price_id: price.id }).eq('id', product.id);
  if (stored.error) return json({ title: STOREFRONT_TEXTS.priceFailed, error: 'The price was created but could not be saved.' }, 500);
  return json({ priceId: price.id, unitAmount: price.unit_amount });
}

/** The Stripe Product behind the product's current price, when that price was created for this document. */
async function existingStripeProduct(stripe: Stripe, product: AdminProduct): Promise<string | null> {
  if (!product.stripe_price_id) return null;
  const current = await stripe.prices.retrieve(product.stripe_price_id).catch(() => null);
  if (!current || current.metadata?.document_id !== product.id) return null;
  return typeof current.product === 'string' ? current.product : current.product.id;
}

async function createStripeProduct(stripe: Stripe, product: AdminProduct): Promise<string> {
  const created = await stripe.products.create({
    name: product.name,
    ...(product.product_summary ? { description: product.product_summary } : {}),
    metadata: { document_id: product.id },
  });
  return created.id;
}
