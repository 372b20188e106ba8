import { documentToDocx } from '@/shared/export/docx.ts';
import { EXPORT_MIME_TYPES } from '@/shared/export/model.ts';
import { documentToPdf } from '@/shared/export/pdf.ts';
import { PRODUCT_TYPES, purchaseFileText, type ProductType } from '@/shared/core/products.ts';
import {
  defaultDeliverable,
  deliverableFileName,
  isDocumentFormat,
  linkPageHtml,
  uploadedFileName,
  type DocumentFormat,
} from '@/shared/core/storefront.ts';
import type { Tables } from '@/shared/data/database.types.ts';
import { env } from './http.ts';

/**
 * The files buyers receive, in the private `deliverables` bucket (service role only): one folder per
 * product holding exactly one file. Generated documents are rendered to PDF or DOCX, video and link
 * products to a small page with the link (kept as `rendered.<format>`, and rendered again once the
 * document has changed since); uploads are kept as uploaded (`file-<name>`).
 */

const BUCKET = 'deliverables';
const RENDERED = 'rendered.';
const UPLOADED = 'file-';
/** Long enough to start the download, short enough that a shared address soon stops working. */
const SIGNED_URL_SECONDS = 120;

type DocumentRow = Tables<'generated_documents'>;

/** What a file is made from: the document's row, its type known; `updated_at` when the document last changed (a rendered file older than this is rendered again). */
export type DeliverableSource = Pick<DocumentRow, 'id' | 'name' | 'content' | 'product_summary'> &
  Partial<Pick<DocumentRow, 'updated_at'>> & { product_type: ProductType };

/** The row as a deliverable's source; throws on a product type the database should not hold (its check constraint lists them). */
export function deliverableSource<Row extends Omit<DeliverableSource, 'product_type'> & Pick<DocumentRow, 'product_type'>>(
  row: Row,
): Row & { product_type: ProductType } {
  const type = PRODUCT_TYPES.find((known) => known === row.product_type);
  if (!type) throw new Error(`unknown product type ${row.product_type}`);
  return { ...row, product_type: type };
}

type RenderedFormat = DocumentFormat | 'html';

export interface StoredDeliverable {
  path: string;
  /** The name the buyer's browser saves it under. */
  fileName: string;
  /** The format it was rendered in, or null for an uploaded file. */
  rendered: RenderedFormat | null;
  updatedAt: string | null;
}

function storage(path: string, init: RequestInit = {}): Promise<Response> {
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  return fetch(`${env('SUPABASE_URL')}/storage/v1/${path}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${key}`, ...init.headers },
  });
}

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

const renderedFormat = (key: string): RenderedFormat | null => {
  const format = key.startsWith(RENDERED) ? key.slice(RENDERED.length) : null;
  return format === 'html' || isDocumentFormat(format) ? format : null;
};

/** The product's stored file, or null when it has none yet. */
export async function storedDeliverable(product: { id: string; name: string }): Promise<StoredDeliverable | null> {
  const res = await storage(`object/list/${BUCKET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: product.id, limit: 10, sortBy: { column: 'updated_at', order: 'desc' } }),
  });
  if (!res.ok) throw new Error(`listing deliverables answered ${res.status}`);
  const entries = (await res.json()) as { name: string; id: string | null; updated_at: string | null }[];
  const newest = entries.find((entry) => entry.id !== null && (renderedFormat(entry.name) || entry.name.startsWith(UPLOADED)));
  if (!newest) return null;
  const rendered = renderedFormat(newest.name);
  return {
    path: `${product.id}/${newest.name}`,
    fileName: rendered ? deliverableFileName(product.name, rendered) : newest.name.slice(UPLOADED.length),
    rendered,
    updatedAt: newest.updated_at,
  };
}

/** Stores the product's file under `key`, then removes whatever it delivered before. */
async function storeAs(
  product: { id: string; name: string },
  key: string,
  contentType: string,
  data: BodyInit,
): Promise<StoredDeliverable> {
  const previous = await storedDeliverable(product);
  const path = `${product.id}/${key}`;
  const res = await storage(`object/${BUCKET}/${encodePath(path)}`, {
    method: 'POST',
    headers: { 'content-type': contentType || 'application/octet-stream', 'x-upsert': 'true' },
    body: data,
  });
  if (!res.ok) throw new Error(`storing the deliverable answered ${res.status}`);
  if (previous && previous.path !== path) {
    await storage(`object/${BUCKET}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: [previous.path] }),
    });
  }
  return (await storedDeliverable(product)) ?? { path, fileName: key, rendered: renderedFormat(key), updatedAt: null };
}

/** Stores an uploaded file, delivered as it is under its own name. */
export const storeUpload = (product: { id: string; name: string }, name: string, contentType: string, data: BodyInit) =>
  storeAs(product, `${UPLOADED}${uploadedFileName(name)}`, contentType, data);

/** Renders the product to its file: a document to PDF or DOCX, a video or link to a page with the link. */
export async function renderDeliverable(
  product: DeliverableSource,
  format: DocumentFormat | 'html',
): Promise<{ fileName: string; contentType: string; data: ArrayBuffer | string }> {
  const fileName = deliverableFileName(product.name, format);
  if (format === 'html') {
    const html = linkPageHtml({
      name: product.name,
      summary: product.product_summary,
      content: product.content,
      type: product.product_type,
    });
    return { fileName, contentType: 'text/html; charset=utf-8', data: html };
  }
  const doc = { title: product.name, sections: [{ markdown: purchaseFileText(product.content) }] };
  const data = format === 'pdf' ? documentToPdf(doc) : await documentToDocx(doc);
  return { fileName, contentType: EXPORT_MIME_TYPES[format], data };
}

/** Renders and stores the product's file in the format given (or its type's default). */
export async function publishDeliverable(product: DeliverableSource, format?: DocumentFormat): Promise<StoredDeliverable> {
  const chosen = product.product_type === 'document' ? (format ?? 'pdf') : defaultDeliverable(product.product_type);
  const rendered = await renderDeliverable(product, chosen);
  return storeAs(product, `${RENDERED}${chosen}`, rendered.contentType, rendered.data);
}

/**
 * The file to hand out: the stored one, rendered again when the document changed since it was
 * rendered (or its type no longer fits the format); the type's default when there is none yet.
 */
export async function currentDeliverable(product: DeliverableSource): Promise<StoredDeliverable> {
  const stored = await storedDeliverable(product);
  if (!stored) return publishDeliverable(product);
  if (!stored.rendered) return stored;
  const fits = (stored.rendered === 'html') === (product.product_type !== 'document');
  const stale = !stored.updatedAt || (product.updated_at !== undefined && Date.parse(product.updated_at) > Date.parse(stored.updatedAt));
  return fits && !stale ? stored : publishDeliverable(product, isDocumentFormat(stored.rendered) ? stored.rendered : undefined);
}

/** A short-lived address that downloads the file under its name. */
export async function signedDownloadUrl(file: StoredDeliverable): Promise<string> {
  const res = await storage(`object/sign/${BUCKET}/${encodePath(file.path)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expiresIn: SIGNED_URL_SECONDS }),
  });
  if (!res.ok) throw new Error(`signing the deliverable answered ${res.status}`);
  const { signedURL } = (await res.json()) as { signedURL: string };
  return `${env('SUPABASE_URL')}/storage/v1${signedURL}&download=${encodeURIComponent(file.fileName)}`;
}
