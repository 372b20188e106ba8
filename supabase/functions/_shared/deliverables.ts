import { documentToDocx } from '../../../shared/export/docx.ts';
import { EXPORT_MIME_TYPES } from '../../../shared/export/model.ts';
import { documentToPdf } from '../../../shared/export/pdf.ts';
import { purchaseFileText, type ProductType } from '../../../shared/core/products.ts';
import { defaultDeliverable, deliverableFileName, linkPageHtml, type DocumentFormat } from '../../../shared/core/storefront.ts';
import { env } from './http.ts';

/**
 * The files buyers receive, in the private `deliverables` bucket (service role only): one folder per
 * product holding exactly one file. Generated documents are rendered to PDF or DOCX, video and link
 * products to a small page with the link, uploads are kept as uploaded.
 */

const BUCKET = 'deliverables';
/** Long enough to start the download, short enough that a shared address soon stops working. */
const SIGNED_URL_SECONDS = 120;

export interface DeliverableSource {
  id: string;
  name: string;
  content: string | null;
  product_type: ProductType;
  product_summary: string | null;
}

export interface StoredDeliverable {
  path: string;
  fileName: string;
}

function storage(path: string, init: RequestInit = {}): Promise<Response> {
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  return fetch(`${env('SUPABASE_URL')}/storage/v1/${path}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${key}`, ...init.headers },
  });
}

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** The product's stored file, or null when it has none yet. */
export async function storedDeliverable(productId: string): Promise<StoredDeliverable | null> {
  const res = await storage(`object/list/${BUCKET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: productId, limit: 10, sortBy: { column: 'updated_at', order: 'desc' } }),
  });
  if (!res.ok) throw new Error(`listing deliverables answered ${res.status}`);
  const [newest] = ((await res.json()) as { name: string; id: string | null }[]).filter((entry) => entry.id !== null);
  return newest ? { path: `${productId}/${newest.name}`, fileName: newest.name } : null;
}

/** Stores the product's file, replacing whatever it delivered before. */
export async function storeDeliverable(
  productId: string,
  fileName: string,
  contentType: string,
  data: BodyInit,
): Promise<StoredDeliverable> {
  const previous = await storedDeliverable(productId);
  const path = `${productId}/${fileName}`;
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
  return { path, fileName };
}

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
  const rendered = await renderDeliverable(
    product,
    product.product_type === 'document' ? (format ?? 'pdf') : defaultDeliverable(product.product_type),
  );
  return storeDeliverable(product.id, rendered.fileName, rendered.contentType, rendered.data);
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
