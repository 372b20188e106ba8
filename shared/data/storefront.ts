import { STOREFRONT_TEXTS, type DocumentFormat } from '../core/storefront.ts';
import type { AppClient } from './supabase.ts';
import { MAX_ROWS } from './paging.ts';
import { refusalOf, toProductForSale, type ProductForSale, type Refusal, type SaleRow } from './products.ts';
import { failTitled, kindOfCode, ok, type DataResult } from './result.ts';

/**
 * The storefront: the public list of products that can be bought, and Product Management's calls
 * to the admin Edge Functions (product-price creates the Stripe Price; product-deliverable renders
 * or stores the file buyers receive).
 */

type StorefrontResult<T> = DataResult<T, Refusal>;

/** Every product on sale that can be bought (it has a Stripe price), by name. Signed out too. */
export async function listProductsForSale(client: AppClient): Promise<StorefrontResult<ProductForSale[]>> {
  const { data, error } = await client.from('products_for_sale').select('*').eq('has_price_id', true).order('name').limit(MAX_ROWS);
  if (error) return failTitled(error, kindOfCode(error.code), STOREFRONT_TEXTS.loadError);
  return ok((data as SaleRow[]).map(toProductForSale).filter((p): p is ProductForSale => p !== null));
}

/** Creates the Stripe Price of the product's saved price (and its Stripe Product the first time); answers the price id. */
export async function createStripePrice(client: AppClient, productId: string): Promise<StorefrontResult<string>> {
  const { data, error } = await client.functions.invoke<{ priceId: string }>('product-price', { body: { productId } });
  if (error || !data?.priceId) return refusalOf(error, STOREFRONT_TEXTS.priceFailed);
  return ok(data.priceId);
}

/** The name of the file buyers of the product receive, or null when none is stored yet. */
export async function getDeliverable(client: AppClient, productId: string): Promise<StorefrontResult<string | null>> {
  const { data, error } = await client.functions.invoke<{ fileName: string | null }>('product-deliverable', { body: { productId } });
  if (error || !data) return refusalOf(error, STOREFRONT_TEXTS.deliverableFailed);
  return ok(data.fileName);
}

/** Renders the generated document as the file buyers receive (PDF or DOCX); answers its name. */
export async function renderDeliverable(client: AppClient, productId: string, format: DocumentFormat): Promise<StorefrontResult<string>> {
  const { data, error } = await client.functions.invoke<{ fileName: string }>('product-deliverable', { body: { productId, format } });
  if (error || !data?.fileName) return refusalOf(error, STOREFRONT_TEXTS.deliverableFailed);
  return ok(data.fileName);
}

/** Stores an uploaded file, delivered to buyers as it is; answers its name. */
export async function uploadDeliverable(client: AppClient, productId: string, file: File): Promise<StorefrontResult<string>> {
  const form = new FormData();
  form.set('productId', productId);
  form.set('file', file, file.name);
  const { data, error } = await client.functions.invoke<{ fileName: string }>('product-deliverable', { body: form });
  if (error || !data?.fileName) return refusalOf(error, STOREFRONT_TEXTS.deliverableFailed);
  return ok(data.fileName);
}
