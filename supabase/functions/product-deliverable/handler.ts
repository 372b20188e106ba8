import { z } from 'zod';
import { isDocumentFormat, MAX_DELIVERABLE_BYTES, STOREFRONT_TEXTS } from '@/shared/core/storefront.ts';
import { readBody } from '../_shared/body.ts';
import { publishDeliverable, storedDeliverable, storeUpload } from '../_shared/deliverables.ts';
import { fail, json, preflight } from '../_shared/http.ts';
import { adminProduct, refuseNonAdmin } from '../_shared/productAdmin.ts';

/**
 * POST /functions/v1/product-deliverable (admins only): the file buyers of a product receive.
 * - JSON { productId }: answers the current file's name ({ fileName: null } when there is none yet).
 * - JSON { productId, format: 'pdf' | 'docx' }: renders the generated document in that format.
 * - multipart form (productId, file): stores the uploaded file as it is.
 * An unknown product answers 404 before a format is judged, so neither field refuses the body itself.
 */
const DeliverableBody = z
  .object({
    productId: z.string().catch(''),
    /** Absent: the current file's name. Anything but a document format is refused with badFormat below. */
    format: z.string().optional().catch(''),
  })
  .catch({ productId: '', format: undefined });

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const refused = await refuseNonAdmin(req);
  if (refused) return refused;
  const failed = (error: string, status: number) => json({ title: STOREFRONT_TEXTS.deliverableFailed, error }, status);

  if ((req.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await req.formData().catch(() => null);
    const file = form?.get('file');
    const product = await adminProduct(form?.get('productId'));
    if (!product) return json({ title: 'Product Not Found', error: 'Product Not Found' }, 404);
    if (!file || typeof file === 'string' || file.size === 0) return failed(STOREFRONT_TEXTS.noFile, 400);
    if (file.size > MAX_DELIVERABLE_BYTES) return failed(STOREFRONT_TEXTS.fileTooLarge, 413);
    try {
      const stored = await storeUpload(product, file.name, file.type, await file.arrayBuffer());
      return json({ fileName: stored.fileName });
    } catch {
      return failed(STOREFRONT_TEXTS.storageFailed, 503);
    }
  }

  const read = await readBody(req, DeliverableBody);
  if (!read.ok) return read.response;
  const body = read.body;
  const product = await adminProduct(body.productId);
  if (!product) return json({ title: 'Product Not Found', error: 'Product Not Found' }, 404);
  try {
    if (body.format === undefined) return json({ fileName: (await storedDeliverable(product))?.fileName ?? null });
    if (!isDocumentFormat(body.format) || product.product_type !== 'document') return failed(STOREFRONT_TEXTS.badFormat, 400);
    return json({ fileName: (await publishDeliverable(product, body.format)).fileName });
  } catch {
    return failed(STOREFRONT_TEXTS.storageFailed, 503);
  }
}
