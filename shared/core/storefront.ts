import type { MailKind } from './mail.ts';
import type { ProductType } from './products.ts';
import { escapeHtml } from './text.ts';

/**
 * The storefront: the public products page, the files buyers receive (deliverables) and the
 * receipt mail. Pure: the Edge Functions and the dashboard share these decisions and texts.
 */

export const STOREFRONT_TEXTS = {
  pageTitle: 'Digital products',
  metaTitle: 'Digital products — AI Vault',
  metaDescription: 'Templates, checklists and guides made with AI Vault: pay once on Stripe and download right away.',
  intro: 'Templates, checklists and guides ready to download right after payment.',
  emptyTitle: 'Nothing for sale yet',
  emptyText: 'No digital products are on sale right now. Come back soon.',
  loadError: 'The products could not be loaded.',
  retry: 'Try again',
  view: 'View product',
  landingLink: 'Browse digital products',
  // Product Management
  deliverableLabel: 'Buyers receive',
  priceSourceLabel: 'Stripe price',
  priceCreate: 'Create it in Stripe from the price above',
  pricePaste: 'Use an existing Stripe price id',
  uploadLabel: 'Upload the file buyers receive',
  uploadHint: 'Delivered exactly as uploaded (up to 50 MB).',
  currentFile: 'Current file',
  noFileYet: 'No file yet: it is prepared at the first download.',
  priceCreated: 'Stripe price created',
  deliverableSaved: 'Deliverable saved',
  priceFailed: 'Could not create the Stripe price',
  deliverableFailed: 'Could not save the deliverable',
  // Edge Function refusals
  adminsOnly: 'Only admins can manage products.',
  notForSale: 'Put the product on sale with a price first.',
  badFormat: 'Choose PDF or DOCX.',
  noFile: 'Choose a file to upload.',
  fileTooLarge: 'The file is larger than 50 MB.',
  storageFailed: 'The file could not be stored. Please try again.',
} as const;

/** How a generated document is delivered: rendered to one of these (the seller picks). */
export const DOCUMENT_FORMATS = ['pdf', 'docx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const DOCUMENT_FORMAT_LABELS: Record<DocumentFormat, string> = { pdf: 'PDF', docx: 'Word (DOCX)' };
export const isDocumentFormat = (value: unknown): value is DocumentFormat => value === 'pdf' || value === 'docx';

/** What a product without a stored file is delivered as: documents as PDF, videos and links as a page with the link. */
export const defaultDeliverable = (type: ProductType): 'pdf' | 'html' => (type === 'document' ? 'pdf' : 'html');

export const MAX_DELIVERABLE_BYTES = 50 * 1024 * 1024;

/** Drops control characters (tabs, newlines…), which have no place in a file name. */
const withoutControls = (text: string): string => [...text].filter((c) => c.charCodeAt(0) >= 32 && c !== '\u007f').join('');

/** "Launch Checklist" + "pdf" → "Launch_Checklist.pdf" (spaces → underscores; path separators and control characters dropped). */
export function deliverableFileName(productName: string, extension: string): string {
  const base = withoutControls(productName.trim().replace(/[\\/]/g, '')).replaceAll(' ', '_') || 'product';
  return `${base}.${extension}`;
}

/** An uploaded file's name made safe as a storage key's last part (no folders, no control characters). */
export function uploadedFileName(name: string): string {
  const last = withoutControls(name.split(/[\\/]/).pop() ?? '').trim();
  return last && last !== '.' && last !== '..' ? last.slice(-200) : 'file';
}

/** The link a video or link product delivers: the first http(s) address in its content, if any. */
export function productLink(content: string | null | undefined): string | null {
  const match = /https?:\/\/[^\s<>"')\]]+/i.exec(content ?? '');
  return match ? match[0].replace(/[.,;:!?]+$/, '') : null;
}

/** The small page a video or link product delivers: its name, summary and the link (or the content when it has none). */
export function linkPageHtml(product: { name: string; summary: string | null; content: string | null; type: ProductType }): string {
  const link = productLink(product.content);
  const label = product.type === 'video' ? 'Watch the video' : 'Open the link';
  const body = link
    ? `<p><a href="${escapeHtml(link)}" rel="noopener noreferrer">${label}</a></p><p><small>${escapeHtml(link)}</small></p>`
    : `<pre>${escapeHtml(product.content?.trim() || 'This product has no link yet; please contact support.')}</pre>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(product.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6;color:#111827}
a{display:inline-block;background:#4F46E5;color:#fff;padding:.6rem 1.1rem;border-radius:.5rem;text-decoration:none}
pre{white-space:pre-wrap}</style></head>
<body><h1>${escapeHtml(product.name)}</h1>${product.summary ? `<p>${escapeHtml(product.summary)}</p>` : ''}${body}</body></html>
`;
}

/** The receipt mailed when a payment is recorded: what was bought, what was paid, where to download it. */
export function receiptMail(purchase: { productName: string; amountTotal: number | null; currency: string | null; downloadUrl: string }): {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
} {
  const paid =
    purchase.amountTotal === null
      ? null
      : new Intl.NumberFormat('en-US', { style: 'currency', currency: (purchase.currency ?? 'usd').toUpperCase() }).format(
          purchase.amountTotal / 100,
        );
  const subject = `Your receipt: ${purchase.productName}`;
  const lines = [
    `Thank you for buying ${purchase.productName}.`,
    ...(paid ? [`Amount paid: ${paid}`] : []),
    `Download it here: ${purchase.downloadUrl}`,
    'Keep this e-mail: the link works for your purchase, up to its download limit.',
  ];
  const html = `<p>Thank you for buying <strong>${escapeHtml(purchase.productName)}</strong>.</p>${
    paid ? `<p>Amount paid: ${escapeHtml(paid)}</p>` : ''
  }<p><a href="${escapeHtml(purchase.downloadUrl)}">Download ${escapeHtml(purchase.productName)}</a></p><p>${escapeHtml(lines[lines.length - 1]!)}</p>`;
  return { kind: 'receipt', subject, text: lines.join('\n\n'), html };
}
