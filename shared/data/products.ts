import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import { isSellablePrice, PRODUCT_TEXTS, type ProductType } from '../core/products.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { MAX_ROWS } from './paging.ts';
import { failTitled, kindOfCode, ok, type DataResult, type TitledError } from './result.ts';

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

/** A refusal with the notice's title and text. */
export type Refusal = TitledError;

type ProductResult<T> = DataResult<T, Refusal>;

type SaleView = Tables<'products_for_sale'>;
/**
 * A products_for_sale row as the view gives it: the generator types every view column nullable,
 * but these come from NOT NULL columns of generated_documents (product_type held to ProductType
 * by its check constraint).
 */
export type SaleRow = { [K in 'id' | 'name' | 'price' | 'has_price_id']: NonNullable<SaleView[K]> } & Pick<
  SaleView,
  'product_summary' | 'max_downloads'
> & {
    product_type: ProductType;
  };

/** The product on sale with that id, or null when there is none (or it is not sellable). */
export async function getProductForSale(client: AppClient, id: string): Promise<ProductResult<ProductForSale | null>> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return ok(null);
  const { data, error } = await client.from('products_for_sale').select('*').eq('id', id).maybeSingle();
  if (error) return failTitled(error, kindOfCode(error.code), PRODUCT_TEXTS.retrieveError);
  return ok(data ? toProductForSale(data as SaleRow) : null);
}

/** A products_for_sale row as the product page shows it, or null when its price is not sellable. */
export function toProductForSale(row: SaleRow): ProductForSale | null {
  const price = Number(row.price);
  if (!isSellablePrice(price)) return null;
  return {
    id: row.id,
    name: row.name,
    type: row.product_type,
    summary: row.product_summary,
    price,
    hasPriceId: row.has_price_id,
    maxDownloads: row.max_downloads,
  };
}

/** What a payment function answered when it refused: its title and message (or a network failure). */
export async function refusalOf(error: unknown, fallbackTitle: string) {
  const body = await functionRefusal(error);
  const message = body?.error ?? (error as Error | null)?.message ?? 'Something went wrong. Please try again.';
  return failTitled(
    { message, code: body?.code ?? undefined },
    error ? functionErrorKind(error, body) : 'refused',
    body?.title ?? fallbackTitle,
  );
}

/** Starts Stripe Checkout for one unit; answers the address to send the browser to. */
export async function startCheckout(client: AppClient, productId: string): Promise<ProductResult<string>> {
  const { data, error } = await client.functions.invoke<{ url: string }>('create-checkout-session', { body: { productId } });
  if (error || !data?.url) return refusalOf(error, PRODUCT_TEXTS.paymentErrorTitle);
  return ok(data.url);
}

/**
 * Whether this Checkout session is a paid purchase of this product (asked before the success page
 * says so). Answers the downloads already used, or the refusal to show.
 */
export async function verifyPurchase(client: AppClient, productId: string, sessionId: string): Promise<ProductResult<number>> {
  const { data, error } = await client.functions.invoke<{ paid: boolean; downloads: number }>('purchase-download', {
    body: { sessionId, productId, verify: true },
  });
  if (error || !data?.paid) return refusalOf(error, PRODUCT_TEXTS.notConfirmedTitle);
  return ok(data.downloads);
}

export interface PurchasedFile {
  name: string;
  /** A short-lived signed address of the file (it downloads under the file's name). */
  url: string;
  downloads: number;
  maxDownloads: number | null;
}

/** The file of a paid purchase, as a signed URL (counted against the purchase's download limit). */
export async function downloadPurchase(client: AppClient, sessionId: string): Promise<ProductResult<PurchasedFile>> {
  const { data, error } = await client.functions.invoke<PurchasedFile>('purchase-download', { body: { sessionId } });
  if (error || !data) return refusalOf(error, PRODUCT_TEXTS.noProductTitle);
  return ok(data);
}

// ---- Admin: Product Management ----

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

type DocumentRow = Pick<
  Tables<'generated_documents'>,
  | 'id'
  | 'name'
  | 'user_id'
  | 'is_digital_product'
  | 'product_type'
  | 'product_summary'
  | 'price'
  | 'stripe_price_id'
  | 'max_downloads'
  | 'download_count'
  | 'created_at'
> & { sales: number | null; sold_downloads: number | null };

// sales and sold_downloads are computed columns (product_sales(), product_sold_downloads()) that the
// generated types do not list, so the select parser cannot type them: the queries name DocumentRow.
const ADMIN_COLUMNS =
  'id, name, user_id, is_digital_product, product_type, product_summary, price, stripe_price_id, max_downloads, download_count, created_at, sales:product_sales, sold_downloads:product_sold_downloads';

const toAdminDocument = (r: DocumentRow): AdminDocument => ({
  id: r.id,
  name: r.name,
  ownerId: r.user_id,
  isDigitalProduct: r.is_digital_product,
  // product_type is text to the generated types; its check constraint holds it to ProductType.
  type: r.product_type as ProductType,
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
export async function listDocumentsForAdmin(client: AppClient): Promise<ProductResult<AdminDocument[]>> {
  const { data, error } = await client
    .from('generated_documents')
    .select(ADMIN_COLUMNS)
    .order('created_at', { ascending: false })
    .limit(MAX_ROWS)
    .overrideTypes<DocumentRow[], { merge: false }>();
  if (error) return failTitled(error, kindOfCode(error.code), PRODUCT_TEXTS.fetchError);
  return ok(data.map(toAdminDocument));
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
export async function updateProduct(client: AppClient, id: string, edit: ProductEdit): Promise<ProductResult<AdminDocument>> {
  const { data, error } = await client
    .rpc('admin_update_product', {
      document: id,
      new_price: edit.price,
      // null means unlimited; the generated Args cannot say that a function parameter takes null.
      new_max_downloads: edit.maxDownloads as number,
      new_stripe_price_id: edit.stripePriceId,
      for_sale: edit.isDigitalProduct,
      new_summary: edit.summary,
      new_type: edit.type,
    })
    .select(ADMIN_COLUMNS)
    .overrideTypes<DocumentRow, { merge: false }>();
  if (error) return failTitled(error, kindOfCode(error.code), PRODUCT_TEXTS.updateError);
  if (!data) return failTitled({ message: 'No row returned.' }, 'server', PRODUCT_TEXTS.updateError);
  return ok(toAdminDocument(data));
}
