import type { SupabaseClient } from '@supabase/supabase-js';
import { isSellablePrice, PRODUCT_TEXTS, type ProductType } from '../core/products.ts';

/**
 * Products for sale and their purchase, over the products_for_sale view and the payment Edge
 * Functions (create-checkout-session, purchase-download); and the admin's product management over
 * generated_documents and admin_update_product().
 */

export interface ProductForSale {
  id: string;
  name: string;
  type: ProductType;
  summary: string | null;
  price: number;
  hasPriceId: boolean;
  maxDownloads: number | null;
}

/** A refusal with the spec's notice title and text. */
export interface Refusal {
  title: string;
  message: string;
}

export async function getProductForSale(client: SupabaseClient, id: string): Promise<{ product: ProductForSale | null } | { error: Refusal }> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return { product: null };
  const { data, error } = await client.from('products_for_sale').select('*').eq('id', id).maybeSingle();
  if (error) return { error: { title: PRODUCT_TEXTS.retrieveError, message: error.message } };
  const row = data as { id: string; name: string; product_type: ProductType; product_summary: string | null; price: number | string; has_price_id: boolean; max_downloads: number | null } | null;
  const price = row ? Number(row.price) : null;
  if (!row || !isSellablePrice(price)) return { product: null };
  return { product: { id: row.id, name: row.name, type: row.product_type, summary: row.product_summary, price, hasPriceId: row.has_price_id, maxDownloads: row.max_downloads } };
}

/** What a payment function answered when it refused: its title and message (or a network failure). */
async function refusalOf(error: unknown, fallbackTitle: string): Promise<Refusal> {
  const context = (error as { context?: Response } | null)?.context;
  const body = (await context?.json().catch(() => null)) as { title?: string; error?: string } | null;
  return { title: body?.title ?? fallbackTitle, message: body?.error ?? (error as Error | null)?.message ?? 'Something went wrong. Please try again.' };
}

/** Starts Stripe Checkout for one unit; answers the address to send the browser to. */
export async function startCheckout(client: SupabaseClient, productId: string): Promise<{ url: string } | { error: Refusal }> {
  const { data, error } = await client.functions.invoke<{ url: string }>('create-checkout-session', { body: { productId } });
  if (error || !data?.url) return { error: await refusalOf(error, PRODUCT_TEXTS.paymentErrorTitle) };
  return { url: data.url };
}

/**
 * Whether this Checkout session is a paid purchase of this product (asked before the success page
 * says so). Answers the downloads already used, or the refusal to show.
 */
export async function verifyPurchase(client: SupabaseClient, productId: string, sessionId: string): Promise<{ downloads: number } | { error: Refusal }> {
  const { data, error } = await client.functions.invoke<{ paid: boolean; downloads: number }>('purchase-download', { body: { sessionId, productId, verify: true } });
  if (error || !data?.paid) return { error: await refusalOf(error, PRODUCT_TEXTS.notConfirmedTitle) };
  return { downloads: data.downloads };
}

export interface PurchasedFile {
  name: string;
  content: string;
  downloads: number;
  maxDownloads: number | null;
}

/** The file of a paid purchase (counted against the purchase's download limit). */
export async function downloadPurchase(client: SupabaseClient, sessionId: string): Promise<{ file: PurchasedFile } | { error: Refusal }> {
  const { data, error } = await client.functions.invoke<PurchasedFile>('purchase-download', { body: { sessionId } });
  if (error || !data) return { error: await refusalOf(error, PRODUCT_TEXTS.noProductTitle) };
  return { file: data };
}

// ---- Admin: Product Management (spec 001) ----

export interface AdminDocument {
  id: string;
  name: string;
  ownerId: string;
  isDigitalProduct: boolean;
  type: ProductType;
  summary: string | null;
  price: number | null;
  stripePriceId: string | null;
  maxDownloads: number | null;
  /** The owner's own downloads (buyers' are counted per purchase: soldDownloads). */
  downloadCount: number;
  /** Paid purchases of the product. */
  sales: number;
  /** Downloads by all its buyers together. */
  soldDownloads: number;
  createdAt: string;
}

interface DocumentRow {
  id: string;
  name: string;
  user_id: string;
  is_digital_product: boolean;
  product_type: ProductType;
  product_summary: string | null;
  price: number | string | null;
  stripe_price_id: string | null;
  max_downloads: number | null;
  download_count: number;
  sales: number;
  sold_downloads: number;
  created_at: string;
}

const ADMIN_COLUMNS = 'id, name, user_id, is_digital_product, product_type, product_summary, price, stripe_price_id, max_downloads, download_count, created_at, sales:product_sales, sold_downloads:product_sold_downloads';

const toAdminDocument = (r: DocumentRow): AdminDocument => ({
  id: r.id,
  name: r.name,
  ownerId: r.user_id,
  isDigitalProduct: r.is_digital_product,
  type: r.product_type,
  summary: r.product_summary,
  price: r.price === null ? null : Number(r.price),
  stripePriceId: r.stripe_price_id,
  maxDownloads: r.max_downloads,
  downloadCount: r.download_count,
  sales: r.sales ?? 0,
  soldDownloads: r.sold_downloads ?? 0,
  createdAt: r.created_at,
});

/** Every generated document, newest first (admins only; RLS gives others just their own). */
export async function listDocumentsForAdmin(client: SupabaseClient): Promise<{ documents: AdminDocument[] } | { error: Refusal }> {
  const { data, error } = await client.from('generated_documents').select(ADMIN_COLUMNS).order('created_at', { ascending: false }).limit(1000);
  if (error) return { error: { title: PRODUCT_TEXTS.fetchError, message: error.message } };
  return { documents: (data as DocumentRow[]).map(toAdminDocument) };
}

export interface ProductEdit {
  price: number;
  maxDownloads: number | null;
  stripePriceId: string;
  isDigitalProduct: boolean;
  summary: string;
  type: ProductType;
}

/** Saves the product fields; answers the updated row (the list replaces its copy with it). */
export async function updateProduct(client: SupabaseClient, id: string, edit: ProductEdit): Promise<{ document: AdminDocument } | { error: Refusal }> {
  const { data, error } = await client.rpc('admin_update_product', {
    document: id,
    new_price: edit.price,
    new_max_downloads: edit.maxDownloads,
    new_stripe_price_id: edit.stripePriceId,
    for_sale: edit.isDigitalProduct,
    new_summary: edit.summary,
    new_type: edit.type,
  }).select(ADMIN_COLUMNS);
  if (error || !data) return { error: { title: PRODUCT_TEXTS.updateError, message: error?.message ?? 'No row returned.' } };
  return { document: toAdminDocument(data as DocumentRow) };
}
