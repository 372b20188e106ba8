/**
 * Digital products and their purchase (the product page, checkout,
 * purchase success and Product Management): texts, price display, file names, download limits. Pure.
 */

export const PRODUCT_TEXTS = {
  buy: 'Buy Now & Download',
  notFound: 'Product Not Found',
  defaultSummary: 'A digital product ready to download right after payment.',
  configErrorTitle: 'Configuration Error',
  configErrorText: 'This product is not configured for sale. Missing Stripe Price ID.',
  notConfiguredTitle: 'Stripe Not Configured',
  notConfiguredText: 'The application is not yet configured for payments. Please provide a Stripe Publishable Key.',
  paymentErrorTitle: 'Payment Error',
  successTitle: 'Payment Successful!',
  notConfirmedTitle: 'Payment Not Confirmed',
  notConfirmedText:
    'We could not confirm a payment for this product, so there is nothing to download. If you paid, use the link from your receipt or contact support.',
  backToProduct: 'Back to the product',
  downloadNow: 'Download Now',
  retrieveError: 'Error Retrieving Product',
  downloadStarted: 'Download Started',
  noProductTitle: 'Error',
  noProductText: 'Product details not available for download.',
  thankYou: 'Thank you for your purchase! This product has no downloadable content yet; please contact support if you expected a file.',
  documentUpdated: { title: 'Document Updated', description: 'The document has been successfully updated.' },
  updateError: 'Error updating document',
  fetchError: 'Error fetching documents',
} as const;

/** Prices above 1,000,000 are treated as not found. */
export const MAX_PRODUCT_PRICE = 1_000_000;

export const isSellablePrice = (price: number | null | undefined): price is number =>
  typeof price === 'number' && Number.isFinite(price) && price >= 0 && price <= MAX_PRODUCT_PRICE;

/** USD with 2 decimals. */
export const formatPrice = (price: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price);

/** The delivered document's text: the content, or the default thank-you text when it is empty. */
export const purchaseFileText = (content: string | null | undefined): string => (content?.trim() ? content : PRODUCT_TEXTS.thankYou);

/** Product edit: price parsed as a number, falling back to 0. */
export function parsePrice(input: string): number {
  const value = Number.parseFloat(input.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value * 100) / 100, MAX_PRODUCT_PRICE) : 0;
}

/** The max-downloads slider, 1–100, step 1, default 10; null is unlimited (∞). */
export const MAX_DOWNLOADS = { min: 1, max: 100, step: 1, default: 10 } as const;
export const formatMaxDownloads = (max: number | null): string => (max === null ? '∞' : String(max));

export type ProductType = 'document' | 'video' | 'url';
export const PRODUCT_TYPES: readonly ProductType[] = ['document', 'video', 'url'];
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = { document: 'Document', video: 'Video', url: 'Link' };

/**
 * Product Management's download figures (docs/database.md): the owner's own
 * downloads count on the document, each buyer's on their purchase; max_downloads is the limit of
 * each of them.
 */
export function productDownloadsLabel(doc: { downloadCount: number; soldDownloads: number; sales: number; maxDownloads: number | null }): {
  counts: string;
  limit: string;
} {
  return {
    counts: `Owner ${doc.downloadCount} · Buyers ${doc.soldDownloads}`,
    limit: `${doc.sales} ${doc.sales === 1 ? 'sale' : 'sales'} · limit ${formatMaxDownloads(doc.maxDownloads)} each`,
  };
}
