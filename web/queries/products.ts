import { queryOptions } from '@tanstack/react-query';
import { PRODUCT_TEXTS } from '@/shared/core/products.ts';
import { getProductForSale, verifyPurchase, type ProductForSale, type Refusal } from '@/shared/data/products.ts';
import { getDeliverable, listProductsForSale } from '@/shared/data/storefront.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** A purchase as the success page shows it: no such product, a session the server does not confirm, or a confirmed one. */
export type CheckedPurchase =
  | { status: 'missing' }
  | { status: 'unconfirmed'; product: ProductForSale; refusal: Refusal }
  | { status: 'ready'; product: ProductForSale };

/** The product, and whether the server confirms the session as a paid purchase of it (never throws). */
async function checkPurchase(productId: string, sessionId: string): Promise<CheckedPurchase> {
  const found = await getProductForSale(supabase, productId);
  const product = found.data;
  if (!product) return { status: 'missing' };
  const notConfirmed: Refusal = { title: PRODUCT_TEXTS.notConfirmedTitle, message: PRODUCT_TEXTS.notConfirmedText, kind: 'refused' };
  const verified = sessionId ? await verifyPurchase(supabase, productId, sessionId) : { error: notConfirmed };
  return verified.error ? { status: 'unconfirmed', product, refusal: verified.error } : { status: 'ready', product };
}

/** The storefront: the products for sale, one product, a product's deliverable file name, and a Checkout session's purchase. */
export const productQueries = {
  forSale: () => queryOptions({ queryKey: queryKeys.products.forSale(), queryFn: async () => unwrap(await listProductsForSale(supabase)) }),
  detail: (id: string) =>
    queryOptions({ queryKey: queryKeys.products.detail(id), queryFn: async () => unwrap(await getProductForSale(supabase, id)) }),
  deliverable: (id: string) =>
    queryOptions({ queryKey: queryKeys.products.deliverable(id), queryFn: async () => unwrap(await getDeliverable(supabase, id)) }),
  purchase: (productId: string, sessionId: string) =>
    queryOptions({ queryKey: queryKeys.products.purchase(productId, sessionId), queryFn: () => checkPurchase(productId, sessionId) }),
};
